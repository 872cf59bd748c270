import { decodeContextRecordList } from '../records.js';
import { replaceContextReferences, type ContextReferenceOccurrence } from '../references.js';
import type {
  ContextRecord,
  ElementContextDetails,
  KnownContextKind,
  KnownContextRecord,
  PreviewAnnotationContextRecord,
  ReviewCommentContextRecord,
  TerminalContextRecord,
} from '../types.js';
import { escapeAttribute, numberedTerminalLines } from '../text-format.js';
import { inlineTerminalLabel, terminalRange } from './blocks.js';
import { ESCAPED_TAGS, encodeReviewBody, needsReviewBodyEncoding } from './review-body.js';

/**
 * The reverse of the legacy upgrade, for servers that predate inline references (they would drop
 * the records and forward the links as literal text): the payload travels inside the message, in
 * the format `upgradeLegacyMessage` reads back.
 */

export interface LegacySerializeInput {
  text: string;
  records: readonly ContextRecord[];
}

const LINE_BREAKS = /[\r\n\u2028\u2029]/g;

/**
 * Replaces each reference that has a record: a review comment by its inline `<review_comment>`
 * block, a terminal by its `@slug:range` label, any other kind by its label. A reference without
 * a record stays as the raw link. Then appends one `<terminal_context>` block with every terminal
 * record, one `<element_context>` block with every element record, one `<preview_annotation>`
 * block per annotation, referenced or not, and the block of each review comment the text never
 * referenced, each after a blank line, as T3 Code does. The text's trailing whitespace is trimmed,
 * blocks or not. Records that do not decode are ignored, and of records sharing an id the first
 * is used; nothing throws.
 */
export function serializeLegacyMessage({ text, records }: LegacySerializeInput): string {
  const prose = typeof text === 'string' ? text : '';
  const valid = decodeContextRecordList(records).records;
  const byId = new Map<string, ContextRecord>();
  for (const record of valid) if (!byId.has(record.contextId)) byId.set(record.contextId, record);

  const referenced = new Set<string>();
  const inlined = replaceContextReferences(prose, (occurrence) => {
    const record = byId.get(occurrence.contextId);
    if (!record) return occurrence.source;
    referenced.add(record.contextId);
    return inlineForm(record, occurrence);
  });

  const unreferencedReviews = recordsOfKind(valid, 'review-comment').filter(
    (record) => byId.get(record.contextId) === record && !referenced.has(record.contextId),
  );
  const blocks = [
    renderBlock('terminal_context', recordsOfKind(valid, 'terminal').map(renderTerminalEntry)),
    renderBlock('element_context', recordsOfKind(valid, 'element').map(renderElementEntry)),
    ...recordsOfKind(valid, 'preview-annotation').map(renderPreviewBlock),
    ...unreferencedReviews.map(renderReviewBlock),
  ].filter((block) => block !== '');
  return [inlined.trimEnd(), ...blocks].filter((part) => part !== '').join('\n\n');
}

type RecordOfKind<K extends KnownContextKind> = Extract<KnownContextRecord, { kind: K }>;

function isOfKind<K extends KnownContextKind>(record: ContextRecord, kind: K): record is RecordOfKind<K> {
  return record.kind === kind;
}

function recordsOfKind<K extends KnownContextKind>(records: readonly ContextRecord[], kind: K): RecordOfKind<K>[] {
  return records.filter((record): record is RecordOfKind<K> => isOfKind(record, kind));
}

function inlineForm(record: ContextRecord, occurrence: ContextReferenceOccurrence): string {
  if (isOfKind(record, 'review-comment')) return renderReviewBlock(record);
  if (isOfKind(record, 'terminal')) return inlineTerminalLabel(record);
  // A blank label would make the reference vanish; the link's own label is what the user saw.
  return record.label.trim() === '' ? occurrence.label : record.label;
}

/** Header and field values live on one line; a line break inside one would split the entry. */
function singleLine(value: string): string {
  return value.replace(LINE_BREAKS, ' ');
}

/** Indents every non-blank line by two spaces; blank lines stay empty. */
function indent(value: string): string {
  return value
    .split('\n')
    .map((line) => (line === '' ? '' : `  ${line}`))
    .join('\n');
}

