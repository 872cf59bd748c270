import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { styleMap } from 'lit/directives/style-map.js';
import { Marked, type MarkedToken, type Token, type Tokens } from 'marked';
import { collectContextReferences, type ContextReferenceOccurrence, walkAroundRanges } from '../../core/index.js';
import { safeLinkUrl } from '../shared/urls.js';
import { decodeEntities } from './entities.js';

/**
 * A sent message's Markdown, rendered from `marked` tokens to Lit templates: no HTML string is
 * ever produced or parsed, so raw HTML in a message can only ever show as text.
 *
 * References are swapped for private placeholders before lexing (a private-use sentinel absent
 * from the text, the occurrence index, the sentinel again) and turned into chips wherever text
 * is rendered, so chips land exactly where `collectContextReferences` found them, code included.
 */

export type RenderChip = (occurrence: ContextReferenceOccurrence, index: number) => unknown;

export interface ParsedMessageMarkdown {
  readonly occurrences: readonly ContextReferenceOccurrence[];
  /** Internal to `renderMessageMarkdown`. */
  readonly body: MarkdownBody;
}

type MarkdownBody =
  | { readonly kind: 'markdown'; readonly tokens: readonly Token[]; readonly sentinel: string }
  /** Shown verbatim: no free sentinel, or the lexer gave up on a pathological input. */
  | { readonly kind: 'plain'; readonly text: string };

// `breaks`: a line break the user typed (Shift+Enter) stays a line break, as chat messages read.
const markdown = new Marked({ gfm: true, breaks: true, pedantic: false, silent: false });

/**
 * Pure and deterministic: the caller caches it by text identity, so re-rendering unchanged text
 * does no Markdown work.
 */
export function parseMessageMarkdown(text: string): ParsedMessageMarkdown {
  const occurrences = collectContextReferences(text);
  const privateCharacters = pickPrivateCharacters(text, 2);
  if (privateCharacters === undefined) return { occurrences, body: { kind: 'plain', text } };
  const [sentinel, breaker] = privateCharacters as [string, string];
  const bounded = limitNesting(withPlaceholders(text, occurrences, sentinel), breaker);
  try {
    const tokens = markdown.lexer(bounded.source);
    if (bounded.escaped) removeInsertedEscapes(tokens, breaker);
    return { occurrences, body: { kind: 'markdown', tokens, sentinel } };
  } catch {
    // A nesting shape the limits below do not foresee may still overflow marked's stack.
    return { occurrences, body: { kind: 'plain', text } };
  }
}

/**
 * Renders the parsed message; each reference occurrence becomes `renderChip(occurrence, index)`
 * exactly where `collectContextReferences` found it.
 */
export function renderMessageMarkdown(parsed: ParsedMessageMarkdown, renderChip: RenderChip): unknown {
  const { body, occurrences } = parsed;
  if (body.kind === 'plain') {
    return html`<p class="plain-text">${renderPlainText(body.text, occurrences, renderChip)}</p>`;
  }
  return new TokenRenderer(body.sentinel, occurrences, renderChip).children(body.tokens);
}

function renderPlainText(text: string, occurrences: readonly ContextReferenceOccurrence[], renderChip: RenderChip) {
  const parts: unknown[] = [];
  walkAroundRanges(
    text,
    occurrences,
    (between) => parts.push(between),
    (occurrence, index) => parts.push(renderChip(occurrence, index)),
  );
  return parts;
}

// ---------------------------------------------------------------------------------------------
// Placeholders

const PRIVATE_USE_FIRST = 0xe000;
const PRIVATE_USE_LAST = 0xf8ff;
const NUMERIC_REFERENCE = /&#(?:(\d{1,7})|[xX]([0-9a-fA-F]{1,6}));/g;

/**
 * The first `count` private-use characters that neither occur in the text nor can come out of one
 * of its numeric character references (marked decodes those in text), or undefined.
 */
function pickPrivateCharacters(text: string, count: number): string[] | undefined {
  const taken = new Uint8Array(PRIVATE_USE_LAST - PRIVATE_USE_FIRST + 1);
  const take = (code: number) => {
    if (code >= PRIVATE_USE_FIRST && code <= PRIVATE_USE_LAST) taken[code - PRIVATE_USE_FIRST] = 1;
  };
  for (let i = 0; i < text.length; i++) take(text.charCodeAt(i));
  if (text.includes('&#')) {
    for (const [, decimal, hex] of text.matchAll(NUMERIC_REFERENCE)) {
      take(decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16));
    }
  }
  const free: string[] = [];
  for (let i = 0; i < taken.length && free.length < count; i++) {
    if (taken[i] === 0) free.push(String.fromCharCode(PRIVATE_USE_FIRST + i));
  }
  return free.length === count ? free : undefined;
}

function withPlaceholders(text: string, occurrences: readonly ContextReferenceOccurrence[], sentinel: string): string {
  let result = '';
  walkAroundRanges(
    text,
    occurrences,
    (between) => (result += between),
    (_occurrence, index) => (result += sentinel + index + sentinel),
  );
  return result;
}

