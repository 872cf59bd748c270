import { isValidBuiltRecord } from '../record-schema.js';
import type { ReviewCommentContextRecord } from '../types.js';
import {
  backtickRunLength,
  isAsciiLetter,
  isIdChar,
  isJsWhitespace,
  isLineStart,
  isWordChar,
  lineEndFrom,
  rememberedIndexOf,
  rememberedSearch,
  type ForwardSearch,
} from '../text-scan.js';
import { ESCAPED_TAGS, decodeReviewBody } from './review-body.js';
import { TRAILING_BLOCK_TAGS } from './trailing.js';

/**
 * Legacy `<review_comment …>` blocks: finding them in place (fence-aware) and turning one into a
 * review-comment record.
 */

const REVIEW_OPENING = '<review_comment';
const REVIEW_CLOSING = '</review_comment>';
const BACKTICK = 0x60;

/** One closed review block: `text.slice(start, end)`, its raw attribute text and raw body. */
interface ReviewBlock {
  start: number;
  end: number;
  attributes: string;
  body: string;
}

/** A review record before its positional id is assigned. */
type ReviewCommentDraft = Omit<ReviewCommentContextRecord, 'contextId'>;

/**
 * Visits every closed review block, left to right. Review openings are searched from `<` to `<`;
 * a whole `<terminal_context>`, `<element_context>` or `<preview_annotation>` block opening at a
 * line start is skipped. The closing tag counts only outside a code fence. An opening without a
 * closing tag stops the scan: it and everything after it are not reviews.
 */
export function forEachReviewBlock(text: string, visit: (block: ReviewBlock) => void): void {
  const nextGreaterThan = rememberedIndexOf(text, '>');
  const findClosing = reviewClosingFinder(text);
  // The trailing blocks own their payload: review-shaped text inside them is not a review.
  const opaqueClosings = TRAILING_BLOCK_TAGS.map(({ opening, closing }) => ({
    opening,
    closing,
    nextClosing: rememberedIndexOf(text, closing),
  }));

  let index = text.indexOf('<');
  while (index !== -1) {
    const opening = matchReviewOpening(text, index, nextGreaterThan);
    if (opening) {
      const closing = findClosing(opening.bodyStart);
      if (closing === -1) return;
      const end = closing + REVIEW_CLOSING.length;
      visit({ start: index, end, attributes: opening.attributes, body: text.slice(opening.bodyStart, closing) });
      index = text.indexOf('<', end);
      continue;
    }
    const skippedTo = isLineStart(text, index) ? opaqueBlockEnd(text, index, opaqueClosings) : -1;
    index = text.indexOf('<', skippedTo === -1 ? index + 1 : skippedTo);
  }
}

/** `<review_comment\b([^>]*)>` at `index`. */
function matchReviewOpening(
  text: string,
  index: number,
  nextGreaterThan: ForwardSearch,
): { attributes: string; bodyStart: number } | null {
  if (!text.startsWith(REVIEW_OPENING, index)) return null;
  const attributesStart = index + REVIEW_OPENING.length;
  if (isWordChar(text.charCodeAt(attributesStart))) return null;
  const greaterThan = nextGreaterThan(attributesStart);
  if (greaterThan === -1) return null;
  return { attributes: text.slice(attributesStart, greaterThan), bodyStart: greaterThan + 1 };
}

/** The end of `^<tag>\n[\s\S]*?\n</tag>` starting at `index`, or -1. */
function opaqueBlockEnd(
  text: string,
  index: number,
  blocks: ReadonlyArray<{ opening: string; closing: string; nextClosing: ForwardSearch }>,
): number {
  for (const block of blocks) {
    if (!text.startsWith(block.opening, index)) continue;
    const closing = block.nextClosing(index + block.opening.length);
    return closing === -1 ? -1 : closing + block.closing.length;
  }
  return -1;
}

