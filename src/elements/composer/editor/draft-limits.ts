import type { EditorState } from '@codemirror/state';
import { INPUT_ANNOTATIONS_MAX, MESSAGE_CONTEXT_MAX_RECORDS } from '../../../core/index.js';
import type { T3Locale } from '../../shared/locale.js';
import { chipCountOf, chipsOf } from './chip-index.js';
import { activeCommand } from './draft.js';

/** Why adding these records and chips to the draft would break a limit, or `undefined` when it would not. */
export function insertionProblem(
  state: EditorState,
  newIds: readonly string[],
  newChips: number,
  locale: T3Locale,
): string | undefined {
  // Counted first, listed only near the records limit: the send button asks on every change.
  const chipCount = chipCountOf(state);
  if (chipCount + newIds.length > MESSAGE_CONTEXT_MAX_RECORDS) {
    const ids = new Set(chipsOf(state).map((chip) => chip.contextId));
    for (const id of newIds) ids.add(id);
    if (ids.size > MESSAGE_CONTEXT_MAX_RECORDS) return locale.limitRecords;
  }
  const command = activeCommand(state) ? 1 : 0;
  if (chipCount + newChips + command > INPUT_ANNOTATIONS_MAX) return locale.limitChips;
  return undefined;
}
