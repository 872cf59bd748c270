import { MESSAGE_CONTEXT_MAX_RECORDS } from '../grammar.js';
import { decodeContextRecord } from '../records.js';
import { formatContextReference } from '../references.js';
import type { ContextRecord, ReviewCommentContextRecord, TerminalContextRecord } from '../types.js';
import {
  buildElementDraft,
  buildPreviewDraft,
  buildTerminalDraft,
  parseLegacyEntries,
  type ElementDraft,
  type LegacyEntry,
  type PreviewAnnotationDraft,
  type TerminalDraft,
} from './blocks.js';
import { buildReviewDraft, decodeReviewDraft, replaceReviewBlocks } from './review.js';
import { bindTerminalLabels } from './labels.js';
import { isAsciiDigit, withoutTrailingLineFeeds } from '../text-scan.js';
import { matchAnyTrailingBlock, matchTrailingTokens, type TrailingBlock } from './trailing.js';

/**
 * The in-memory upgrade of messages written before inline context references: trailing
 * `<terminal_context>`, `<element_context>` and `<preview_annotation>` blocks, inline or trailing
 * `<review_comment>` blocks and U+FFFC terminal placeholders become canonical reference links plus
 * records with deterministic ids. Stored history is never rewritten.
 */

export interface LegacyUpgradeResult {
  text: string;
  records: ContextRecord[];
}

const LEGACY_MARKER = /<(?:terminal_context|element_context|preview_annotation|review_comment)\b|\uFFFC/;
const TERMINAL_PLACEHOLDER = '\uFFFC';
const TOKEN_UNIT = '\uE000';

/** True when the text holds anything the upgrade looks at. */
function hasLegacyContextMarkers(text: string): boolean {
  return LEGACY_MARKER.test(text);
}

/**
 * Upgrades a legacy message. Atomic: when any block fails to parse, or any produced record would
 * fail the wire decoder, or there would be more than 200 records, the original text comes back with
 * no records. Idempotent, deterministic, and never throws.
 */
export function upgradeLegacyMessage(text: string): LegacyUpgradeResult {
  if (typeof text !== 'string') return { text: '', records: [] };
  try {
    const first = upgradeOnce(text);
    if (!hasLegacyContextMarkers(first.text) || (first.text === text && first.records.length === 0)) return first;
    // Removing placeholders or inserting labels can, in contrived texts, assemble new markers. A
    // result that would upgrade further is refused, so upgrading stays idempotent.
    const second = upgradeOnce(first.text);
    return second.text === first.text && second.records.length === 0 ? first : { text, records: [] };
  } catch {
    return { text, records: [] };
  }
}

/** Reviews found in place: each decoded record (under a trial id) with the raw block it replaced. */
interface InPlaceReview {
  record: ReviewCommentContextRecord;
  source: string;
}

/** What peeling the trailing blocks collected, in original order. */
interface PeeledBlocks {
  terminalEntries: LegacyEntry[];
  elementEntries: LegacyEntry[];
  previewBodies: string[];
  /** Reviews whose token sat inside a peeled block: their text went back into that block. */
  swallowedReviews: Set<number>;
  /** Where the prose ends. */
  end: number;
}

class UpgradeAborted extends Error {}

function upgradeOnce(text: string): LegacyUpgradeResult {
  if (!hasLegacyContextMarkers(text)) return { text, records: [] };
  try {
    return convert(text);
  } catch (error) {
    if (error instanceof UpgradeAborted) return { text, records: [] };
    throw error;
  }
}

