import { MESSAGE_CONTEXT_MAX_RECORDS } from '../grammar.js';
import { isValidBuiltRecord } from '../record-schema.js';
import { formatContextReference } from '../references.js';
import type { ContextRecord, ReviewCommentContextRecord, TerminalContextRecord } from '../types.js';
import {
  buildElementDraft,
  buildPreviewDraft,
  buildTerminalDraft,
  parseLegacyEntries,
  type ElementDraft,
  type PreviewAnnotationDraft,
  type TerminalDraft,
} from './blocks.js';
import { buildReviewDraft, checkReviewDraft, forEachReviewBlock } from './review.js';
import { bindTerminalLabels } from './labels.js';
import { PieceText } from './pieces.js';
import { trimmedEnd, withoutTrailingLineFeeds } from '../text-scan.js';
import { hasLegacyContextMarkers, TERMINAL_PLACEHOLDER } from './markers.js';
import {
  indexBlockTags,
  matchAnyTrailingBlock,
  matchTrailingSpans,
  type BlockTagIndex,
  type OpaqueSpan,
  type TrailingBlock,
} from './trailing.js';

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

/**
 * Upgrades a legacy message. Atomic: when any block fails to parse, or any record as built is not
 * valid on the wire (checked untrimmed, as T3 checks it), or there would be more than 200 records,
 * the original text comes back with no records. The records' keys come in the order T3 builds them
 * (`version`, `contextId`, `kind`, `label`, then the kind's fields). Idempotent, deterministic, and
 * never throws.
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

/**
 * A review converted in place: its checked record (under a trial id) and where its block lies.
 * Everything after the review scan reads the text as if each converted review were already
 * replaced by one opaque placeholder, without building that text.
 */
interface ConvertedReview extends OpaqueSpan {
  record: ReviewCommentContextRecord;
}

/** What peeling the trailing blocks collected, in original order. */
interface PeeledBlocks {
  terminals: TerminalDraft[];
  elements: ElementDraft[];
  previewBodies: string[];
  /** Where the prose ends. */
  end: number;
}

class UpgradeAborted extends Error {}

function abort(): never {
  throw new UpgradeAborted();
}

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
  const reviews = convertReviews(text);
  const tags = indexBlockTags(text, reviews);
  const { end: proseEnd, firstAppended } = peelTrailingReviews(text, reviews, tags);
  const peeled = peelTrailingBlocks(text, proseEnd, reviews.length, tags);

  const terminals = numbered(peeled.terminals, 'terminal') as TerminalContextRecord[];
  const elementsAndPreviews = [
    ...numbered(peeled.elements, 'element'),
    ...numbered(peeled.previewBodies.map(buildPreviewDraft), 'preview-annotation'),
  ];
  // Reviews inside a peeled block stay part of its text: kept are the inline and appended ones.
  const inlineReviews = reviews.filter((review) => review.end <= peeled.end);
  // Reviews were checked when found; only their positional ids are new.
  const keptReviews = [...inlineReviews, ...reviews.slice(firstAppended)].map((review, index) => ({
    ...review,
    record: { ...review.record, contextId: `legacy_review-comment_${index + 1}` },
  }));
  const reviewRecords = keptReviews.map((review) => review.record);
  checkAsBuilt([...terminals, ...elementsAndPreviews], reviewRecords.length);
  const inlineLinks = keptReviews
    .slice(0, inlineReviews.length)
    .map(({ start, end, record }) => ({ start, end, link: formatContextReference(record) }));

  const { body, placedTerminals } = rebuildBody(text, peeled.end, inlineLinks, terminals);
  const appended = [
    ...terminals.filter((record) => !placedTerminals.has(record)),
    ...elementsAndPreviews,
    ...reviewRecords.slice(inlineReviews.length),
  ].map((record) => formatContextReference(record));
  return { text: joinAppended(body, appended), records: [...terminals, ...elementsAndPreviews, ...reviewRecords] };
}

/** Every review block that converts, in order; more than 200 aborts the upgrade. */
function convertReviews(text: string): ConvertedReview[] {
  const reviews: ConvertedReview[] = [];
  forEachReviewBlock(text, (block) => {
    const draft = buildReviewDraft(block.attributes, block.body);
    const record = draft && checkReviewDraft(draft);
    if (!record) return;
    if (reviews.length === MESSAGE_CONTEXT_MAX_RECORDS) abort();
    reviews.push({ start: block.start, end: block.end, record });
  });
  return reviews;
}

/**
 * Reviews at the very end are reviews the old send path appended; they move to the end of the
 * upgraded text. They are peeled only when the text before them ends with another trailing
 * block, otherwise they are inline reviews at the end of the prose and stay where they are.
 */
function peelTrailingReviews(
  text: string,
  reviews: readonly ConvertedReview[],
  tags: BlockTagIndex,
): { end: number; firstAppended: number } {
  const trailing = matchTrailingSpans(text, reviews);
  if (!trailing || matchAnyTrailingBlock(text, trailing.start, tags) === null) {
    return { end: text.length, firstAppended: reviews.length };
  }
  return { end: trailing.start, firstAppended: trailing.first };
}

