import { type ChangeDesc, StateEffect, StateField } from '@codemirror/state';
import type { CommandArgument, CommandInfo } from '../../../../../core/index.js';
import type { DraftSlot } from '../../../../shared/composer-values.js';
import { argumentPieces } from '../../../../shared/command-arguments.js';

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

/** The slots as a draft value keeps them: names and ranges. */
export function draftSlots(slots: readonly ArgumentSlot[]): DraftSlot[] {
  return slots.map(({ argument, from, to }) => ({ name: argument.name, from, to }));
}

/**
 * The slots of a stored draft, or none: they must be the command's arguments in order (any named
 * ones while the command is known by name alone), with
 * ordered, disjoint whole-number ranges inside the text. Anything else leaves the values as text.
 */
export function decodeSlots(value: unknown, command: CommandInfo | undefined, text: string): ArgumentSlot[] {
  if (!command || !Array.isArray(value) || value.length === 0) return [];
  const pieces = argumentPieces(command);
  // A command known by name alone (the host's list not set yet) keeps the slots under their stored names.
  const declared =
    pieces.length > 0
      ? pieces.flatMap((piece) => (piece.type === 'slot' ? [piece.argument] : []))
      : value.map((slot: Partial<DraftSlot> | null) => ({ name: typeof slot?.name === 'string' ? slot.name : '' }));
  if (declared.length !== value.length) return [];
  const slots: ArgumentSlot[] = [];
  let previousEnd = 0;
  for (const [index, argument] of declared.entries()) {
    const stored = value[index] as Partial<DraftSlot> | null;
    const { name, from, to } = stored ?? {};
    if (name !== argument.name || !Number.isInteger(from) || !Number.isInteger(to)) return [];
    if (from! < previousEnd || to! < from! || to! > text.length) return [];
    slots.push({ argument, from: from!, to: to! });
    previousEnd = to!;
  }
  return slots;
}
