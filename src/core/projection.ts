import { isKnownContextRecord } from './grammar.js';
import { collectContextReferences } from './references.js';
import type {
  ContextRecord,
  ElementContextDetails,
  ElementSource,
  KnownContextRecord,
  PreviewAnnotationContextRecord,
  ReviewCommentContextRecord,
  TerminalContextRecord,
  UnknownContextRecord,
} from './types.js';

/**
 * What a model provider reads: every reference becomes an in-place marker such as
 * `[Image: shot.png; ref=ctx_1]`, and each unique referenced record appears once in a trailing
 * `<t3_context version="1">` envelope, in first-reference order. Text without references is
 * returned unchanged.
 */
export function projectContextForProvider({
  text,
  records,
}: {
  text: string;
  records: readonly ContextRecord[];
}): string {
  const occurrences = collectContextReferences(text);
  if (occurrences.length === 0) return text;

  const recordsById = indexUnambiguousRecords(records);
  // One pass builds both the body (markers in place) and the entries, in first-reference order.
  // The output is assembled once with `join`: appending piece by piece would copy the text again.
  const parts: string[] = [];
  const entries: string[] = [];
  const seen = new Set<string>();
  let cursor = 0;
  for (const occurrence of occurrences) {
    const { contextId, kind } = occurrence;
    const record = recordsById.get(contextId);
    parts.push(text.slice(cursor, occurrence.start), formatProviderMarker(record?.kind ?? kind, occurrence.label, contextId));
    cursor = occurrence.end;
    if (!seen.has(contextId)) {
      seen.add(contextId);
      entries.push(formatEntry(kind, contextId, record));
    }
  }
  parts.push(text.slice(cursor), '\n\n<t3_context version="1">\n', entries.join('\n'), '\n</t3_context>');
  return parts.join('');
}

/** A shared id maps to `undefined`: an ambiguous payload is never silently picked. */
function indexUnambiguousRecords(records: readonly ContextRecord[]): Map<string, ContextRecord | undefined> {
  const byId = new Map<string, ContextRecord | undefined>();
  for (const record of Array.isArray(records) ? records : []) {
    if (!record || typeof record !== 'object') continue;
    byId.set(record.contextId, byId.has(record.contextId) ? undefined : record);
  }
  return byId;
}

/** What the cleaning below would change: a `;`, `]` or line break, or whitespace that is not one inner space. */
const NEEDS_MARKER_CLEANING = /[\r\n;\]]|[^\S ]|\s\s|^\s|\s$/;

/** `[<Kind display>: <label>; ref=<contextId>]`, the label cleaned of line breaks, `;` and `]`. */
export function formatProviderMarker(kind: string, label: string, contextId: string): string {
  const cleanLabel = NEEDS_MARKER_CLEANING.test(label) ? label.replace(/[\r\n;\]]/g, ' ').replace(/\s+/g, ' ').trim() : label;
  return `[${kindDisplayName(kind)}: ${escapeContextTags(cleanLabel)}; ref=${contextId}]`;
}

