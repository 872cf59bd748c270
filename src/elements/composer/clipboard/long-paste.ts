import type { EditorState } from '@codemirror/state';
import { collectCitations, collectContextReferences } from '../../../core/index.js';
import type { TextPreview } from '../../shared/draft-values.js';
import { countLines, textPreviewOf } from '../../shared/text-preview.js';
import { formatMessage, type T3Locale } from '../../shared/locale.js';
import { chipsOf } from '../editor/chip-index.js';
import { attachmentsField, recordsField } from '../editor/draft-state.js';

export const DEFAULT_PASTE_FILE_LINES = 40;
export const DEFAULT_PASTE_FILE_CHARS = 4000;

/** Above how many lines or characters pasted text becomes a file; 0 turns a limit off. */
export interface LongPasteLimits {
  lines: number;
  chars: number;
}

/**
 * The limits from the composer's property values: each a whole number of at least 0 (a fraction
 * is rounded down, a numeric string is read); anything else gives the default.
 */
export function longPasteLimits(lines: unknown, chars: unknown): LongPasteLimits {
  return { lines: limitOf(lines, DEFAULT_PASTE_FILE_LINES), chars: limitOf(chars, DEFAULT_PASTE_FILE_CHARS) };
}

function limitOf(value: unknown, fallback: number): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 ? Math.floor(number) : fallback;
}

/**
 * Whether pasted plain text is long enough to become a file: more lines or characters (UTF-16
 * code units) than a limit that is on. Text that carries chips (`t3-context` or citation links) stays text.
 * Lines are counted only up to the limit, so a megabyte costs a scan of its first lines.
 */
export function isLongPaste(text: string, limits: LongPasteLimits): boolean {
  const long =
    (limits.chars > 0 && text.length > limits.chars) ||
    (limits.lines > 0 && countLines(text, limits.lines + 1) > limits.lines);
  return long && collectContextReferences(text).length === 0 && collectCitations(text).length === 0;
}

/**
 * The `text/plain` file a long paste becomes, holding the text exactly as pasted, named from
 * `locale.pastedText` with the lowest number no file of the draft uses (its chips' records and
 * the files it keeps for undo), and the preview its chip shows.
 */
export function pastedTextFile(
  text: string,
  state: EditorState,
  locale: T3Locale,
): { file: File; preview: TextPreview } {
  const taken = new Set<string>();
  for (const attachment of state.field(attachmentsField).values()) taken.add(attachment.file.name);
  const records = state.field(recordsField);
  for (const { contextId } of chipsOf(state)) {
    const record = records.get(contextId);
    if (record && 'name' in record && typeof record.name === 'string') taken.add(record.name);
  }
  let number = 1;
  const nameOf = (n: number) => formatMessage(locale.pastedText, { number: String(n) });
  while (taken.has(nameOf(number))) number++;
  return { file: new File([text], nameOf(number), { type: 'text/plain' }), preview: textPreviewOf(text) };
}