/**
 * Peels preview, element and terminal blocks off the end, one at a time, until none is left.
 * Element and terminal blocks must parse entirely, or the whole upgrade is abandoned. A review
 * inside a peeled block (review-shaped text the review scan could not skip) is read back as the
 * text it is, so the block's payload is exactly what was written.
 */
function peelTrailingBlocks(text: string, end: number, reviewCount: number, tags: BlockTagIndex): PeeledBlocks {
  const peeled: PeeledBlocks = { terminals: [], elements: [], previewBodies: [], end };
  let recordCount = reviewCount;
  for (
    let block = matchAnyTrailingBlock(text, end, tags);
    block;
    block = matchAnyTrailingBlock(text, peeled.end, tags)
  ) {
    recordCount += collectBlock(peeled, block, text.slice(block.bodyStart, block.bodyEnd));
    if (recordCount > MESSAGE_CONTEXT_MAX_RECORDS) abort();
    peeled.end = withoutTrailingLineFeeds(text, block.start);
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
  if (!entries || entries.length === 0 || entries.length > MESSAGE_CONTEXT_MAX_RECORDS) abort();
  if (block.tag === 'element_context')
    peeled.elements.unshift(...entries.map((entry) => buildElementDraft(entry) ?? abort()));
  else peeled.terminals.unshift(...entries.map((entry) => buildTerminalDraft(entry) ?? abort()));
  return entries.length;
}

type Draft = TerminalDraft | ElementDraft | PreviewAnnotationDraft;

/** Gives drafts their positional ids `legacy_<kind>_<n>`, 1-based; a failed draft aborts. */
function numbered(drafts: ReadonlyArray<Draft | null>, kind: Draft['kind']): ContextRecord[] {
  return drafts.map((draft, index) => {
    if (draft === null) abort();
    const { version, ...fields } = draft;
    return { version, contextId: `legacy_${kind}_${index + 1}`, ...fields } as ContextRecord;
  });
}

/**
 * Checks each record as built (as T3 checks them: a field with surrounding whitespace fails instead
 * of being trimmed); any failure, or too many records together with the `alreadyChecked` ones,
 * aborts the upgrade.
 */
function checkAsBuilt(records: readonly ContextRecord[], alreadyChecked: number): void {
  if (records.length + alreadyChecked > MESSAGE_CONTEXT_MAX_RECORDS || !records.every(isValidBuiltRecord)) abort();
}

/**
 * The prose `text.slice(0, end)` with its reviews turned into links, each U+FFFC bound in order to
 * the next terminal (placeholders beyond the terminals are dropped), and each remaining terminal
 * bound to the first standalone occurrence of its materialized `@slug:range` label; trailing
 * whitespace trimmed. Returned as pieces, to be joined once with what is appended.
 */
function rebuildBody(
  text: string,
  end: number,
  reviewLinks: ReadonlyArray<OpaqueSpan & { link: string }>,
  terminals: readonly TerminalContextRecord[],
): { body: string[]; placedTerminals: Set<TerminalContextRecord> } {
  // Placeholders are numbered in the text as it reads after the review links are in, so a
  // placeholder inside a review link (a file path can hold one) takes its turn there.
  const parts: string[] = [];
  let placeholderCount = 0;
  const pushBindingPlaceholders = (stretch: string): void => {
    let from = 0;
    for (let at = stretch.indexOf(TERMINAL_PLACEHOLDER); at !== -1; at = stretch.indexOf(TERMINAL_PLACEHOLDER, from)) {
      const terminal = terminals[placeholderCount++];
      parts.push(stretch.slice(from, at), terminal ? formatContextReference(terminal) : '');
      from = at + TERMINAL_PLACEHOLDER.length;
    }
    parts.push(from === 0 ? stretch : stretch.slice(from));
  };
  let cursor = 0;
  for (const review of reviewLinks) {
    pushBindingPlaceholders(text.slice(cursor, review.start));
    pushBindingPlaceholders(review.link);
    cursor = review.end;
  }
  pushBindingPlaceholders(text.slice(cursor, end));

  const placedByPlaceholder = terminals.slice(0, placeholderCount);
  const bound = bindTerminalLabels(new PieceText(parts), terminals.slice(placeholderCount));
  return { body: trimEndOfPieces(bound.pieces), placedTerminals: new Set([...placedByPlaceholder, ...bound.placed]) };
}

/** The pieces of `pieces.join('').trimEnd()`. */
function trimEndOfPieces(pieces: readonly string[]): string[] {
  const trimmed = [...pieces];
  for (let last = trimmed.pop(); last !== undefined; last = trimmed.pop()) {
    const end = trimmedEnd(last, last.length);
    if (end > 0) {
      trimmed.push(last.slice(0, end));
      break;
    }
  }
  return trimmed;
}

/** The body, a blank line, then the appended links joined by spaces (the links alone for an empty body). */
function joinAppended(body: readonly string[], links: readonly string[]): string {
  if (links.length === 0) return body.join('');
  const joined = links.join(' ');
  return body.length === 0 ? joined : [...body, '\n\n', joined].join('');
}
