import { CONTEXT_ID_MAX_CHARS, CONTEXT_KIND_MAX_CHARS, CONTEXT_LABEL_MAX_CHARS } from './grammar.js';
import {
  isAsciiDigit,
  isIdChar,
  isJsWhitespace,
  isLowerAsciiLetter,
  rememberedIndexOf,
  type ForwardSearch,
} from './text-scan.js';
import { walkAroundRanges } from './text-walk.js';

/**
 * Canonical references in message text: `[label](t3-context://v1/<kind>/<contextId>)`, with a
 * leading `!` for images.
 */

export const CONTEXT_HREF_PREFIX = 't3-context://v1/';

export interface ContextHref {
  kind: string;
  contextId: string;
}

/** One reference found in text. `source` is the raw matched text, `text.slice(start, end)`. */
export interface ContextReferenceOccurrence extends ContextHref {
  /** The sanitised label (what a chip shows). */
  label: string;
  /** True when the link was written with a leading `!`, whatever its kind. */
  image: boolean;
  source: string;
  start: number;
  end: number;
}

export interface ContextReferenceInput extends ContextHref {
  label: string;
}

export function formatContextHref(kind: string, contextId: string): string {
  return `${CONTEXT_HREF_PREFIX}${kind}/${contextId}`;
}

export function parseContextHref(href: unknown): ContextHref | null {
  if (typeof href !== 'string' || !href.startsWith(CONTEXT_HREF_PREFIX)) return null;
  return parseHrefTail(href, CONTEXT_HREF_PREFIX.length, href.length);
}

/**
 * `<kind>/<contextId>` at `text[start, end)`, checked character by character (what
 * `isContextKind`/`isContextId` accept, with exactly one `/`), without splitting or slicing first:
 * the scanner calls this once per link.
 */
function parseHrefTail(text: string, start: number, end: number): ContextHref | null {
  if (end - start > CONTEXT_KIND_MAX_CHARS + 1 + CONTEXT_ID_MAX_CHARS || !isLowerAsciiLetter(text.charCodeAt(start)))
    return null;
  let slash = -1;
  for (let i = start + 1; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === SLASH) {
      if (slash !== -1) return null;
      slash = i;
    } else if (slash === -1 ? !isKindCharacter(code) : !isIdChar(code)) {
      return null;
    }
  }
  if (
    slash === -1 ||
    slash - start > CONTEXT_KIND_MAX_CHARS ||
    slash === end - 1 ||
    end - slash - 1 > CONTEXT_ID_MAX_CHARS
  )
    return null;
  return { kind: text.slice(start, slash), contextId: text.slice(slash + 1, end) };
}

const SLASH = 0x2f;
const HYPHEN = 0x2d;

function isKindCharacter(code: number): boolean {
  return isLowerAsciiLetter(code) || isAsciiDigit(code) || code === HYPHEN;
}

/**
 * Makes a label safe to sit between `[` and `]`: brackets, backslashes and line breaks become
 * spaces, whitespace runs collapse, the result is trimmed and cut to 200 UTF-16 units, and an
 * empty result falls back to the kind.
 */
export function sanitizeContextLabel(label: unknown, kind: string): string {
  const text = typeof label === 'string' ? label : '';
  if (isCleanLabel(text)) return text;
  const cleaned = text
    .replace(/[[\]\\\r\n]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, CONTEXT_LABEL_MAX_CHARS);
  return cleaned === '' ? kind : cleaned;
}

/**
 * True when sanitising would return `label` itself: non-empty, at most 200 units, no bracket,
 * backslash or line break, and no whitespace but single spaces between other characters.
 */
function isCleanLabel(label: string): boolean {
  const length = label.length;
  if (length === 0 || length > CONTEXT_LABEL_MAX_CHARS) return false;
  let previousWasSpace = true; // a leading space is not clean
  for (let i = 0; i < length; i++) {
    const code = label.charCodeAt(i);
    if (code === OPEN_BRACKET || code === CLOSE_BRACKET || code === BACKSLASH) return false;
    if (code === SPACE) {
      if (previousWasSpace) return false;
      previousWasSpace = true;
    } else {
      if (isJsWhitespace(code)) return false;
      previousWasSpace = false;
    }
  }
  return !previousWasSpace;
}

export function formatContextReference({ kind, contextId, label }: ContextReferenceInput): string {
  const bang = kind === 'image' ? '!' : '';
  return `${bang}[${sanitizeContextLabel(label, kind)}](${formatContextHref(kind, contextId)})`;
}

