import { trimmedEnd } from '../text-scan.js';
import { TRAILING_BLOCK_PEEL_ORDER, type TrailingBlockTag } from './markers.js';

export { TRAILING_BLOCK_PEEL_ORDER };

/**
 * A stretch of the text that peeling reads as one opaque placeholder: a review the upgrade
 * converts. Peeling sees the text as if each such review were already replaced, so no tag inside
 * one counts.
 */
export interface OpaqueSpan {
  start: number;
  end: number;
}

/** A block at the end of `text.slice(0, end)`: the match starts at `start`, its body is `[bodyStart, bodyEnd)`. */
export interface TrailingBlock {
  tag: TrailingBlockTag;
  start: number;
  bodyStart: number;
  bodyEnd: number;
}

/** Each trailing block's tag with its opening `<tag>\n` and closing `\n</tag>`, in peel order. */
export const TRAILING_BLOCK_TAGS = TRAILING_BLOCK_PEEL_ORDER.map((tag) => ({
  tag,
  opening: `<${tag}>\n`,
  closing: `\n</${tag}>`,
}));

/** Where the openings `<tag>\n` and the closings `\n</tag>` of one tag start, in order. */
interface TagPositions {
  openings: number[];
  closings: number[];
}

export type BlockTagIndex = { readonly [T in TrailingBlockTag]: TagPositions };

/**
 * Where every opening `<tag>\n` and closing `\n</tag>` of the trailing blocks occurs outside the
 * opaque spans, found in one walk from `<` to `<`. Peeling then looks tags up instead of searching
 * the whole text for each block. (A tag whose `<` is outside the spans lies wholly outside them: a
 * span starts with `<` and ends with `>`, which no tag has at any other place.)
 */
export function indexBlockTags(text: string, spans: readonly OpaqueSpan[]): BlockTagIndex {
  const index: BlockTagIndex = {
    preview_annotation: { openings: [], closings: [] },
    element_context: { openings: [], closings: [] },
    terminal_context: { openings: [], closings: [] },
  };
  let next = 0; // the first span not ending before `at`
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    let span = spans[next];
    while (span !== undefined && span.end <= at) span = spans[++next];
    if (span !== undefined && span.start <= at) {
      at = span.end - 1;
      continue;
    }
    for (const { tag, opening, closing } of TRAILING_BLOCK_TAGS) {
      if (text.startsWith(opening, at)) index[tag].openings.push(at);
      if (at > 0 && text.startsWith(closing, at - 1)) index[tag].closings.push(at - 1);
    }
  }
  return index;
}

/** The index of the first value of `sorted` at or after `value`. */
function firstAtOrAfter(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const item = sorted[middle];
    if (item !== undefined && item < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The leftmost match, within `text.slice(0, end)`, of ``\n*<tag>\n(body)\n</tag>\s*$``, where the
 * body is lazy for terminal and element blocks and may not contain `\n</preview_annotation>` for
 * previews (so adjacent previews peel one at a time). Only one closing tag can be followed by
 * nothing but whitespace, so the match closes there and opens at the leftmost opening that
 * reaches it.
 */
function matchTrailingBlock(
  text: string,
  end: number,
  tag: TrailingBlockTag,
  tags: BlockTagIndex,
): TrailingBlock | null {
  const opening = `<${tag}>\n`;
  const closing = `\n</${tag}>`;
  const bodyEnd = trimmedEnd(text, end) - closing.length;
  if (bodyEnd < 0 || !text.startsWith(closing, bodyEnd)) return null;

  const { openings, closings } = tags[tag];
  let searchFrom = 0;
  if (tag === 'preview_annotation') {
    // The body must start after any earlier closing tag (the last one starting before `bodyEnd`).
    const previousClosing = closings[firstAtOrAfter(closings, bodyEnd) - 1];
    if (previousClosing !== undefined) searchFrom = Math.max(0, previousClosing + 1 - opening.length);
  }
  const openingAt = openings[firstAtOrAfter(openings, searchFrom)] ?? -1;
  if (openingAt === -1 || openingAt + opening.length > bodyEnd) return null;

  let start = openingAt;
  while (start > 0 && text.charCodeAt(start - 1) === 0x0a) start--;
  return { tag, start, bodyStart: openingAt + opening.length, bodyEnd };
}

/** The first block of the peel order ending `text.slice(0, end)`. */
export function matchAnyTrailingBlock(text: string, end: number, tags: BlockTagIndex): TrailingBlock | null {
  for (const tag of TRAILING_BLOCK_PEEL_ORDER) {
    const block = matchTrailingBlock(text, end, tag, tags);
    if (block) return block;
  }
  return null;
}

/**
 * The opaque spans ending the text with only whitespace around them, as ``(?:\s*SPAN)+\s*$`` would
 * match them: `start` is where the match begins (whitespace before the first span included) and
 * `first` the index of the first such span. Null when the text does not end with a span.
 */
export function matchTrailingSpans(
  text: string,
  spans: readonly OpaqueSpan[],
): { start: number; first: number } | null {
  let first = spans.length;
  let position = trimmedEnd(text, text.length);
  for (let span = spans[first - 1]; span !== undefined && span.end === position; span = spans[first - 1]) {
    first--;
    position = trimmedEnd(text, span.start);
  }
  return first === spans.length ? null : { start: position, first };
}
