import { invertedEffects } from '@codemirror/commands';
import { setSlots, slotsField } from './slot-field.js';

/** Undo puts the slots back exactly where they were, even those a deletion collapsed. */
export const slotHistory = invertedEffects.of((transaction) => {
  const before = transaction.startState.field(slotsField, false);
  return before && before !== transaction.state.field(slotsField, false) ? [setSlots.of(before)] : [];
});
