import { ChangeSet, EditorSelection, type EditorState, type StateEffect, type Text } from '@codemirror/state';
import type { CommandArgumentValue } from '../../../../../core/index.js';
import { formatArgumentValue } from '../../../../shared/command-arguments.js';
import { activeCommand, COMMAND_HEAD } from '../../state/draft-codec.js';
import type { PickedCommand } from '../../state/draft-fields.js';
import { type ArgumentSlot, setSlots, slotsField } from './slot-field.js';

export { type ArgumentSlot, setSlots, slotsField } from './slot-field.js';

/** Where the picked command's token stands: `/name` and the space after it, with the command. */
export interface CommandToken {
  readonly from: number;
  readonly to: number;
  readonly picked: PickedCommand;
}

/** The token of the picked command while the draft starts with it, or `null`. */
export function commandToken(state: EditorState): CommandToken | null {
  const picked = activeCommand(state);
  if (!picked) return null;
  const head = state.doc.sliceString(0, COMMAND_HEAD);
  const from = head.length - head.trimStart().length;
  const nameEnd = from + 1 + picked.command.name.length;
  return { from, to: head.charAt(nameEnd) === ' ' ? nameEnd + 1 : nameEnd, picked };
}

/** The slots that count: those after the token of a command still picked. */
export function activeSlots(state: EditorState): readonly ArgumentSlot[] {
  const slots = state.field(slotsField, false) ?? [];
  if (slots.length === 0) return slots;
  const token = commandToken(state);
  return token && slots[0]!.from >= token.to ? slots : [];
}

/** What a slot holds, without the spaces typed around it. */
export function slotValue(state: EditorState, slot: ArgumentSlot): string {
  return state.doc.sliceString(slot.from, slot.to).trim();
}

/** The index of the slot the caret is in (or at an edge of), or -1. */
export function slotAtCaret(state: EditorState, slots: readonly ArgumentSlot[] = activeSlots(state)): number {
  const { from, to } = state.selection.main;
  return slots.findIndex((slot) => slot.from <= from && to <= slot.to);
}

/** A selection of a slot's whole value (a caret in an empty one). */
export function slotSelection(slot: ArgumentSlot): EditorSelection {
  return EditorSelection.single(slot.from, slot.to);
}

/**
 * Leaving the last slot, as Tab and an option picked for it do: the caret goes after the arguments
 * and one space (added when missing, outside the slot), so what is typed next is the message's free
 * text and never part of a value. `slots` are positions in `doc`.
 */
export function leaveLastSlot(
  doc: Text,
  slots: readonly ArgumentSlot[],
): { changes: ChangeSet; selection: EditorSelection; effects: StateEffect<unknown>[] } {
  const end = slots[slots.length - 1]!.to;
  const spaced = doc.sliceString(end, end + 1) === ' ';
  return {
    changes: ChangeSet.of(spaced ? [] : [{ from: end, insert: ' ' }], doc.length),
    // A slot grows with text typed at its edge: it is set again, so the space stays out of it.
    effects: [setSlots.of(slots)],
    selection: EditorSelection.single(end + 1),
  };
}

/** The first required slot left empty, or `undefined`. */
export function firstMissingSlot(state: EditorState): ArgumentSlot | undefined {
  return activeSlots(state).find((slot) => slot.argument.required && slotValue(state, slot) === '');
}

/**
 * The draft's text as it is sent, with the filled arguments: each value as typed or quoted when it
 * has whitespace, an empty slot left out with the space before it; and the name-value pairs for
 * the command's annotation.
 */
export function textWithArguments(state: EditorState): { text: string; values: CommandArgumentValue[] } {
  const slots = activeSlots(state);
  const text = state.doc.toString();
  if (slots.length === 0) return { text, values: [] };
  let result = '';
  let position = 0;
  const values: CommandArgumentValue[] = [];
  for (const slot of slots) {
    const value = slotValue(state, slot);
    const before = text.slice(position, slot.from);
    if (value === '') {
      result += before.endsWith(' ') ? before.slice(0, -1) : before;
    } else {
      // Two values never run together, even when the space between their slots was deleted.
      const gap = before === '' && !/\s$/.test(result) ? ' ' : '';
      result += before + gap + formatArgumentValue(value);
      values.push({ name: slot.argument.name, value });
    }
    position = slot.to;
  }
  return { text: result + text.slice(position), values };
}
