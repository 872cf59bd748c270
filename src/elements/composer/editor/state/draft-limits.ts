import type { EditorState } from '@codemirror/state';
import { INPUT_ANNOTATIONS_MAX, MESSAGE_CONTEXT_MAX_RECORDS } from '../../../../core/index.js';
import type { T3Locale } from '../../../shared/locale.js';
import { atomCountOf } from '../atoms/atom-index.js';
import { chipsOf } from '../atoms/context-chip/chip-atom.js';
import { activeCommand } from './draft-codec.js';

/** Why adding these records and chips to the draft would break a limit, or `undefined` when it would not. */
export function insertionProblem(
  state: EditorState,
  newIds: readonly string[],
  newChips: number,
  locale: T3Locale,
): string | undefined {
  // Bounded first (the index's count holds citations too), counted and listed only near a limit:
  // the send button asks on every change.
  const command = activeCommand(state) ? 1 : 0;
  const atoms = atomCountOf(state);
  if (atoms + newIds.length <= MESSAGE_CONTEXT_MAX_RECORDS && atoms + newChips + command <= INPUT_ANNOTATIONS_MAX) {
    return undefined;
  }
  const chips = chipsOf(state);
  const chipCount = chips.length;
  if (chipCount + newIds.length > MESSAGE_CONTEXT_MAX_RECORDS) {
    const ids = new Set(chips.map((chip) => chip.contextId));
    for (const id of newIds) ids.add(id);
    if (ids.size > MESSAGE_CONTEXT_MAX_RECORDS) return locale.limitRecords;
  }
  if (chipCount + newChips + command > INPUT_ANNOTATIONS_MAX) return locale.limitChips;
  return undefined;
}
