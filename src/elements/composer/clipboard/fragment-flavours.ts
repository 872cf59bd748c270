import type { EditorState } from '@codemirror/state';
import { type ContextRecord, collectContextReferences } from '../../../core/index.js';
import { clipboardFlavours, writeFlavours } from '../../shared/clipboard-flavours.js';
import { recordsField } from '../editor/state/draft-state.js';

/**
 * Writes a range of the draft as a copy or a drag carries it: its canonical text, and its chips'
 * records in the fragment's flavours.
 */
export function writeDraftRange(
  data: DataTransfer,
  state: EditorState,
  range: { from: number; to: number },
  environmentId: string | undefined,
): void {
  const text = state.sliceDoc(range.from, range.to);
  const records = state.field(recordsField);
  const carried = [...new Set(collectContextReferences(text).map((occurrence) => occurrence.contextId))]
    .map((contextId) => records.get(contextId))
    .filter((record): record is ContextRecord => record !== undefined);
  writeFlavours(data, clipboardFlavours(text, carried, environmentId));
}