/**
 * Finds the `</review_comment>` that closes a body. A line of three or more backticks (plus an
 * optional info string) opens a fence of that length; a later backtick line at least as long with
 * an empty info string closes it. Fence lines are consumed whole, so a closing tag on a fence line
 * never counts. Closing tags and fence lines are found by forward searches shared by all the
 * bodies of a text, so the scan reads each character of the text a bounded number of times.
 */
function reviewClosingFinder(text: string): (from: number) => number {
  const nextClosingTag = rememberedIndexOf(text, REVIEW_CLOSING);
  const nextFenceLine = rememberedSearch((from) => fenceLineFrom(text, from));
  /** The index of the closing tag for a body starting at `from`, or -1. */
  return (from) => {
    let fenceLength = 0;
    let index = from;
    for (;;) {
      const fence = nextFenceLine(index);
      if (fenceLength === 0) {
        const closing = nextClosingTag(index);
        if (closing !== -1 && (fence === -1 || closing < fence)) return closing;
      }
      if (fence === -1) return -1;
      const run = backtickRunLength(text, fence);
      const lineEnd = lineEndFrom(text, fence + run);
      if (fenceLength === 0) fenceLength = run;
      else if (run >= fenceLength && text.slice(fence + run, lineEnd).trim() === '') fenceLength = 0;
      index = lineEnd;
    }
  };
}

/** The next run of three or more backticks at a line start, at or after `from`; or -1. */
function fenceLineFrom(text: string, from: number): number {
  for (let at = text.indexOf('```', from); at !== -1;) {
    if (isLineStart(text, at)) return at;
    at = text.indexOf('```', at + backtickRunLength(text, at));
  }
  return -1;
}

/**
 * Builds the review record for one block, or null when its attributes are missing or malformed (the
 * block then stays as text). A body marked `bodyEncoding="escaped-tags"` is decoded. The
 * `sourceRevision` and `sourceStale` attributes the serializer writes are not read back.
 */
export function buildReviewDraft(rawAttributes: string, rawBody: string): ReviewCommentDraft | null {
  const attributes = parseReviewAttributes(rawAttributes);
  const filePath = attributes.get('filePath')?.trim();
  const sectionId = attributes.get('sectionId')?.trim();
  const startIndex = attributes.get('startIndex') ?? '';
  const endIndex = attributes.get('endIndex') ?? '';
  if (!filePath || !sectionId || !/^\d+$/.test(startIndex) || !/^\d+$/.test(endIndex)) return null;

  const fence = findLastFence(rawBody);
  // A marked body was encoded by the writer; an unmarked one (every historical block) is as written.
  const decode = attributes.get('bodyEncoding') === ESCAPED_TAGS ? decodeReviewBody : (text: string) => text;
  const rangeLabel = attributes.get('rangeLabel')?.trim() || 'line';
  const start = Number(startIndex);
  const end = Number(endIndex);
  return {
    version: 1,
    kind: 'review-comment',
    label: `${basename(filePath)} ${rangeLabel}`,
    sectionId,
    sectionTitle: attributes.get('sectionTitle')?.trim() || 'Review',
    filePath,
    startIndex: Math.min(start, end),
    endIndex: Math.max(start, end),
    rangeLabel,
    text: decode(rawBody.slice(0, fence ? fence.index : rawBody.length).trim()),
    diff: decode(fence ? fence.content : ''),
    fenceLanguage: fence?.language || 'diff',
  };
}

/**
 * The draft as a record under a trial id, or null when it is not valid as built. Only the id
 * depends on the position, so the upgrade gives the record its final id without checking it again.
 */
export function checkReviewDraft(draft: ReviewCommentDraft): ReviewCommentContextRecord | null {
  const { version, ...fields } = draft;
  const record = { version, contextId: 'legacy_review-comment_1', ...fields };
  return isValidBuiltRecord(record) ? record : null;
}

function basename(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] ?? path;
}

/**
 * The attributes of `([a-zA-Z][a-zA-Z0-9_-]*)="([^"]*)"` matched globally, values unescaped; a
 * later duplicate wins. Scanned by runs of name characters rather than by regex so that a long
 * run without `="` costs its length once, not its length squared.
 */
