import { CONTEXT_LABEL_MAX_CHARS, isContextId, isContextKind } from './grammar.js';

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
  const parts = href.slice(CONTEXT_HREF_PREFIX.length).split('/');
  if (parts.length !== 2) return null;
  const [kind, contextId] = parts as [string, string];
  return isContextKind(kind) && isContextId(contextId) ? { kind, contextId } : null;
}

/**
 * Makes a label safe to sit between `[` and `]`: brackets, backslashes and line breaks become
 * spaces, whitespace runs collapse, the result is trimmed and cut to 200 UTF-16 units, and an
 * empty result falls back to the kind.
 */
export function sanitizeContextLabel(label: unknown, kind: string): string {
  const text = typeof label === 'string' ? label : '';
  const cleaned = text
    .replace(/[[\]\\\r\n]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, CONTEXT_LABEL_MAX_CHARS);
  return cleaned === '' ? kind : cleaned;
}

export function formatContextReference({ kind, contextId, label }: ContextReferenceInput): string {
  const bang = kind === 'image' ? '!' : '';
  return `${bang}[${sanitizeContextLabel(label, kind)}](${formatContextHref(kind, contextId)})`;
}

const CLOSER = `](${CONTEXT_HREF_PREFIX}`;
const FAST_PATH_MARKER = '](t3-context:';
const RAW_LABEL_MAX_CHARS = 512;
/** After the prefix: 1–200 characters that are neither whitespace nor `)`, then `)`. */
const HREF_TAIL = /[^\s)]{1,200}\)/y;

const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const LINE_FEED = 0x0a;
const BANG = 0x21; // !

/**
 * Finds every reference in document order. It matches exactly what the global regular expression
 * ``(!?)\[([^\]\n]{0,512})\]\((t3-context://v1/[^\s)]{1,200})\)`` would match, then keeps the
 * matches whose href parses, but runs in linear time on any input: instead of trying every `[`, it
 * jumps between the `](t3-context://v1/` closers and looks back from each for its opening bracket.
 */
export function collectContextReferences(text: string): ContextReferenceOccurrence[] {
  const occurrences: ContextReferenceOccurrence[] = [];
  if (typeof text !== 'string' || !text.includes(FAST_PATH_MARKER)) return occurrences;

  let consumedUpTo = 0;
  for (let closer = text.indexOf(CLOSER); closer !== -1; closer = text.indexOf(CLOSER, closer + 1)) {
    if (closer < consumedUpTo) continue;
    const hrefStart = closer + 2;
    HREF_TAIL.lastIndex = hrefStart + CONTEXT_HREF_PREFIX.length;
    if (!HREF_TAIL.test(text)) continue;
    const end = HREF_TAIL.lastIndex;

    const open = findOpeningBracket(text, closer, consumedUpTo);
    if (open === -1) continue;
    const image = open > consumedUpTo && text.charCodeAt(open - 1) === BANG;
    const start = image ? open - 1 : open;
    consumedUpTo = end;

    const parsed = parseContextHref(text.slice(hrefStart, end - 1));
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

/**
 * The leftmost `[` whose label can reach the `]` at `closer`: the label holds no `]` and no line
 * feed and is at most 512 characters, and the match may not start inside an earlier one. Each
 * backward scan stops at the nearest `]`, so over a whole text every character is visited at most
 * once.
 */
function findOpeningBracket(text: string, closer: number, lowerBound: number): number {
  const limit = Math.max(lowerBound, closer - RAW_LABEL_MAX_CHARS - 1);
  let open = -1;
  for (let i = closer - 1; i >= limit; i--) {
    const code = text.charCodeAt(i);
    if (code === CLOSE_BRACKET || code === LINE_FEED) break;
    if (code === OPEN_BRACKET) open = i;
  }
  return open;
}

/** Replaces each reference by `replace(occurrence)`; the text between references is kept as is. */
export function replaceContextReferences(
  text: string,
  replace: (occurrence: ContextReferenceOccurrence) => string,
): string {
  const occurrences = collectContextReferences(text);
  if (occurrences.length === 0) return text;
  let result = '';
  let cursor = 0;
  for (const occurrence of occurrences) {
    result += text.slice(cursor, occurrence.start) + replace(occurrence);
    cursor = occurrence.end;
  }
  return result + text.slice(cursor);
}
