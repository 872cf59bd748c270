import type { ContextReferenceOccurrence } from '../../core/index.js';
import { safeLinkUrl } from '../shared/urls.js';
import { decodeEntities } from './entities.js';
import type { BodyAttributes, BodyParent, BodyTag, BodyTarget, CreateChip } from './body-target.js';
import type { ImageToken, LinkToken, TableCell, Token, TokenOfType } from './markdown-token-types.js';

/**
 * Markdown tokens (`markdown/lexer.ts`) built into a body target (`body-target.ts`: DOM nodes in
 * the browser, Lit templates on a server; elements and text, never an HTML string), so raw HTML in
 * a message can only ever show as text. Placeholders become chips wherever text is rendered; a
 * placeholder in an attribute-like place shows its token as written. Each top-level block (a
 * paragraph, a list, a quote, a heading) and each table cell reads in the direction of its own
 * first strong character (`dir="auto"`); code blocks stay left to right (their style).
 */

/** Token depth beyond which a token shows as its raw source text. */
const MAX_RENDER_DEPTH = 64;

/**
 * A host's drawing of a token (any token: its extensions' own, or one it draws differently): a
 * `Node` (in the browser) or a Lit `TemplateResult`, or undefined to leave the token to the message.
 * `defaultRender(tokens)` draws tokens as the message would, chips included (the token itself when
 * called without them), for the host to place inside its own elements. A token with no drawing at
 * all shows its source text.
 */
export type RenderHostToken = (
  token: { readonly type: string; readonly raw: string } & Record<string, unknown>,
  defaultRender: (tokens?: readonly unknown[]) => unknown,
) => unknown;

export class TokenRenderer {
  private depth = 0;
  private linkDepth = 0;
  private readonly placeholder: RegExp;

  constructor(
    readonly target: BodyTarget,
    private readonly root: BodyParent,
    private readonly sentinel: string,
    private readonly occurrences: readonly ContextReferenceOccurrence[],
    private readonly createChip: CreateChip,
    private readonly renderHostToken?: RenderHostToken,
  ) {
    this.placeholder = new RegExp(`${sentinel}(\\d+)${sentinel}`, 'g');
  }

  /** Appends the tokens' content to `parent`. */
  children(tokens: readonly Token[], parent: BodyParent): void {
    for (const token of tokens) this.token(token, parent);
  }

  /** A new element in `parent`; a block at the top level, and a table cell, take the direction of their own text. */
  element(parent: BodyParent, tag: BodyTag, attributes: BodyAttributes = {}): BodyParent {
    const ownDirection = (parent === this.root && tag !== 'pre') || tag === 'th' || tag === 'td';
    return this.target.element(parent, tag, ownDirection ? { ...attributes, dir: 'auto' } : attributes);
  }

  token(token: Token, parent: BodyParent, byHost = true): void {
    if (this.depth >= MAX_RENDER_DEPTH) return this.rawSource(token, parent);
    const render = (RENDERERS as Partial<Record<string, RenderToken>>)[token.type];
    this.depth++;
    try {
      if (byHost && this.drawnByHost(token, parent)) return;
      if (render) render(token, this, parent);
      else this.text(token.raw, parent);
    } finally {
      this.depth--;
    }
  }

  /** Whether the host drew the token (a failing drawing leaves it to the message, and says why). */
  private drawnByHost(token: Token, parent: BodyParent): boolean {
    if (!this.renderHostToken) return false;
    const defaultRender = (tokens?: readonly unknown[]) => {
      const fragment = this.target.fragment();
      if (tokens) this.children(tokens as Token[], fragment);
      else this.token(token, fragment, false);
      return this.target.finish(fragment);
    };
    try {
      const drawn = this.renderHostToken(token as unknown as Parameters<RenderHostToken>[0], defaultRender);
      return drawn != null && this.target.appendHostContent(parent, drawn);
    } catch (error) {
      console.error('[t3-composer] renderMarkdownToken failed; the token is drawn as the message would', error);
      return false;
    }
  }

  /** Text with chips at its placeholders; `decode` resolves character references in the rest. */
  text(value: string, parent: BodyParent, decode = false): void {
    if (!this.hasPlaceholder(value)) return this.target.text(parent, decode ? decodeEntities(value) : value);
    let cursor = 0;
    for (const match of value.matchAll(this.placeholder)) {
      const index = Number(match[1]);
      const occurrence = this.occurrences[index];
      if (occurrence === undefined) continue;
      const before = value.slice(cursor, match.index);
      this.target.text(parent, decode ? decodeEntities(before) : before);
      this.target.append(parent, this.createChip(occurrence, index));
      cursor = match.index + match[0].length;
    }
    const rest = value.slice(cursor);
    this.target.text(parent, decode ? decodeEntities(rest) : rest);
  }

