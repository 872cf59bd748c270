/**
 * Index-scanning helpers for the reference scanner and the legacy parsers. They reproduce the
 * semantics of the regular expressions the formats were defined with (JavaScript `\s`, multiline
 * `^`, `\b`) without their worst-case backtracking, so every parser stays linear on any input.
 */

import type { TextRange } from './text-walk.js';

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const LINE_SEPARATOR = 0x2028;
const PARAGRAPH_SEPARATOR = 0x2029;
const BACKTICK = 0x60;

/** The line terminators of JavaScript regular expressions (what multiline `^` and `.` respect). */
function isLineTerminator(code: number): boolean {
  return code === LINE_FEED || code === CARRIAGE_RETURN || code === LINE_SEPARATOR || code === PARAGRAPH_SEPARATOR;
}

/** Where a multiline `^` matches: the start of the text or just after a line terminator. */
export function isLineStart(text: string, index: number): boolean {
  return index === 0 || isLineTerminator(text.charCodeAt(index - 1));
}

/** A character of JavaScript's `\s` (the set `String.prototype.trim` removes). */
export function isJsWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === LINE_SEPARATOR ||
    code === PARAGRAPH_SEPARATOR ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

export function isAsciiDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

export function isLowerAsciiLetter(code: number): boolean {
  return code >= 0x61 && code <= 0x7a;
}

export function isAsciiLetter(code: number): boolean {
  return isLowerAsciiLetter(code) || (code >= 0x41 && code <= 0x5a);
}

/** A character of `\w` (what `\b` looks at). NaN (past the end) is not one. */
export function isWordChar(code: number): boolean {
  return isAsciiLetter(code) || isAsciiDigit(code) || code === 0x5f;
}

/** A character of `[a-zA-Z0-9_-]`: context ids, attribute names. */
export function isIdChar(code: number): boolean {
  return isWordChar(code) || code === 0x2d;
}

/** The end of `text.slice(0, end).trimEnd()`, without copying. */
export function trimmedEnd(text: string, end: number): number {
  let index = end;
  while (index > 0 && isJsWhitespace(text.charCodeAt(index - 1))) index--;
  return index;
}

/** The end of `text.slice(0, end)` with its trailing line feeds removed. */
export function withoutTrailingLineFeeds(text: string, end: number): number {
  let index = end;
  while (index > 0 && text.charCodeAt(index - 1) === LINE_FEED) index--;
  return index;
}

/** The length of the run of backticks starting at `index`. */
export function backtickRunLength(text: string, index: number): number {
  let end = index;
  while (text.charCodeAt(end) === BACKTICK) end++;
  return end - index;
}

/** The end of the current line: the next `\n` at or after `index`, or the end of the text. */
export function lineEndFrom(text: string, index: number): number {
  const lineFeed = text.indexOf('\n', index);
  return lineFeed === -1 ? text.length : lineFeed;
}

/** A forward search: the first match at or after `from`, or -1. */
export type ForwardSearch = (from: number) => number;

/**
 * `search` remembered between calls. When successive searches start at growing positions (as
 * every scan here does) each character is searched at most once, where repeated searches for a
 * needle that never occurs would make a scan quadratic.
 */
export function rememberedSearch(search: ForwardSearch): ForwardSearch {
  let searchedFrom = -1;
  let found = -1;
  return (from) => {
    const cached = searchedFrom !== -1 && from >= searchedFrom && (found === -1 || found >= from);
    if (!cached) {
      searchedFrom = from;
      found = search(from);
    }
    return found;
  };
}

/** `text.indexOf(needle, from)`, remembered. */
export function rememberedIndexOf(text: string, needle: string): ForwardSearch {
  return rememberedSearch((from) => text.indexOf(needle, from));
}

/** The index of the first range of `sorted` (disjoint, in order) ending after `position`. */
export function firstRangeEndingAfter(sorted: readonly TextRange[], position: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const range = sorted[middle];
    if (range !== undefined && range.end <= position) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** True when `[start, end)` overlaps a range of `sorted` (disjoint, in order). */
export function overlapsRange(sorted: readonly TextRange[], start: number, end: number): boolean {
  const next = sorted[firstRangeEndingAfter(sorted, start)];
  return next !== undefined && next.start < end;
}

/** Inserts `range`, which overlaps none of them, into `sorted` (disjoint, in order). */
export function insertRange<T extends TextRange>(sorted: T[], range: T): void {
  sorted.splice(firstRangeEndingAfter(sorted, range.start), 0, range);
}

/** What the character tests read: a string, or a text held in pieces. */
export interface CharacterReader {
  charCodeAt(index: number): number;
  codePointAt(index: number): number | undefined;
}

/** True when `high` and `low` are the two halves of one surrogate pair, in that order. */
export function isSurrogatePair(high: number, low: number): boolean {
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

/** The code point of the surrogate pair `high`, `low` (see {@link isSurrogatePair}). */
export function combineSurrogates(high: number, low: number): number {
  return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
}

/** The code point that ends just before `index` (a whole surrogate pair when there is one). */
export function codePointBefore(text: CharacterReader, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (isSurrogatePair(high, low)) return combineSurrogates(high, low);
  }
  return low;
}
