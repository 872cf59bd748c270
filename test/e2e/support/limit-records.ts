import {
  type ContextRecord,
  formatContextReference,
  type PreviewAnnotationContextRecord,
  type TerminalContextRecord,
} from '../../../src/core/index.js';

/** Records and texts at the wire's limits, for the limits tests. */

export const MAX_TEXT_CHARS = 1_000_000;
export const MAX_TERMINAL_TEXT_CHARS = 64_000;
export const MAX_RECORDS = 200;
export const MAX_ANNOTATIONS = 256;

/** 800 numbered lines; the last one ends with `END` so its presence proves the whole text arrived. */
export function terminalText(length: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let n = 1; size < length; n++) {
    const line = `${String(n).padStart(5, '0')} ${'.'.repeat(73)}`;
    lines.push(line);
    size += line.length + 1;
  }
  const text = lines.join('\n').slice(0, length - 3);
  return `${text}END`;
}

export function terminalRecord(id: string, text: string): TerminalContextRecord {
  const lineCount = text.split('\n').length;
  return {
    version: 1,
    kind: 'terminal',
    contextId: id,
    label: `Terminal ${id}`,
    terminalId: `terminal-${id}`,
    terminalLabel: `Terminal ${id}`,
    lineStart: 1,
    lineEnd: lineCount,
    text,
  };
}

function previewRecord(id: string): PreviewAnnotationContextRecord {
  return {
    version: 1,
    kind: 'preview-annotation',
    contextId: id,
    label: `Preview ${id}`,
    annotationId: `annotation-${id}`,
    pageUrl: 'http://localhost:3000/checkout',
    pageTitle: 'Checkout',
    comment: '',
    targetSummary: '1 selected element',
    styleChanges: [],
  };
}

const STYLE_CHANGE_CHARS = 2_048;
const COMMENT_CHARS = 8_000;
const PREVIEW_STYLE_CHANGES = 200;

/**
 * 200 records whose raw JSON is exactly `jsonChars` long: 100 terminal excerpts at their 64,000
 * chars and 100 preview annotations padded with style changes (2,048 chars each, at most 200 per
 * record) and comments (at most 8,000) up to the exact length. Every field stays within its limit.
 */
export function contextRecordsOfJsonLength(jsonChars: number): ContextRecord[] {
  const half = MAX_RECORDS / 2;
  const terminals = Array.from({ length: half }, (_, i) =>
    terminalRecord(`term_${i}`, terminalText(MAX_TERMINAL_TEXT_CHARS)),
  );
  const previews = Array.from({ length: half }, (_, i) => previewRecord(`preview_${i}`));
  let missing = jsonChars - JSON.stringify([...terminals, ...previews]).length;
  const styleChange = 's'.repeat(STYLE_CHANGE_CHARS);
  // Pushing into an empty array adds the quoted string; into a non-empty one, a comma too.
  for (let i = 0; missing > STYLE_CHANGE_CHARS + 3 + COMMENT_CHARS * 2; i = (i + 1) % half) {
    const changes = previews[i]!.styleChanges;
    if (changes.length === PREVIEW_STYLE_CHANGES) throw new Error('the records cannot hold that much JSON');
    missing -= STYLE_CHANGE_CHARS + (changes.length === 0 ? 2 : 3);
    changes.push(styleChange);
  }
  for (const preview of previews) {
    const comment = Math.min(COMMENT_CHARS, missing);
    preview.comment = 'c'.repeat(comment);
    missing -= comment;
  }
  const records = [...terminals, ...previews];
  if (missing !== 0 || JSON.stringify(records).length !== jsonChars)
    throw new Error('padding missed the target length');
  return records;
}

export function linksTo(records: readonly ContextRecord[]): string {
  return records.map((record) => formatContextReference(record)).join(' ');
}

/** Numbered lines of 100 chars (with the line break), cut to `length`, ending in `END`. */
export function messageText(length: number): string {
  const lineCount = Math.ceil(length / 100);
  const lines = Array.from({ length: lineCount }, (_, i) => `${String(i + 1).padStart(5, '0')} ${'w'.repeat(93)}`);
  return `${lines.join('\n').slice(0, length - 3)}END`;
}