function convert(text: string): LegacyUpgradeResult {
  const token = temporaryToken(text);
  const reviews: InPlaceReview[] = [];
  let tooManyReviews = false;
  const rest = replaceReviewBlocks(text, (block) => {
    const source = text.slice(block.start, block.end);
    if (tooManyReviews) return source;
    const draft = buildReviewDraft(block.attributes, block.body);
    const record = draft && decodeReviewDraft(draft);
    if (!record) return source;
    if (reviews.length === MESSAGE_CONTEXT_MAX_RECORDS) tooManyReviews = true;
    reviews.push({ record, source });
    return `${token}${reviews.length - 1}${token}`;
  });
  if (tooManyReviews) throw new UpgradeAborted();

  const { end: proseEnd, appendedReviews } = peelTrailingReviews(rest, token);
  const peeled = peelTrailingBlocks(rest, proseEnd, token, reviews);

  const terminalDrafts = numbered(peeled.terminalEntries.map(buildTerminalDraft), 'terminal');
  const elementDrafts = numbered(peeled.elementEntries.map(buildElementDraft), 'element');
  const previewDrafts = numbered(peeled.previewBodies.map(buildPreviewDraft), 'preview-annotation');
  const keptTokens = reviews.map((_, index) => index).filter((index) => !peeled.swallowedReviews.has(index));
  // Reviews were decoded when found; only their positional ids are new.
  const reviewDrafts = keptTokens.map((tokenIndex, index) => ({
    ...reviews[tokenIndex]!.record,
    contextId: `legacy_review-comment_${index + 1}`,
  }));

  const records = [...validated([...terminalDrafts, ...elementDrafts, ...previewDrafts], reviewDrafts.length), ...reviewDrafts];
  const terminals = records.slice(0, terminalDrafts.length) as TerminalContextRecord[];
  const reviewsStart = records.length - reviewDrafts.length;
  const elementsAndPreviews = records.slice(terminals.length, reviewsStart);
  const reviewByToken = new Map(keptTokens.map((tokenIndex, n) => [tokenIndex, records[reviewsStart + n]!]));

  const { body, placedTerminals } = rebuildBody(rest.slice(0, peeled.end), token, reviewByToken, terminals);
  const appended = [
    ...terminals.filter((record) => !placedTerminals.has(record)),
    ...elementsAndPreviews,
    ...appendedReviews.flatMap((tokenIndex) => reviewByToken.get(tokenIndex) ?? []),
  ].map((record) => formatContextReference(record));
  return { text: joinAppended(body, appended), records };
}

/**
 * The private-use character U+E000, doubled while the text already contains it, so review
 * placeholders can never be confused with the user's own characters.
 */
function temporaryToken(text: string): string {
  let token = TOKEN_UNIT;
  while (text.includes(token)) token += token;
  return token;
}

/**
 * Review tokens at the very end are reviews the old send path appended; they move to the end
 * of the upgraded text. They are peeled only when the text before them ends with another trailing
 * block, otherwise they are inline reviews at the end of the prose and stay where they are.
 */
function peelTrailingReviews(rest: string, token: string): { end: number; appendedReviews: number[] } {
  const trailing = matchTrailingTokens(rest, token);
  if (!trailing || matchAnyTrailingBlock(rest, trailing.start) === null) {
    return { end: rest.length, appendedReviews: [] };
  }
  return { end: trailing.start, appendedReviews: trailing.indices };
}

/**
 * Peels preview, element and terminal blocks off the end, one at a time, until none is left.
 * Element and terminal blocks must parse entirely, or the whole upgrade is abandoned.
 */
function peelTrailingBlocks(rest: string, end: number, token: string, reviews: readonly InPlaceReview[]): PeeledBlocks {
  const peeled: PeeledBlocks = {
    terminalEntries: [],
    elementEntries: [],
    previewBodies: [],
    swallowedReviews: new Set(),
    end,
  };
  let recordCount = reviews.length;
  for (let block = matchAnyTrailingBlock(rest, end); block; block = matchAnyTrailingBlock(rest, peeled.end)) {
    const body = restoreReviewSources(rest.slice(block.bodyStart, block.bodyEnd), token, reviews, peeled.swallowedReviews);
    recordCount += collectBlock(peeled, block, body);
    if (recordCount > MESSAGE_CONTEXT_MAX_RECORDS) throw new UpgradeAborted();
    peeled.end = withoutTrailingLineFeeds(rest, block.start);
  }
  return peeled;
}

/** Adds one peeled block to what was collected; returns how many records it adds. */
function collectBlock(peeled: PeeledBlocks, block: TrailingBlock, body: string): number {
  if (block.tag === 'preview_annotation') {
    peeled.previewBodies.unshift(body);
    return 1;
  }
  const entries = parseLegacyEntries(body);
  if (!entries || entries.length === 0 || entries.length > MESSAGE_CONTEXT_MAX_RECORDS) throw new UpgradeAborted();
  const build = block.tag === 'element_context' ? buildElementDraft : buildTerminalDraft;
  if (entries.some((entry) => build(entry) === null)) throw new UpgradeAborted();
  (block.tag === 'element_context' ? peeled.elementEntries : peeled.terminalEntries).unshift(...entries);
  return entries.length;
}

/**
 * A review token inside a peeled block (a review-shaped text in a block the review scan could not
 * skip) goes back to the text it replaced, so the block's payload is exactly what was written.
 */
function restoreReviewSources(
  segment: string,
  token: string,
  reviews: readonly InPlaceReview[],
  swallowed: Set<number>,
): string {
  return replaceTokens(segment, token, (index) => {
    swallowed.add(index);
    return reviews[index]?.source ?? '';
  });
}