/** `preview-annotation` → `Preview annotation`. */
export function kindDisplayName(kind: string): string {
  const spaced = kind.replaceAll('-', ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * Captured text is data: a `<` that would open or close a `t3_context` or `context` tag becomes
 * `&lt;`, so no excerpt, label or payload can close the envelope or forge an entry.
 */
export function escapeContextTags(text: string): string {
  if (!text.includes('<')) return text;
  return text.replace(/<(?=\/?(?:t3_context|context)\b)/gi, '&lt;');
}

function escapeAttribute(value: string): string {
  if (!/[&"<>]/.test(value)) return value;
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function formatEntry(linkKind: string, contextId: string, record: ContextRecord | undefined): string {
  const kind = record?.kind ?? linkKind;
  const open = `<context kind="${escapeAttribute(kind)}" id="${escapeAttribute(contextId)}"`;
  if (!record) return `${open} unavailable="true"/>`;
  const body = isKnownContextRecord(record) ? formatKnownBody(record) : formatUnknownBody(record);
  return `${open}>\n${escapeContextTags(body)}\n</context>`;
}

const BASE_FIELDS: ReadonlySet<string> = new Set(['version', 'contextId', 'kind', 'label']);

/** One-line JSON of `payload` when present, else of the record's extra top-level fields. */
function formatUnknownBody(record: UnknownContextRecord): string {
  if ('payload' in record) return JSON.stringify(record.payload) ?? 'null';
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!BASE_FIELDS.has(key)) extra[key] = value;
  }
  return JSON.stringify(extra);
}

function formatKnownBody(record: KnownContextRecord): string {
  switch (record.kind) {
    case 'image':
    case 'file':
      return [
        `name: ${record.name}`,
        `mimeType: ${record.mimeType}`,
        `sizeBytes: ${record.sizeBytes}`,
        `attachmentId: ${record.attachmentId}`,
      ].join('\n');
    case 'terminal':
      return formatTerminalBody(record);
    case 'element':
      return formatElementLines(record).join('\n');
    case 'preview-annotation':
      return formatPreviewAnnotationBody(record);
    case 'review-comment':
      return formatReviewCommentBody(record);
    case 'mention':
      return `path: ${record.path}`;
    case 'skill':
      return `name: ${record.name}`;
  }
}

/** Numbered lines from `lineStart`, at most as many as the range holds. */
function formatTerminalBody(record: TerminalContextRecord): string {
  const lines = record.text
    .split('\n')
    .slice(0, record.lineEnd - record.lineStart + 1)
    .map((line, index) => `${record.lineStart + index} | ${line}`);
  return [`terminal: ${record.terminalLabel}`, ...lines].join('\n');
}

function formatElementLines(element: ElementContextDetails): string[] {
  const lines = [`url: ${element.pageUrl}`, `tag: ${element.tagName}`];
  if (element.pageTitle) lines.push(`title: ${element.pageTitle}`);
  if (element.selector) lines.push(`selector: ${element.selector}`);
  if (element.componentName) lines.push(`component: ${element.componentName}`);
  const location = element.source ? formatSourceLocation(element.source) : null;
  if (location) lines.push(`source: ${location}`);
  pushIndentedSection(lines, 'html:', element.htmlPreview.trim());
  pushIndentedSection(lines, 'styles:', element.styles.trim());
  return lines;
}

function formatSourceLocation({ fileName, lineNumber, columnNumber }: ElementSource): string | null {
  if (!fileName) return null;
  if (lineNumber == null) return fileName;
  return columnNumber == null ? `${fileName}:${lineNumber}` : `${fileName}:${lineNumber}:${columnNumber}`;
}

function formatPreviewAnnotationBody(record: PreviewAnnotationContextRecord): string {
  const lines = [`page: ${record.pageTitle?.trim() || record.pageUrl}`, `url: ${record.pageUrl}`];
  const comment = record.comment.trim();
  if (comment) lines.push(`comment: ${comment}`);
  if (record.targetSummary) lines.push(`targets: ${record.targetSummary}`);
  if (record.styleChanges.length > 0) {
    lines.push('requested visual changes:', ...record.styleChanges.map((change) => `- ${change}`));
  }
  if (record.screenshotContextId) lines.push(`screenshot: ref=${record.screenshotContextId}`);
  (record.elements ?? []).forEach((element, index) => {
    lines.push(`element ${index + 1}:`, indent(formatElementLines(element).join('\n')));
  });
  return lines.join('\n');
}

function formatReviewCommentBody(record: ReviewCommentContextRecord): string {
  const lines = [
    `file: ${record.filePath}`,
    `range: ${record.rangeLabel} (${record.startIndex}-${record.endIndex})`,
    `section: ${record.sectionTitle}`,
  ];
  if (record.sourceRevision) lines.push(`source revision: ${record.sourceRevision}`);
  if (record.sourceStale) {
    lines.push('Source location is outdated; verify the captured excerpt against the current file before editing.');
  }
  pushIndentedSection(lines, 'comment:', record.text.trim());
  pushIndentedSection(lines, `${record.fenceLanguage ?? 'diff'}:`, record.diff.trim() ? record.diff.trimEnd() : '');
  return lines.join('\n');
}

function pushIndentedSection(lines: string[], heading: string, content: string): void {
  if (content) lines.push(heading, indent(content));
}

/** Every line gets two spaces, blank lines included. */
function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
