import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { styleProperties } from '../shared/style-properties.js';
import type { MarkedToken, Token, Tokens } from 'marked';
import type { ContextReferenceOccurrence } from '../../core/index.js';
import { safeLinkUrl } from '../shared/urls.js';
import { decodeEntities } from './entities.js';

/**
 * `marked` tokens rendered to Lit templates: no HTML string is ever produced or parsed, so raw
 * HTML in a message can only ever show as text. Placeholders become chips wherever text is
 * rendered; a placeholder in an attribute-like place shows its token as written.
 */

export type RenderChip = (occurrence: ContextReferenceOccurrence, index: number) => unknown;

/** Token depth beyond which a token shows as its raw source text. */
const MAX_RENDER_DEPTH = 64;

export class TokenRenderer {
  private depth = 0;
  private linkDepth = 0;
  private readonly placeholder: RegExp;

  constructor(
    private readonly sentinel: string,
    private readonly occurrences: readonly ContextReferenceOccurrence[],
    private readonly renderChip: RenderChip,
  ) {
    this.placeholder = new RegExp(`${sentinel}(\\d+)${sentinel}`, 'g');
  }

  /** The tokens' content as one value: a string, a template, or a flat list of them. */
  children(tokens: readonly Token[]): unknown {
    const parts: unknown[] = [];
    for (const token of tokens) appendFlat(parts, this.token(token));
    return parts.length === 0 ? nothing : parts.length === 1 ? parts[0] : parts;
  }

  token(token: Token): unknown {
    if (this.depth >= MAX_RENDER_DEPTH) return this.rawSource(token);
    const render = (RENDERERS as Partial<Record<string, RenderToken>>)[token.type];
    this.depth++;
    try {
      return render ? render(token, this) : this.text(token.raw);
    } finally {
      this.depth--;
    }
  }

  /** Text with chips at its placeholders; `decode` resolves character references in the rest. */
  text(value: string, decode = false): unknown {
    if (!this.hasPlaceholder(value)) return decode ? decodeEntities(value) : value;
    const parts: unknown[] = [];
    let cursor = 0;
    for (const match of value.matchAll(this.placeholder)) {
      const index = Number(match[1]);
      const occurrence = this.occurrences[index];
      if (occurrence === undefined) continue;
      const before = value.slice(cursor, match.index);
      parts.push(decode ? decodeEntities(before) : before, this.renderChip(occurrence, index));
      cursor = match.index + match[0].length;
    }
    const rest = value.slice(cursor);
    parts.push(decode ? decodeEntities(rest) : rest);
    return parts.filter((part) => part !== '');
  }

  hasPlaceholder(value: string | null | undefined): boolean {
    return typeof value === 'string' && value.includes(this.sentinel);
  }

  /** A token as written, chips included: for placeholders in attribute-like places and for depth. */
  rawSource(token: Token): unknown {
    const block = BLOCK_TOKEN_TYPES.has(token.type) || (token.type === 'html' && token.block === true);
    if (!block) return this.text(token.raw);
    return html`<p class="raw-text">${this.text(trimNewlines(token.raw))}</p>`;
  }

  insideLink(): boolean {
    return this.linkDepth > 0;
  }