/** Replaces every `TOKEN<digits>TOKEN`, scanning left to right like a global regex. */
function replaceTokens(segment: string, token: string, replace: (index: number) => string): string {
  let result = '';
  let replaced = false;
  forEachTokenPart(
    segment,
    token,
    (text) => (result += text),
    (index) => {
      result += replace(index);
      replaced = true;
    },
  );
  return replaced ? result : segment;
}

/**
 * Walks `segment` left to right like a global `TOKEN\d+TOKEN` regex: `onText` gets each stretch
 * between tokens (possibly empty), `onToken` each token's number, in order.
 */
function forEachTokenPart(
  segment: string,
  token: string,
  onText: (text: string) => void,
  onToken: (index: number) => void,
): void {
  let consumed = 0;
  let at = segment.indexOf(token);
  while (at !== -1) {
    const digitsStart = at + token.length;
    let digitsEnd = digitsStart;
    while (isAsciiDigit(segment.charCodeAt(digitsEnd))) digitsEnd++;
    if (digitsEnd > digitsStart && segment.startsWith(token, digitsEnd)) {
      const end = digitsEnd + token.length;
      onText(segment.slice(consumed, at));
      onToken(Number(segment.slice(digitsStart, digitsEnd)));
      consumed = end;
      at = segment.indexOf(token, end);
    } else {
      at = segment.indexOf(token, at + 1);
    }
  }
  onText(segment.slice(consumed));
}

type Draft = TerminalDraft | ElementDraft | PreviewAnnotationDraft;

/** Gives drafts their positional ids `legacy_<kind>_<n>`, 1-based; a failed draft aborts. */
function numbered(drafts: ReadonlyArray<Draft | null>, kind: Draft['kind']): ContextRecord[] {
  return drafts.map((draft, index) => {
    if (draft === null) throw new UpgradeAborted();
    const { version, ...fields } = draft;
    return { version, contextId: `legacy_${kind}_${index + 1}`, ...fields } as ContextRecord;
  });
}

/**
 * Every record as the wire decoder returns it; any failure, or too many records together with the
 * `alreadyDecoded` ones, aborts the upgrade.
 */
function validated(records: readonly ContextRecord[], alreadyDecoded: number): ContextRecord[] {
  if (records.length + alreadyDecoded > MESSAGE_CONTEXT_MAX_RECORDS) throw new UpgradeAborted();
  return records.map((record) => {
    const decoded = decodeContextRecord(record);
    if (!decoded.ok) throw new UpgradeAborted();
    return decoded.record;
  });
}

/**
 * The prose with review tokens turned into links, each U+FFFC bound in order to the next terminal
 * (placeholders beyond the terminals are dropped), and each remaining terminal bound to the first
 * standalone occurrence of its materialized `@slug:range` label; trailing whitespace trimmed.
 */
function rebuildBody(
  prose: string,
  token: string,
  reviewByToken: ReadonlyMap<number, ContextRecord>,
  terminals: readonly TerminalContextRecord[],
): { body: string; placedTerminals: Set<TerminalContextRecord> } {
  // Review tokens and placeholders are replaced in one pass and the body joined once. Placeholders
  // are numbered in the text as it reads after the review links are in, so a placeholder inside a
  // review link (a file path can hold one) takes its turn there.
  const parts: string[] = [];
  let placeholderCount = 0;
  const pushBindingPlaceholders = (text: string): void => {
    let from = 0;
    for (let at = text.indexOf(TERMINAL_PLACEHOLDER); at !== -1; at = text.indexOf(TERMINAL_PLACEHOLDER, from)) {
      const terminal = terminals[placeholderCount++];
      parts.push(text.slice(from, at), terminal ? formatContextReference(terminal) : '');
      from = at + TERMINAL_PLACEHOLDER.length;
    }
    parts.push(from === 0 ? text : text.slice(from));
  };
  forEachTokenPart(prose, token, pushBindingPlaceholders, (index) => {
    const record = reviewByToken.get(index);
    if (record) pushBindingPlaceholders(formatContextReference(record));
  });

  const placedByPlaceholder = terminals.slice(0, placeholderCount);
  const bound = bindTerminalLabels(parts.join(''), terminals.slice(placeholderCount));
  return { body: bound.body.trimEnd(), placedTerminals: new Set([...placedByPlaceholder, ...bound.placed]) };
}

/** The body, a blank line, then the appended links joined by spaces (the links alone for an empty body). */
function joinAppended(body: string, links: readonly string[]): string {
  if (links.length === 0) return body;
  const joined = links.join(' ');
  return body === '' ? joined : `${body}\n\n${joined}`;
}
