import { type ContextReferenceOccurrence, walkAroundRanges } from '../../core/index.js';
import type { Token } from './markdown/tokens.js';

/**
 * A message's Markdown source made safe to lex, before the lexer sees it: references are swapped
 * for private placeholders (a private-use sentinel absent from the text, the occurrence index,
 * the sentinel again), and nesting deep enough to overflow or stall the lexer is escaped.
 */

export interface PreparedSource {
  /** What to lex. */
  readonly source: string;
  /** Brackets each placeholder's occurrence index. */
  readonly sentinel: string;
  /** Precedes each inserted backslash; `removeInsertedEscapes` takes both out of the tokens. */
  readonly breaker: string;
  readonly escaped: boolean;
}

/** The source to lex, or undefined when the text leaves no two private-use characters free. */
export function prepareMarkdownSource(
  text: string,
  occurrences: readonly ContextReferenceOccurrence[],
): PreparedSource | undefined {
  const privateCharacters = pickPrivateCharacters(text, 2);
  if (privateCharacters === undefined) return undefined;
  const [sentinel, breaker] = privateCharacters as [string, string];
  const bounded = limitNesting(withPlaceholders(text, occurrences, sentinel), breaker);
  return { ...bounded, sentinel, breaker };
}

// ---------------------------------------------------------------------------------------------
// Placeholders

const PRIVATE_USE_FIRST = 0xe000;
const PRIVATE_USE_LAST = 0xf8ff;
const NUMERIC_REFERENCE = /&#(?:(\d{1,7})|[xX]([0-9a-fA-F]{1,6}));/g;

/**
 * The first `count` private-use characters that neither occur in the text nor can come out of one
 * of its numeric character references (the renderer decodes those in text), or undefined.
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
 * The lexer recurses once per nesting level and lexes each level's content again, so thousands
 * of nested quotes, list items or emphasis spans would overflow the stack or take quadratic time. The
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
export function removeInsertedEscapes(tokens: Token[], breaker: string): void {
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