  link(content: () => unknown, url: string, title: string | undefined, className?: string): TemplateResult {
    this.linkDepth++;
    try {
      const body = content();
      return html`<a class=${ifDefined(className)} href=${url} title=${ifDefined(title)} target="_blank" rel="noopener noreferrer"
        >${body}</a
      >`;
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

/**
 * Adds a rendered value to `parts`, flattening nested lists and joining adjacent strings: Lit gives
 * every list item a part of its own with two marker comments, and a list inside a list a part more.
 */
function appendFlat(parts: unknown[], value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) appendFlat(parts, item);
  } else if (typeof value === 'string') {
    if (value === '') return;
    const last = parts.length - 1;
    if (typeof parts[last] === 'string') parts[last] += value;
    else parts.push(value);
  } else if (value !== nothing) {
    parts.push(value);
  }
}

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
  const known = token as MarkedToken;
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

type RenderToken = (token: Token, renderer: TokenRenderer) => unknown;
type TokenOfType<T extends MarkedToken['type']> = Extract<MarkedToken, { type: T }>;
type TokenRenderers = {
  [T in MarkedToken['type']]: (token: TokenOfType<T>, renderer: TokenRenderer) => unknown;
};

const HEADINGS: readonly ((content: unknown) => TemplateResult)[] = [
  (content) => html`<h1>${content}</h1>`,
  (content) => html`<h2>${content}</h2>`,
  (content) => html`<h3>${content}</h3>`,
  (content) => html`<h4>${content}</h4>`,
  (content) => html`<h5>${content}</h5>`,
  (content) => html`<h6>${content}</h6>`,
];

const RENDERERS: TokenRenderers = {
  space: () => nothing,
  hr: () => html`<hr />`,
  br: () => html`<br />`,
  def: renderDefinition,
  paragraph: (token, r) => html`<p>${r.children(token.tokens)}</p>`,
  heading: (token, r) => HEADINGS[Math.min(Math.max(token.depth, 1), 6) - 1]!(r.children(token.tokens)),
  blockquote: (token, r) => html`<blockquote>${r.children(token.tokens)}</blockquote>`,
  list: renderList,
  list_item: renderListItem,
  checkbox: (token) => html`<input type="checkbox" disabled ?checked=${token.checked} /> `,
  table: renderTable,
  code: renderCode,
  codespan: (token, r) => html`<code>${r.text(token.text)}</code>`,
  html: (token, r) =>
    token.block ? html`<p class="raw-html">${r.text(trimNewlines(token.text))}</p>` : r.text(token.text),
  text: (token, r) => ('tokens' in token && token.tokens ? r.children(token.tokens) : r.text(token.text, true)),
  escape: (token) => token.text,
  em: (token, r) => html`<em>${r.children(token.tokens)}</em>`,
  strong: (token, r) => html`<strong>${r.children(token.tokens)}</strong>`,
  del: (token, r) => html`<del>${r.children(token.tokens)}</del>`,
  link: renderLink,
  image: renderImage,
};

function renderList(token: Tokens.List, r: TokenRenderer): TemplateResult {
  const items = token.items.map((item) => renderListItem(item, r));
  if (!token.ordered) return html`<ul>${items}</ul>`;
  const start = typeof token.start === 'number' && token.start !== 1 ? token.start : undefined;
  return html`<ol start=${ifDefined(start)}>${items}</ol>`;
}

function renderListItem(item: Tokens.ListItem, r: TokenRenderer): TemplateResult {
  const content = r.children(item.tokens);
  return item.task ? html`<li class="task-list-item">${content}</li>` : html`<li>${content}</li>`;
}

function renderTable(token: Tokens.Table, r: TokenRenderer): TemplateResult {
  const cell = (cell: Tokens.TableCell) => {
    const style = styleProperties({ 'text-align': cell.align });
    const content = r.children(cell.tokens);
    return cell.header ? html`<th ${style}>${content}</th>` : html`<td ${style}>${content}</td>`;
  };
  const rows = token.rows.map((row) => html`<tr>${row.map(cell)}</tr>`);
  const body = rows.length === 0 ? nothing : html`<tbody>${rows}</tbody>`;
  return html`<table>
    <thead>
      <tr>${token.header.map(cell)}</tr>
    </thead>
    ${body}
  </table>`;
}

function renderCode(token: Tokens.Code, r: TokenRenderer): TemplateResult {
  // A reference in the info string would otherwise end up in an attribute: show the block as written.
  if (r.hasPlaceholder(token.lang)) return html`<pre><code>${r.text(trimNewlines(token.raw))}</code></pre>`;
  const language = decodeEntities(token.lang ?? '').match(/^\S*/)![0];
  return html`<pre><code data-language=${ifDefined(language || undefined)}>${r.text(token.text)}</code></pre>`;
}

/** marked leaves character references in destinations and titles; autolinks are literal. */
function linkDestination(token: Tokens.Link | Tokens.Image): string {
  return 'autolink' in token && token.autolink ? token.href : decodeEntities(token.href);
}

function linkTitle(token: Tokens.Link | Tokens.Image): string | undefined {
  return token.title ? decodeEntities(token.title) : undefined;
}

/**
 * A link that is not rendered as a link (an unsafe or relative destination, or one nested in
 * another link) shows its whole source, so nothing the user typed disappears from view.
 */
function renderLink(token: Tokens.Link, r: TokenRenderer): unknown {
  if (r.hasPlaceholder(token.href) || r.hasPlaceholder(token.title)) return r.rawSource(token);
  const url = safeLinkUrl(linkDestination(token));
  // Nested anchors are invalid; the outer link already covers the text.
  if (url === undefined || r.insideLink()) return r.rawSource(token);
  const content = () => (token.autolink ? r.text(token.text) : r.children(token.tokens));
  return r.link(content, url, linkTitle(token));
}

/** Images are never loaded: a safe remote image becomes a link to it, anything else shows its source. */
function renderImage(token: Tokens.Image, r: TokenRenderer): unknown {
  if (r.hasPlaceholder(token.href) || r.hasPlaceholder(token.title) || r.hasPlaceholder(token.text)) {
    return r.rawSource(token);
  }
  const url = safeLinkUrl(linkDestination(token));
  if (url === undefined || !/^https?:/.test(url) || r.insideLink()) return r.rawSource(token);
  const alt = r.plainText(token.tokens);
  return r.link(() => alt || url, url, linkTitle(token), 'image-link');
}

/** A definition is invisible when links can use it; one no link can follow shows as written. */
function renderDefinition(token: Tokens.Def, r: TokenRenderer): unknown {
  const usable = !r.hasPlaceholder(token.raw) && safeLinkUrl(decodeEntities(token.href)) !== undefined;
  return usable ? nothing : r.rawSource(token);
}