  hasPlaceholder(value: string | null | undefined): boolean {
    return typeof value === 'string' && value.includes(this.sentinel);
  }

  /** A token as written, chips included: for placeholders in attribute-like places and for depth. */
  rawSource(token: Token, parent: BodyParent): void {
    const block = BLOCK_TOKEN_TYPES.has(token.type) || (token.type === 'html' && token.block === true);
    if (!block) return this.text(token.raw, parent);
    this.text(trimNewlines(token.raw), this.element(parent, 'p', { class: 'raw-text' }));
  }

  insideLink(): boolean {
    return this.linkDepth > 0;
  }

  link(parent: BodyParent, content: (link: BodyParent) => void, url: string, title?: string, className?: string): void {
    const link = this.target.element(parent, 'a', {
      ...(className ? { class: className } : {}),
      href: url,
      ...(title !== undefined ? { title } : {}),
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    this.linkDepth++;
    try {
      content(link);
    } finally {
      this.linkDepth--;
    }
  }

  /** The text a screen reader would get from inline tokens (an image's alt text). */
  plainText(tokens: readonly Token[], depth = this.depth): string {
    return tokens.map((token) => plainTextOf(token, depth + 1)).join('');
  }
}

const trimNewlines = (value: string) => value.replace(/\n+$/, '');

const BLOCK_TOKEN_TYPES: ReadonlySet<string> = new Set([
  'blockquote',
  'code',
  'def',
  'heading',
  'hr',
  'list',
  'list_item',
  'paragraph',
  'space',
  'table',
]);

function plainTextOf(token: Token, depth: number): string {
  if (depth >= MAX_RENDER_DEPTH) return token.raw;
  const known = token;
  const children = (tokens: readonly Token[]) => tokens.map((child) => plainTextOf(child, depth + 1)).join('');
  switch (known.type) {
    case 'text':
      return known.tokens ? children(known.tokens) : decodeEntities(known.text);
    case 'escape':
    case 'codespan':
    case 'html':
      return known.text;
    case 'br':
      return '\n';
    case 'image':
    case 'link':
    case 'em':
    case 'strong':
    case 'del':
      return children(known.tokens);
    default:
      return known.raw;
  }
}

type RenderToken = (token: Token, renderer: TokenRenderer, parent: BodyParent) => void;
type TokenRenderers = {
  [T in Token['type']]: (token: TokenOfType<T>, renderer: TokenRenderer, parent: BodyParent) => void;
};

/** A token whose content is its inline tokens, in an element of `tag`. */
const wrapped =
  (tag: BodyTag) =>
  (token: { tokens: Token[] }, r: TokenRenderer, parent: BodyParent): void =>
    r.children(token.tokens, r.element(parent, tag));

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
const clampDepth = (depth: number) => Math.min(Math.max(depth, 1), 6) - 1;

const RENDERERS: TokenRenderers = {
  space: () => {},
  hr: (_token, r, parent) => void r.element(parent, 'hr'),
  br: (_token, r, parent) => void r.element(parent, 'br'),
  def: renderDefinition,
  paragraph: wrapped('p'),
  heading: renderHeading,
  blockquote: wrapped('blockquote'),
  list: renderList,
  list_item: renderListItem,
  checkbox: renderCheckbox,
  table: renderTable,
  code: renderCode,
  codespan: (token, r, parent) => r.text(token.text, r.element(parent, 'code')),
  html: (token, r, parent) =>
    token.block
      ? r.text(trimNewlines(token.text), r.element(parent, 'p', { class: 'raw-html' }))
      : r.text(token.text, parent),
  text: (token, r, parent) =>
    'tokens' in token && token.tokens ? r.children(token.tokens, parent) : r.text(token.text, parent, true),
  escape: (token, r, parent) => r.target.text(parent, token.text),
  em: wrapped('em'),
  strong: wrapped('strong'),
  del: wrapped('del'),
  link: renderLink,
  image: renderImage,
};

/**
 * A heading holds its inline tokens. One whose token has no text (`### ` where a reply stopped) is
 * no heading to a reader, and an empty heading element breaks a screen reader's outline: it shows
 * as the source text it was, in a paragraph.
 */
function renderHeading(token: TokenOfType<'heading'>, r: TokenRenderer, parent: BodyParent): void {
  if (token.text.trim() === '') return r.text(token.raw.trim(), r.element(parent, 'p'));
  r.children(token.tokens, r.element(parent, HEADINGS[clampDepth(token.depth)]!));
}

function renderList(token: TokenOfType<'list'>, r: TokenRenderer, parent: BodyParent): void {
  const start = token.ordered && typeof token.start === 'number' && token.start !== 1 ? String(token.start) : undefined;
  const list = r.element(parent, token.ordered ? 'ol' : 'ul', start === undefined ? {} : { start });
  for (const item of token.items) renderListItem(item, r, list);
}

function renderListItem(item: TokenOfType<'list_item'>, r: TokenRenderer, parent: BodyParent): void {
  r.children(item.tokens, r.element(parent, 'li', item.task ? { class: 'task-list-item' } : {}));
}

function renderCheckbox(token: TokenOfType<'checkbox'>, r: TokenRenderer, parent: BodyParent): void {
  r.target.checkbox(parent, token.checked);
  r.target.text(parent, ' ');
}

function renderTable(token: TokenOfType<'table'>, r: TokenRenderer, parent: BodyParent): void {
  const table = r.element(parent, 'table');
  const row = (cells: readonly TableCell[], section: BodyParent) => {
    const tr = r.element(section, 'tr');
    for (const cell of cells) {
      // A class, not a `style` attribute, which a strict Content Security Policy refuses.
      const cellElement = r.element(tr, cell.header ? 'th' : 'td', cell.align ? { class: `align-${cell.align}` } : {});
      r.children(cell.tokens, cellElement);
    }
  };
  row(token.header, r.element(table, 'thead'));
  if (token.rows.length === 0) return;
  const body = r.element(table, 'tbody');
  for (const cells of token.rows) row(cells, body);
}

function renderCode(token: TokenOfType<'code'>, r: TokenRenderer, parent: BodyParent): void {
  const pre = r.element(parent, 'pre');
  // A reference in the info string would otherwise end up in an attribute: show the block as written.
  if (r.hasPlaceholder(token.lang)) return r.text(trimNewlines(token.raw), r.element(pre, 'code'));
  const language = decodeEntities(token.lang ?? '').match(/^\S*/)![0];
  r.text(token.text, r.element(pre, 'code', language ? { 'data-language': language } : {}));
}

/**
 * The lexer leaves character references in destinations and titles; autolinks are literal. The
 * destination is percent-encoded as CommonMark renders it (and marked does), so a `\` or a `]` is
 * followed as written, not read by the URL parser as a path separator.
 */
function linkDestination(token: LinkToken | ImageToken): string | undefined {
  const href = 'autolink' in token && token.autolink ? token.href : decodeEntities(token.href);
  try {
    return encodeURI(href).replace(/%25/g, '%');
  } catch {
    return undefined; // a lone surrogate: no destination to follow, the source shows
  }
}

function linkTitle(token: LinkToken | ImageToken): string | undefined {
  return token.title ? decodeEntities(token.title) : undefined;
}

/**
 * A link that is not rendered as a link (an unsafe or relative destination, or one nested in
 * another link) shows its whole source, so nothing the user typed disappears from view.
 */
function renderLink(token: LinkToken, r: TokenRenderer, parent: BodyParent): void {
  if (r.hasPlaceholder(token.href) || r.hasPlaceholder(token.title)) return r.rawSource(token, parent);
  const url = safeLinkUrl(linkDestination(token));
  // Nested anchors are invalid; the outer link already covers the text.
  if (url === undefined || r.insideLink()) return r.rawSource(token, parent);
  const content = (link: BodyParent) => (token.autolink ? r.text(token.text, link) : r.children(token.tokens, link));
  r.link(parent, content, url, linkTitle(token));
}

/** Images are never loaded: a safe remote image becomes a link to it, anything else shows its source. */
function renderImage(token: ImageToken, r: TokenRenderer, parent: BodyParent): void {
  if (r.hasPlaceholder(token.href) || r.hasPlaceholder(token.title) || r.hasPlaceholder(token.text)) {
    return r.rawSource(token, parent);
  }
  const url = safeLinkUrl(linkDestination(token));
  if (url === undefined || !/^https?:/.test(url) || r.insideLink()) return r.rawSource(token, parent);
  const alt = r.plainText(token.tokens);
  r.link(parent, (link) => r.target.text(link, alt || url), url, linkTitle(token), 'image-link');
}

/** A definition is invisible when links can use it; one no link can follow shows as written. */
function renderDefinition(token: TokenOfType<'def'>, r: TokenRenderer, parent: BodyParent): void {
  const usable = !r.hasPlaceholder(token.raw) && safeLinkUrl(decodeEntities(token.href)) !== undefined;
  if (!usable) r.rawSource(token, parent);
}
