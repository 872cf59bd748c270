import { isolateHistory } from '@codemirror/commands';
import type { EditorState, Extension } from '@codemirror/state';
import { type EditorView, ViewPlugin } from '@codemirror/view';
import { collectCitations, collectContextReferences } from '../../../core/index.js';
import type { T3ContextChip } from '../../context-chip/context-chip.js';
import type { TextPreview } from '../../shared/composer-values.js';
import { countLines, textPreviewOf } from '../../shared/text-preview.js';
import { formatMessage, type T3Locale } from '../../shared/locale.js';
import { chipsOf } from '../editor/atoms/context-chip/chip-atom.js';
import { attachmentsField, recordsField } from '../editor/state/draft-state.js';
import { textOf } from '../attachments/attachment-bytes.js';

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

/**
 * Expand to text (the pasted text stays editable): a click on `part="expand"` in a pasted-text
 * chip's details puts the file's text back in place of that chip, exactly as pasted, in one undo
 * step; undo brings the chip back with its file. The editor ignores events inside chips, so this
 * listens on its content element itself.
 */
export function expandPastedTextOnClick(): Extension {
  return ViewPlugin.define((view) => {
    const onClick = (event: MouseEvent) => {
      const path = event.composedPath();
      if (!path.some((target) => target instanceof Element && target.matches('[part~="expand"]'))) return;
      const chip = path.find((target): target is T3ContextChip => target instanceof Element && isChip(target));
      if (!chip) return;
      event.preventDefault();
      void expandPastedText(view, chip);
    };
    view.contentDOM.addEventListener('click', onClick);
    return { destroy: () => view.contentDOM.removeEventListener('click', onClick) };
  });
}

const isChip = (element: Element): element is T3ContextChip => element.localName === 't3-context-chip';

/**
 * Puts a pasted-text chip's file text in its place (read from the host when it was uploaded before
 * a reload); false when the chip or its file is gone, or its text cannot be read.
 */
export async function expandPastedText(view: EditorView, chip: T3ContextChip): Promise<boolean> {
  const contextId = chip.contextId;
  const attachment = view.state.field(attachmentsField).get(contextId);
  if (view.state.readOnly || !attachment || attachment.kind !== 'file') return false;
  const text = await textOf(attachment);
  // The bytes are read asynchronously: the chip is looked up again where it is now.
  if (text === undefined || !view.contentDOM.contains(chip)) return false;
  const position = view.posAtDOM(chip);
  const placed = chipsOf(view.state, position, position + 1).find(
    (candidate) => candidate.from === position && candidate.contextId === contextId,
  );
  if (!placed) return false;
  view.dispatch({
    changes: { from: placed.from, to: placed.to, insert: text },
    selection: { anchor: placed.from + text.length },
    userEvent: 'input.paste',
    annotations: isolateHistory.of('full'),
    scrollIntoView: true,
  });
  view.focus();
  return true;
}
