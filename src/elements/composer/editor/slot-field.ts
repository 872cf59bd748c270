import { invertedEffects } from '@codemirror/commands';
import { type ChangeDesc, StateEffect, StateField } from '@codemirror/state';
import type { CommandArgument } from '../../../core/index.js';

/**
 * The picked command's argument slots: ranges of the draft that hold what the user typed for each
 * argument. The values are document text; the slots are positions beside it that follow every
 * change (a slot grows when text is typed at either of its edges, so typing into an empty slot
 * fills it), and undo brings back the slots a change moved or collapsed.
 */
export interface ArgumentSlot {
  readonly argument: CommandArgument;
  readonly from: number;
  readonly to: number;
}

/** Replaces the slots; its positions are in the document after the transaction's changes. */
export const setSlots = StateEffect.define<readonly ArgumentSlot[]>({
  map: (slots, changes) => mapSlots(slots, changes),
});

/** The slots through a change: each keeps its order, and none runs into the one before it. */
function mapSlots(slots: readonly ArgumentSlot[], changes: ChangeDesc): ArgumentSlot[] {
  let previousEnd = 0;
  return slots.map((slot) => {
    const from = Math.max(changes.mapPos(slot.from, -1), previousEnd);
    const to = Math.max(changes.mapPos(slot.to, 1), from);
    previousEnd = to;
    return { argument: slot.argument, from, to };
  });
}

export const slotsField = StateField.define<readonly ArgumentSlot[]>({
  create: () => [],
  update(slots, transaction) {
    let next = transaction.docChanged && slots.length > 0 ? mapSlots(slots, transaction.changes) : slots;
    for (const effect of transaction.effects) if (effect.is(setSlots)) next = effect.value;
    return next;
  },
});

/** Undo puts the slots back exactly where they were, even those a deletion collapsed. */
export const slotHistory = invertedEffects.of((transaction) => {
  const before = transaction.startState.field(slotsField, false);
  return before && before !== transaction.state.field(slotsField, false) ? [setSlots.of(before)] : [];
});
