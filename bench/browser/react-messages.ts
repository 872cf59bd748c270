/**
 * The React message renderers of the message figures, without a DOM: `react-markdown` with
 * `remark-gfm` (assistant-ui's stack) and `streamdown` in static mode (Vercel's AI Elements; a sent
 * message is complete), set up as their documentation says. Each draws a `t3-context` link as a
 * chip of the same look as ours through its link and image components, and keeps the link's URL
 * through `urlTransform` (both drop unknown protocols by default). The page mounts these elements
 * (`react-peers.ts`); the server rendering figure renders them to a string (`bench/ssr/`).
 */
import { createElement, type ReactElement, type ReactNode } from 'react';
import Markdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { defaultRehypePlugins, Streamdown } from 'streamdown';
import { CHIP_HOST_CLASS, chipKind } from './chip-look.js';

export type ReactPeerName = 'react-markdown' | 'streamdown';

/** What an icon is built from: an element, or the same read from markup where there is no DOM. */
export interface IconNode {
  readonly localName: string;
  readonly attributes: Iterable<{ readonly name: string; readonly value: string }>;
  readonly children: Iterable<IconNode>;
}

/** An element's tree as React elements, attributes in React's spelling. */
export function reactTree(element: IconNode, key?: number): ReactElement {
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

function textOf(children: ReactNode): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (Array.isArray(children)) return children.map(textOf).join('');
  return '';
}

type LinkProps = { href?: string; children?: ReactNode; node?: unknown };
type ImageProps = { src?: string | Blob; alt?: string; node?: unknown };
type SanitizeSchema = { protocols?: Record<string, string[]> };
type Pluggable = (typeof defaultRehypePlugins)[string];

const urlTransform = (url: string) => (chipKind(url) ? url : defaultUrlTransform(url));

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

/**
 * The message element of each peer, its chips drawing `icon(kind)` (built once per kind): the
 * chip's host box, inline-flex face, kind icon and label, as `chipMarkup` writes them.
 */
export function reactMessageElements(
  iconOf: (kind: string) => IconNode,
): (peer: ReactPeerName, text: string, key: number) => ReactElement {
  const icons = new Map<string, ReactElement>();
  const icon = (kind: string) => {
    let tree = icons.get(kind);
    if (!tree) icons.set(kind, (tree = reactTree(iconOf(kind))));
    return tree;
  };
  const Chip = ({ kind, label }: { kind: string; label: string }): ReactElement =>
    createElement(
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
  const streamdownPlugins = streamdownRehypePlugins();
  return (peer, text, key) => {
    const body =
      peer === 'react-markdown'
        ? createElement(Markdown, { remarkPlugins: [remarkGfm], components, urlTransform }, text)
        : createElement(
            Streamdown,
            { mode: 'static', components, urlTransform, rehypePlugins: streamdownPlugins },
            text,
          );
    return createElement('div', { key, className: 'message' }, body);
  };
}