const CLOSER = `](${CONTEXT_HREF_PREFIX}`;
const RAW_LABEL_MAX_CHARS = 512;
const HREF_TAIL_MAX_CHARS = 200;

const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const BANG = 0x21; // !
const CLOSE_PAREN = 0x29;
const LINE_FEED = 0x0a;
const BACKSLASH = 0x5c;
const SPACE = 0x20;

/**
 * Finds every reference in document order. It matches exactly what the global regular expression
 * ``(!?)\[([^\]\n]{0,512})\]\((t3-context://v1/[^\s)]{1,200})\)`` would match, then keeps the
 * matches whose href parses, but runs in linear time on any input: instead of trying every `[`, it
 * jumps between the `](t3-context://v1/` closers and finds for each its opening bracket.
 */
export function collectContextReferences(text: string): ContextReferenceOccurrence[] {
  const occurrences: ContextReferenceOccurrence[] = [];
  // The fast path: without `](t3-context:` there is no closer either.
  if (typeof text !== 'string') return occurrences;

  const nextOpenBracket = rememberedIndexOf(text, '[');
  let consumedUpTo = 0;
  for (
    let closer = text.indexOf(CLOSER);
    closer !== -1;
    closer = text.indexOf(CLOSER, Math.max(closer + 1, consumedUpTo))
  ) {
    const hrefStart = closer + 2;
    const end = hrefTailEnd(text, hrefStart + CONTEXT_HREF_PREFIX.length);
    if (end === -1) continue;

    const open = findOpeningBracket(text, nextOpenBracket, closer, consumedUpTo);
    if (open === -1) continue;
    const image = open > consumedUpTo && text.charCodeAt(open - 1) === BANG;
    const start = image ? open - 1 : open;
    consumedUpTo = end;

    const parsed = parseHrefTail(text, hrefStart + CONTEXT_HREF_PREFIX.length, end - 1);
    if (!parsed) continue;
    occurrences.push({
      kind: parsed.kind,
      contextId: parsed.contextId,
      label: sanitizeContextLabel(text.slice(open + 1, closer), parsed.kind),
      image,
      source: text.slice(start, end),
      start,
      end,
    });
  }
  return occurrences;
}

/** After the prefix: the end of 1–200 characters that are neither whitespace nor `)`, then `)`; or -1. */
function hrefTailEnd(text: string, from: number): number {
  const limit = Math.min(text.length, from + HREF_TAIL_MAX_CHARS + 1);
  for (let i = from; i < limit; i++) {
    const code = text.charCodeAt(i);
    if (code === CLOSE_PAREN) return i > from ? i + 1 : -1;
    if (isJsWhitespace(code)) return -1;
  }
  return -1;
}

/**
 * The leftmost `[` whose label can reach the `]` at `closer`: the label holds no `]` and no line
 * feed and is at most 512 characters, and the match may not start inside an earlier one (before
 * `lowerBound`); or -1. Openings are found by one forward search resumed from closer to closer;
 * the label is then read backwards from the closer to the nearest `]` or line feed, which is never
 * before the previous closer, so over a whole text every character is read at most once.
 */
function findOpeningBracket(text: string, nextOpenBracket: ForwardSearch, closer: number, lowerBound: number): number {
  const open = nextOpenBracket(Math.max(lowerBound, closer - RAW_LABEL_MAX_CHARS - 1));
  if (open === -1 || open >= closer) return -1;
  const barrier = lastBarrier(text, open, closer);
  if (barrier === -1) return open;
  const after = nextOpenBracket(barrier + 1);
  return after !== -1 && after < closer ? after : -1;
}

/** The last `]` or line feed strictly between `open` and `closer`, or -1. */
function lastBarrier(text: string, open: number, closer: number): number {
  for (let i = closer - 1; i > open; i--) {
    const code = text.charCodeAt(i);
    if (code === CLOSE_BRACKET || code === LINE_FEED) return i;
  }
  return -1;
}

/** Replaces each reference by `replace(occurrence)`; the text between references is kept as is. */
export function replaceContextReferences(
  text: string,
  replace: (occurrence: ContextReferenceOccurrence) => string,
): string {
  const occurrences = collectContextReferences(text);
  if (occurrences.length === 0) return text;
  let result = '';
  walkAroundRanges(
    text,
    occurrences,
    (between) => (result += between),
    (occurrence) => (result += replace(occurrence)),
  );
  return result;
}