function renderBlock(tag: string, entries: readonly string[]): string {
  return entries.length === 0 ? '' : `<${tag}>\n${entries.join('\n')}\n</${tag}>`;
}

/** `- <label> line N:` or `- <label> lines A-B:`, then `N | line` for each line of the range. */
function renderTerminalEntry(record: TerminalContextRecord): string {
  const range = `${record.lineStart === record.lineEnd ? 'line' : 'lines'} ${terminalRange(record)}`;
  return `- ${singleLine(record.terminalLabel)} ${range}:\n${indent(numberedTerminalLines(record).join('\n'))}`;
}

function renderElementEntry(details: ElementContextDetails): string {
  const name = singleLine(details.componentName || details.tagName);
  const fields: string[] = [];
  if (details.pageUrl) fields.push(`url: ${singleLine(details.pageUrl)}`);
  if (details.selector) fields.push(`selector: ${singleLine(details.selector)}`);
  const source = details.source;
  if (source?.fileName) {
    // A column without a line number would read back as the line number, so it is left out.
    const line = source.lineNumber === null ? '' : `:${source.lineNumber}`;
    const column = source.lineNumber !== null && source.columnNumber !== null ? `:${source.columnNumber}` : '';
    fields.push(`source: ${singleLine(source.fileName)}${line}${column}`);
  }
  if (details.htmlPreview) fields.push(`html:\n${indent(details.htmlPreview)}`);
  if (details.styles) fields.push(`styles:\n${indent(details.styles)}`);
  // Without fields the header still ends its line, so the block reads `- <tag>:`, a blank line, `</element_context>`.
  return `- <${name}>:\n${indent(fields.join('\n'))}`;
}

function renderPreviewBlock(record: PreviewAnnotationContextRecord): string {
  const lines = [
    `Id: ${singleLine(record.annotationId)}`,
    `Page: ${singleLine(record.pageUrl || record.pageTitle || '')}`,
  ];
  if (record.comment) lines.push(`Comment: ${record.comment}`);
  if (record.targetSummary) lines.push(`Targets: ${record.targetSummary}`);
  if (record.styleChanges.length > 0) {
    lines.push('Requested visual changes:', ...record.styleChanges.map((change) => `- ${singleLine(change)}`));
  }
  if (record.elements && record.elements.length > 0) {
    lines.push('<element_context>', ...record.elements.map(renderElementEntry), '</element_context>');
  }
  return `<preview_annotation>\n${lines.join('\n')}\n</preview_annotation>`;
}

/**
 * A review block: T3's attributes in T3's order (`sourceRevision` and `sourceStale` when the record
 * has them), the comment, then the diff in a fence longer than any backtick run inside it. A body
 * holding review comment markup travels encoded, marked `bodyEncoding="escaped-tags"`.
 */
function renderReviewBlock(record: ReviewCommentContextRecord): string {
  const encoded = needsReviewBodyEncoding(record.text, record.diff);
  const attributes = [
    `sectionId="${escapeAttribute(record.sectionId)}"`,
    `sectionTitle="${escapeAttribute(record.sectionTitle)}"`,
    `filePath="${escapeAttribute(record.filePath)}"`,
    `rangeLabel="${escapeAttribute(record.rangeLabel)}"`,
    ...(record.sourceRevision ? [`sourceRevision="${escapeAttribute(record.sourceRevision)}"`] : []),
    ...(record.sourceStale ? ['sourceStale="true"'] : []),
    `startIndex="${record.startIndex}"`,
    `endIndex="${record.endIndex}"`,
    ...(encoded ? [`bodyEncoding="${ESCAPED_TAGS}"`] : []),
  ].join(' ');
  const text = encoded ? encodeReviewBody(record.text) : record.text;
  const diff = encoded ? encodeReviewBody(record.diff) : record.diff;
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(diff) + 1));
  const body = diff ? `${text}\n\n${fence}${singleLine(record.fenceLanguage ?? 'diff')}\n${diff}\n${fence}` : text;
  return `<review_comment ${attributes}>\n${body}\n</review_comment>`;
}

function longestBacktickRun(value: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < value.length; i++) {
    run = value.charCodeAt(i) === 0x60 ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
