import { isAsciiDigit, trimmedEnd } from '../text-scan.js';

/** Legacy blocks the old send path appended after the prose, in the order they are peeled off. */
export type TrailingBlockTag = 'preview_annotation' | 'element_context' | 'terminal_context';

export const TRAILING_BLOCK_PEEL_ORDER: readonly TrailingBlockTag[] = [
  'preview_annotation',
  'element_context',
  'terminal_context',
];

/** A block at the end of `text.slice(0, end)`: the match starts at `start`, its body is `[bodyStart, bodyEnd)`. */
export interface TrailingBlock {
  tag: TrailingBlockTag;
  start: number;
  bodyStart: number;
  bodyEnd: number;
}

/**
 * The leftmost match, within `text.slice(0, end)`, of ``\n*<tag>\n(body)\n</tag>\s*$``, where the
 * body is lazy for terminal and element blocks and may not contain `\n</preview_annotation>` for
 * previews (so adjacent previews peel one at a time). Only one closing tag can be followed by
 * nothing but whitespace, so the match closes there and opens at the leftmost opening that
 * reaches it.
 */
export function matchTrailingBlock(text: string, end: number, tag: TrailingBlockTag): TrailingBlock | null {
  const opening = `<${tag}>\n`;
  const closing = `\n</${tag}>`;
  const bodyEnd = trimmedEnd(text, end) - closing.length;
  if (bodyEnd < 0 || !text.startsWith(closing, bodyEnd)) return null;

  let searchFrom = 0;
  if (tag === 'preview_annotation') {
    const previousClosing = bodyEnd > 0 ? text.lastIndexOf(closing, bodyEnd - 1) : -1;
    // The body must start after any earlier closing tag.
    if (previousClosing !== -1) searchFrom = Math.max(0, previousClosing + 1 - opening.length);
  }
  const openingAt = text.indexOf(opening, searchFrom);
  if (openingAt === -1 || openingAt + opening.length > bodyEnd) return null;

  let start = openingAt;
  while (start > 0 && text.charCodeAt(start - 1) === 0x0a) start--;
  return { tag, start, bodyStart: openingAt + opening.length, bodyEnd };
}

/** The first block of the peel order ending `text.slice(0, end)`. */
export function matchAnyTrailingBlock(text: string, end: number): TrailingBlock | null {
  for (const tag of TRAILING_BLOCK_PEEL_ORDER) {
    const block = matchTrailingBlock(text, end, tag);
    if (block) return block;
  }
  return null;
}

/**
 * The review tokens ending the text, as ``(?:\s*TOK\d+TOK)+\s*$`` would match them: `start` is
 * where the match begins (whitespace before the first token included) and `indices` the token
 * numbers in order. Null when the text does not end with a token.
 */
export function matchTrailingTokens(text: string, token: string): { start: number; indices: number[] } | null {
  const indices: number[] = [];
  let start = -1;
  let position = trimmedEnd(text, text.length);
  for (;;) {
    const digitsEnd = position - token.length;
    if (digitsEnd < 0 || !text.startsWith(token, digitsEnd)) break;
    let digitsStart = digitsEnd;
    while (digitsStart > 0 && isAsciiDigit(text.charCodeAt(digitsStart - 1))) digitsStart--;
    const tokenStart = digitsStart - token.length;
    if (digitsStart === digitsEnd || tokenStart < 0 || !text.startsWith(token, tokenStart)) break;
    indices.unshift(Number(text.slice(digitsStart, digitsEnd)));
    position = trimmedEnd(text, tokenStart);
    start = position;
  }
  return indices.length === 0 ? null : { start, indices };
}
