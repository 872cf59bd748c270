import type { EditorState, Transaction } from '@codemirror/state';
import { citationChipLabel } from '../../../shared/citation-chip-label.js';
import { chipsOf, type PlacedChip } from './context-chip/chip-atom.js';
import { citationsOf } from './citation/citation-atom.js';

export interface ChipChanges {
  added: PlacedChip[];
  removed: PlacedChip[];
}

/**
 * The chips some transactions removed from and added to a draft, found only inside the changed
 * ranges (so a keystroke in a long draft stays cheap). A chip replaced by an equal one (a line the
 * browser rewrote around it) counts as neither.
 */
export function chipChanges(startState: EditorState, transactions: readonly Transaction[]): ChipChanges {
  const removed: PlacedChip[] = [];
  const added: PlacedChip[] = [];
  let before = startState;
  for (const transaction of transactions) {
    const previous = before;
    transaction.changes.iterChangedRanges((fromA, toA, fromB, toB) => {
      removed.push(...chipsOf(previous, fromA, toA), ...citationChipsOf(previous, fromA, toA));
      added.push(...chipsOf(transaction.state, fromB, toB), ...citationChipsOf(transaction.state, fromB, toB));
    });
    before = transaction.state;
  }
  return { added: unmatched(added, removed), removed: unmatched(removed, added) };
}

/** The chips of `chips` left once each is paired with an equal chip of `others` (a chip redrawn in place). */
function unmatched(chips: readonly PlacedChip[], others: readonly PlacedChip[]): PlacedChip[] {
  const key = (chip: PlacedChip) => `${chip.contextId}\u0000${chip.label}`;
  const available = new Map<string, number>();
  for (const chip of others) available.set(key(chip), (available.get(key(chip)) ?? 0) + 1);
  return chips.filter((chip) => {
    const count = available.get(key(chip)) ?? 0;
    available.set(key(chip), count - 1);
    return count <= 0;
  });
}

/** Citation chips as the announcements name them: by their label. */
function citationChipsOf(state: EditorState, from: number, to: number): PlacedChip[] {
  return citationsOf(state, from, to).map(({ citation, from: start, to: end }) => ({
    kind: 'citation',
    contextId: '',
    label: citationChipLabel(citation),
    from: start,
    to: end,
  }));
}
