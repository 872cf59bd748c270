/**
 * The server rendering figure's baseline, bundled for Node with React 19 (`bench/ssr.bench.ts`):
 * React's `renderToString` of the thread, one message element per text, as `react-markdown` with
 * `remark-gfm` draws it in the message mount figure, chips as link components of the same look.
 */
import { createElement, Fragment } from 'react';
import { renderToString } from 'react-dom/server';
import { type IconNode, reactMessageElements } from '../browser/react-messages.js';

/**
 * The tree of an icon's markup (elements and attributes, as the chip's built-in icons are: an
 * `<svg>` holding a `<path>`), for a server where there is no DOM to parse it.
 */
export function markupTree(markup: string): IconNode {
  const root: { children: IconNode[] } = { children: [] };
  const open: { children: IconNode[] }[] = [root];
  for (const [, closing, name, attributes, selfClosing] of markup.matchAll(/<(\/?)([a-z][\w-]*)([^>]*?)(\/?)>/gi)) {
    if (closing) {
      open.pop();
      continue;
    }
    const node = {
      localName: name!,
      attributes: [...attributes!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => ({
        name: key!,
        value: value!,
      })),
      children: [] as IconNode[],
    };
    open.at(-1)!.children.push(node);
    if (!selfClosing) open.push(node);
  }
  if (root.children.length !== 1) throw new Error(`icon markup is not one element: ${markup}`);
  return root.children[0]!;
}

/** Renders `texts` as one React tree to a string, chips drawing the icon markup of their kind. */
export function reactThreadRenderer(iconMarkup: (kind: string) => string): (texts: readonly string[]) => string {
  const messageElement = reactMessageElements((kind) => markupTree(iconMarkup(kind)));
  return (texts) =>
    renderToString(
      createElement(
        Fragment,
        null,
        texts.map((text, index) => messageElement('react-markdown', text, index)),
      ),
    );
}
