import type { EditorState } from '@codemirror/state';
import {
  CONTEXT_CLIPBOARD_MIME,
  type ContextClipboardFragment,
  type ContextRecord,
  collectContextReferences,
  encodeClipboardFragment,
  encodeClipboardHtml,
} from '../../../core/index.js';
import { recordsField } from '../editor/draft-state.js';

/**
 * Writes a range of the draft as a copy or a drag carries it: `text/plain` (its canonical text)
 * and, when it holds chips, the fragment's own type and its HTML flavour with their records, so
 * another composer takes the chips with what they refer to.
 */
export function writeDraftRange(
  data: DataTransfer,
  state: EditorState,
  range: { from: number; to: number },
  environmentId: string,
): void {
  const text = state.sliceDoc(range.from, range.to);
  const records = state.field(recordsField);
  const carried = [...new Set(collectContextReferences(text).map((occurrence) => occurrence.contextId))]
    .map((contextId) => records.get(contextId))
    .filter((record): record is ContextRecord => record !== undefined);
  data.setData('text/plain', text);
  if (carried.length === 0) return;
  const fragment: ContextClipboardFragment = { version: 1, source: { environmentId }, records: carried };
  const json = encodeClipboardFragment(fragment);
  const htmlFlavour = encodeClipboardHtml(fragment, { text });
  if (json) data.setData(CONTEXT_CLIPBOARD_MIME, json);
  if (htmlFlavour) data.setData('text/html', htmlFlavour);
}