function parseReviewAttributes(raw: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let index = 0;
  while (index < raw.length) {
    if (!isIdChar(raw.charCodeAt(index))) {
      index++;
      continue;
    }
    let runEnd = index;
    while (runEnd < raw.length && isIdChar(raw.charCodeAt(runEnd))) runEnd++;
    let nameStart = index;
    while (nameStart < runEnd && !isAsciiLetter(raw.charCodeAt(nameStart))) nameStart++;
    if (nameStart < runEnd && raw.startsWith('="', runEnd)) {
      const valueEnd = raw.indexOf('"', runEnd + 2);
      if (valueEnd === -1) break;
      attributes.set(raw.slice(nameStart, runEnd), unescapeAttribute(raw.slice(runEnd + 2, valueEnd)));
      index = valueEnd + 1;
      continue;
    }
    index = runEnd;
  }
  return attributes;
}

/** `&lt;`, `&gt;`, `&quot;`, then `&amp;`: the reverse of the serializer's escaping. */
function unescapeAttribute(value: string): string {
  if (!value.includes('&')) return value;
  return value.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

/** The last fence of a review body: where it starts, its language and its content. */
interface ReviewFence {
  index: number;
  language: string;
  content: string;
}

interface FenceCloser {
  /** Index of the `\n` before the backticks. */
  at: number;
  run: number;
}

/**
 * The last match of ``(`{3,})([^\s`]*)[^\n]*\n([\s\S]*?)\n\1`` (global, non-overlapping), found
 * in linear time. The regex tries the longest opening run first and backs off to shorter ones, so
 * a match uses the longest fence length `k` (up to the opening run) for which some later line
 * starts with `k` backticks, and closes at the first such line.
 */
function findLastFence(body: string): ReviewFence | null {
  const closers = collectFenceClosers(body);
  const longestFrom = suffixMaxima(closers);
  let closerIndex = 0;
  let last: ReviewFence | null = null;
  let cursor = 0;
  for (;;) {
    const start = body.indexOf('```', cursor);
    if (start === -1) break;
    const run = backtickRunLength(body, start);
    const lineFeed = body.indexOf('\n', start + run);
    if (lineFeed === -1) break;
    const contentStart = lineFeed + 1;
    let passed = closers[closerIndex];
    while (passed !== undefined && passed.at < contentStart) passed = closers[++closerIndex];
    const fenceLength = Math.min(run, longestFrom[closerIndex] ?? 0);
    // Without any closer of three backticks after this line, no later opening can close either.
    if (fenceLength < 3) break;
    // The first closer at least as long: one exists, as `longestFrom` says.
    let closer = closerIndex;
    let closing = closers[closer];
    while (closing !== undefined && closing.run < fenceLength) closing = closers[++closer];
    if (closing === undefined) break;
    const { at } = closing;
    last = { index: start, language: fenceInfoWord(body, start + fenceLength), content: body.slice(contentStart, at) };
    cursor = at + 1 + fenceLength;
    closerIndex = closer + 1;
  }
  return last;
}

/** Every `\n` followed by three or more backticks, with the length of that run. */
function collectFenceClosers(body: string): FenceCloser[] {
  const closers: FenceCloser[] = [];
  for (let at = body.indexOf('\n```'); at !== -1; at = body.indexOf('\n```', at + 1)) {
    closers.push({ at, run: backtickRunLength(body, at + 1) });
  }
  return closers;
}

/** `maxima[i]` = the longest run among `closers[i..]`. */
function suffixMaxima(closers: readonly FenceCloser[]): number[] {
  const maxima = new Array<number>(closers.length);
  closers.reduceRight((longest, { run }, index) => (maxima[index] = Math.max(longest, run)), 0);
  return maxima;
}

/** `[^\s`]*` at `index`: the fence's language word. */
function fenceInfoWord(body: string, index: number): string {
  let end = index;
  while (end < body.length) {
    const code = body.charCodeAt(end);
    if (code === BACKTICK || isJsWhitespace(code)) break;
    end++;
  }
  return body.slice(index, end);
}