// ---------------------------------------------------------------------------------------------
// Nesting limits applied before lexing

/**
 * marked recurses once per nesting level and rescans or copies each level's content, so thousands
 * of nested quotes, list items or emphasis spans overflow the stack or take quadratic time. The
 * source is bounded first by backslash-escaping the markers and delimiters beyond the limits
 * below: an escaped character still shows as itself, it just stops opening a level. Each inserted
 * backslash is preceded by a private "breaker" character so that both can be removed from the
 * tokens again, and raw text or code never shows them. Ordinary text never comes near the limits
 * and passes through unchanged.
 *
 * Containers: each level needs at least one column of its line's prefix (a `>`, a list marker,
 * or two columns of indentation), so capping the markers per line and the column they may start
 * at caps the depth. Emphasis: delimiters are paired per paragraph the way CommonMark pairs them
 * (roughly), and only pairs nested more than the limit are escaped, never unmatched ones.
 * Top-level fenced code is left alone.
 */
const MAX_CONTAINER_MARKERS_PER_LINE = 64;
const MAX_CONTAINER_MARKER_COLUMN = 128;
const MAX_EMPHASIS_NESTING = 16;
const FENCE_OPENING = /^ {0,3}(`{3,}|~{3,})/;
const BLANK_LINE = /^[ \t]*$/;

function limitNesting(source: string, breaker: string): { source: string; escaped: boolean } {
  const escapes: number[] = [];
  const emphasis = new EmphasisPairs();
  let openFence: string | null = null;
  for (let start = 0; start <= source.length;) {
    const newline = source.indexOf('\n', start);
    const end = newline === -1 ? source.length : newline;
    const line = source.slice(start, end);
    const fence = FENCE_OPENING.exec(line)?.[1];
    if (openFence !== null) {
      if (fence !== undefined && closesFence(line, fence, openFence)) openFence = null;
    } else if (fence !== undefined && opensFence(line, fence)) {
      emphasis.endParagraph(escapes);
      openFence = fence;
    } else if (BLANK_LINE.test(line)) {
      emphasis.endParagraph(escapes);
    } else {
      const escape = excessiveContainerMarker(line);
      if (escape !== -1) escapes.push(start + escape);
      emphasis.scanLine(source, start, end);
    }
    start = end + 1;
  }
  emphasis.endParagraph(escapes);
  if (escapes.length === 0) return { source, escaped: false };
  return { source: insertEscapes(source, escapes, breaker), escaped: true };
}

function opensFence(line: string, fence: string): boolean {
  return fence[0] === '~' || !line.slice(line.indexOf(fence) + fence.length).includes('`');
}

