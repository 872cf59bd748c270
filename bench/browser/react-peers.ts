/**
 * The message renderers React hosts use instead of `<t3-user-message>`, on React 19 in its
 * production build (the bench bundle resolves `react` and `react-dom` to the benchmark workspace's
 * React 19): `react-markdown` with `remark-gfm` (assistant-ui's stack) and `streamdown` in static
 * mode (Vercel's AI Elements; a sent message is complete), set up as their documentation says.
 * Each draws a `t3-context` link as a chip of the same look as ours, through its link and image
 * components, and keeps the link's URL through `urlTransform` (both drop unknown protocols by
 * default). One React root renders the whole list, as a React host renders its thread.
 */
import { createElement, type ReactElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import Markdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { defaultRehypePlugins, Streamdown } from 'streamdown';
import { CHIP_HOST_CLASS, chipKind } from './chip-look.js';
import { kindIcon } from '../../src/elements/shared/icons.js';

export type ReactPeerName = 'react-markdown' | 'streamdown';

/** An element's tree as React elements, attributes in React's spelling (one built per kind). */
function reactTree(element: Element, key?: number): ReactElement {
  const props: Record<string, unknown> = { key };
  for (const { name, value } of element.attributes) {
    const reactName =
      name === 'class'
        ? 'className'
        : name.startsWith('aria-') || name.startsWith('data-')
          ? name
          : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    props[reactName] = value;
  }
  return createElement(
    element.localName,
    props,
    ...[...element.children].map((child, index) => reactTree(child, index)),
  );
}

const icons = new Map<string, ReactElement>();
function icon(kind: string): ReactElement {
  let tree = icons.get(kind);
  if (!tree) icons.set(kind, (tree = reactTree(kindIcon(kind, {}))));
  return tree;
}

function textOf(children: ReactNode): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (Array.isArray(children)) return children.map(textOf).join('');
  return '';
}

/** The chip's host box, inline-flex face, kind icon and label, as `chipMarkup` writes them. */
function Chip({ kind, label }: { kind: string; label: string }): ReactElement {
  return createElement(
    'span',
    { className: CHIP_HOST_CLASS, kind },
    createElement(
      'span',
      {
        part: 'base',
        className: 'chip',
        role: 'button',
        tabIndex: 0,
        'aria-label': label,
        title: label,
        spellCheck: false,
      },
      createElement('span', { part: 'icon', className: 'icon' }, icon(kind)),
      createElement('span', { part: 'label', className: 'label' }, label),
    ),
  );
}

type LinkProps = { href?: string; children?: ReactNode; node?: unknown };
type ImageProps = { src?: string | Blob; alt?: string; node?: unknown };

const components = {
  a: ({ href, children, node: _node, ...rest }: LinkProps): ReactElement => {
    const kind = chipKind(href ?? '');
    return kind
      ? createElement(Chip, { kind, label: textOf(children) })
      : createElement('a', { ...rest, href }, children);
  },
  img: ({ src, alt, node: _node, ...rest }: ImageProps): ReactElement => {
    const kind = typeof src === 'string' ? chipKind(src) : undefined;
    return kind ? createElement(Chip, { kind, label: alt ?? '' }) : createElement('img', { ...rest, src, alt });
  },
};

const urlTransform = (url: string) => (chipKind(url) ? url : defaultUrlTransform(url));

type SanitizeSchema = { protocols?: Record<string, string[]> };
type Pluggable = (typeof defaultRehypePlugins)[string];

/**
 * Streamdown's own rehype plugins (raw HTML, sanitize, harden), with `t3-context` added to the
 * protocols its sanitize schema keeps for links and images, as its security page has hosts do for
 * a custom scheme (the default schema drops the URL, and the link shows as blocked).
 */
function streamdownRehypePlugins(): Pluggable[] {
  const [sanitize, schema] = defaultRehypePlugins.sanitize as [unknown, SanitizeSchema];
  const protocols = schema.protocols ?? {};
  const withChips: SanitizeSchema = {
    ...schema,
    protocols: {
      ...protocols,
      href: [...(protocols.href ?? []), 't3-context'],
      src: [...(protocols.src ?? []), 't3-context'],
    },
  };
  return [defaultRehypePlugins.raw!, [sanitize, withChips] as Pluggable, defaultRehypePlugins.harden!];
}

const streamdownPlugins = streamdownRehypePlugins();

function messageElement(peer: ReactPeerName, text: string, key: number): ReactElement {
  const body =
    peer === 'react-markdown'
      ? createElement(Markdown, { remarkPlugins: [remarkGfm], components, urlTransform }, text)
      : createElement(Streamdown, { mode: 'static', components, urlTransform, rehypePlugins: streamdownPlugins }, text);
  return createElement('div', { key, className: 'message' }, body);
}

/** A list of messages rendered by one React root into `container`. */
export class ReactMessageList {
  private readonly root: Root;

  constructor(container: Element) {
    this.root = createRoot(container);
  }

  /** Renders every message synchronously (React's `flushSync`), so the DOM is complete on return. */
  render(peer: ReactPeerName, texts: readonly string[]): void {
    flushSync(() => this.root.render(texts.map((text, index) => messageElement(peer, text, index))));
  }

  unmount(): void {
    this.root.unmount();
  }
}