function closesFence(line: string, fence: string, openFence: string): boolean {
  return fence[0] === openFence[0] && fence.length >= openFence.length && /^ {0,3}[`~]+[ \t]*$/.test(line);
}

/** Where to put a backslash to neutralise the first container marker beyond the bounds, or -1. */
function excessiveContainerMarker(line: string): number {
  let column = 0;
  let markers = 0;
  for (let i = 0; i < line.length;) {
    const char = line[i];
    if (char === ' ' || char === '\t') {
      column = char === ' ' ? column + 1 : column + 4 - (column % 4);
      i++;
      continue;
    }
    const marker = containerMarkerAt(line, i);
    if (marker === null) return -1;
    markers++;
    if (markers > MAX_CONTAINER_MARKERS_PER_LINE || column > MAX_CONTAINER_MARKER_COLUMN) return marker.escapeAt;
    column += marker.end - i;
    i = marker.end;
  }
  return -1;
}

const ORDERED_MARKER = /\d{1,9}[.)](?=[ \t]|$)/y;

function containerMarkerAt(line: string, i: number): { end: number; escapeAt: number } | null {
  const char = line[i]!;
  if (char === '>') return { end: i + 1, escapeAt: i };
  const followedBySpace = i + 1 === line.length || line[i + 1] === ' ' || line[i + 1] === '\t';
  if ((char === '*' || char === '-' || char === '+') && followedBySpace) return { end: i + 1, escapeAt: i };
  ORDERED_MARKER.lastIndex = i;
  if (ORDERED_MARKER.test(line)) return { end: ORDERED_MARKER.lastIndex, escapeAt: ORDERED_MARKER.lastIndex - 1 };
  return null;
}

const isSpace = (char: string | undefined) => char === undefined || char === ' ' || char === '\t';

/** Pairs `*`, `_` and `~` delimiters within a paragraph and finds the pairs nested too deep. */
class EmphasisPairs {
  private readonly openers = new Map<string, number[]>();
  private opens: number[] = [];
  private closes: number[] = [];

  scanLine(source: string, start: number, end: number): void {
    for (let i = start; i < end;) {
      const char = source[i]!;
      if (char === '\\') {
        i += 2;
      } else if (char === '`') {
        i = this.skipCodeSpan(source, i, end);
      } else if (char === '*' || char === '_' || char === '~') {
        i = this.pairRun(source, start, i, end, char);
      } else {
        i++;
      }
    }
  }

  /** A run closes what it can (it follows a non-space), then opens the rest (it precedes a non-space). */
  private pairRun(source: string, lineStart: number, runStart: number, end: number, char: string): number {
    let runEnd = runStart;
    while (runEnd < end && source[runEnd] === char) runEnd++;
    const stack = this.openers.get(char) ?? [];
    this.openers.set(char, stack);
    let position = runStart;
    if (runStart > lineStart && !isSpace(source[runStart - 1])) {
      for (; position < runEnd && stack.length > 0; position++) {
        this.opens.push(stack.pop()!);
        this.closes.push(position);
      }
    }
    if (runEnd < end && !isSpace(source[runEnd])) {
      for (; position < runEnd; position++) stack.push(position);
    }
    return runEnd;
  }

  private skipCodeSpan(source: string, start: number, end: number): number {
    let runEnd = start;
    while (runEnd < end && source[runEnd] === '`') runEnd++;
    const fence = source.slice(start, runEnd);
    for (let next = source.indexOf(fence, runEnd); next !== -1 && next < end; next = source.indexOf(fence, next + 1)) {
      let closeEnd = next + fence.length;
      if (source[next - 1] !== '`' && source[closeEnd] !== '`') return closeEnd;
      while (source[closeEnd] === '`') closeEnd++;
      next = closeEnd - 1;
    }
    return runEnd;
  }

  /** Adds both delimiters of every pair nested deeper than the limit to `escapes`, then resets. */
  endParagraph(escapes: number[]): void {
    const count = this.opens.length;
    if (count > MAX_EMPHASIS_NESTING) {
      // Pairs were recorded in closing order; walking openings and closings by position gives each pair's depth.
      const byOpening = [...this.opens.keys()].sort((a, b) => this.opens[a]! - this.opens[b]!);
      let depth = 0;
      for (let nextOpening = 0, nextClosing = 0; nextClosing < count;) {
        if (nextOpening < count && this.opens[byOpening[nextOpening]!]! < this.closes[nextClosing]!) {
          const pair = byOpening[nextOpening++]!;
          if (++depth > MAX_EMPHASIS_NESTING) escapes.push(this.opens[pair]!, this.closes[pair]!);
        } else {
          depth--;
          nextClosing++;
        }
      }
    }
    this.openers.clear();
    this.opens = [];
    this.closes = [];
  }
}

function insertEscapes(source: string, positions: readonly number[], breaker: string): string {
  const sorted = [...new Set(positions)].sort((a, b) => a - b);
  let result = '';
  let cursor = 0;
  for (const position of sorted) {
    result += `${source.slice(cursor, position)}${breaker}\\`;
    cursor = position;
  }
  return result + source.slice(cursor);
}

/** Takes every inserted breaker and backslash out of every string of the token tree. */
function removeInsertedEscapes(tokens: Token[], breaker: string): void {
  const inserted = new RegExp(`${breaker}\\\\?`, 'g');
  const pending: object[] = [tokens];
  while (pending.length > 0) {
    const node = pending.pop() as Record<string, unknown>;
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (typeof value === 'string') {
        if (value.includes(breaker)) node[key] = value.replace(inserted, '');
      } else if (typeof value === 'object' && value !== null) {
        pending.push(value);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Rendering

/** Token depth beyond which a token shows as its raw source text. */
const MAX_RENDER_DEPTH = 64;

class TokenRenderer {
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
  def: (token, r) => (r.hasPlaceholder(token.raw) ? r.rawSource(token) : nothing),
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
    const style = styleMap({ textAlign: cell.align ?? undefined });
    const content = r.children(cell.tokens);
    return cell.header ? html`<th style=${style}>${content}</th>` : html`<td style=${style}>${content}</td>`;
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

function renderLink(token: Tokens.Link, r: TokenRenderer): unknown {
  if (r.hasPlaceholder(token.href) || r.hasPlaceholder(token.title)) return r.rawSource(token);
  const content = () => (token.autolink ? r.text(token.text) : r.children(token.tokens));
  const url = safeLinkUrl(linkDestination(token));
  // Nested anchors are invalid; the outer link already covers the text.
  if (url === undefined || r.insideLink()) return content();
  return r.link(content, url, linkTitle(token));
}

/** Images are never loaded: a safe remote image becomes a link to it, anything else its alt text. */
function renderImage(token: Tokens.Image, r: TokenRenderer): unknown {
  if (r.hasPlaceholder(token.href) || r.hasPlaceholder(token.title) || r.hasPlaceholder(token.text)) {
    return r.rawSource(token);
  }
  const alt = r.plainText(token.tokens);
  const url = safeLinkUrl(linkDestination(token));
  if (url === undefined || !/^https?:/.test(url) || r.insideLink()) return alt;
  return r.link(() => alt || url, url, linkTitle(token), 'image-link');
}
