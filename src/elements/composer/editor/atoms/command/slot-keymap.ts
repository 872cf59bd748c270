import { isolateHistory } from '@codemirror/commands';
import { type ChangeSpec, EditorSelection, type Extension, Prec } from '@codemirror/state';
import { type Command, keymap } from '@codemirror/view';
import {
  activeSlots,
  type ArgumentSlot,
  commandToken,
  leaveLastSlot,
  setSlots,
  slotAtCaret,
  slotSelection,
} from './command-slots.js';
import { setCommand } from '../../state/draft-fields.js';

/**
 * Tab moves to the next argument slot and selects it; past the last one it puts the caret after
 * the arguments (a space after them), where the rest of the message is free text. With no slot
 * ahead it does nothing, so Tab leaves the editor as it does without a command.
 */
export const nextSlot: Command = (view) => {
  const { state } = view;
  const slots = activeSlots(state);
  if (slots.length === 0) return false;
  const current = slotAtCaret(state, slots);
  const { from, to, head } = state.selection.main;
  // Slots a deletion joined stand at one place: Tab skips those it would not move to, or it never leaves.
  const moves = (slot: ArgumentSlot) => slot.from !== from || slot.to !== to;
  const next = current >= 0 ? slots.slice(current + 1).find(moves) : slots.find((slot) => slot.from >= head);
  if (next) {
    view.dispatch({ selection: slotSelection(next), scrollIntoView: true, userEvent: 'select' });
    return true;
  }
  if (current < 0) return false;
  view.dispatch({ ...leaveLastSlot(state.doc, slots), scrollIntoView: true, userEvent: 'select' });
  return true;
};

/** Shift+Tab moves to the previous slot and selects it; before the first one it leaves the editor. */
export const previousSlot: Command = (view) => {
  const { state } = view;
  const slots = activeSlots(state);
  if (slots.length === 0) return false;
  const current = slotAtCaret(state, slots);
  const head = state.selection.main.head;
  const previous = current >= 0 ? slots[current - 1] : [...slots].reverse().find((slot) => slot.to <= head);
  if (!previous) return false;
  view.dispatch({ selection: slotSelection(previous), scrollIntoView: true, userEvent: 'select' });
  return true;
};

/**
 * Backspace right after the command token removes the token in one undo step: the command is no
 * longer picked, the arguments typed stay as text, and empty slots go with the space before them.
 */
export const removeCommandToken: Command = (view) => {
  const { state } = view;
  const selection = state.selection.main;
  const token = commandToken(state);
  if (!token || !selection.empty || selection.head !== token.to || state.readOnly) return false;
  const changes: ChangeSpec[] = [{ from: token.from, to: token.to }];
  for (const slot of activeSlots(state)) {
    if (slot.from !== slot.to || slot.from - 1 < token.to) continue;
    if (state.doc.sliceString(slot.from - 1, slot.from) === ' ') changes.push({ from: slot.from - 1, to: slot.from });
  }
  view.dispatch({
    changes,
    selection: EditorSelection.cursor(token.from),
    effects: [setCommand.of(undefined), setSlots.of([])],
    userEvent: 'delete.backward',
    annotations: isolateHistory.of('full'),
    scrollIntoView: true,
  });
  return true;
};

/** The keys of the command token and its slots, ahead of the editor's own Backspace. */
export function slotKeymap(): Extension {
  return Prec.high(
    keymap.of([
      { key: 'Tab', run: nextSlot, shift: previousSlot },
      { key: 'Backspace', run: removeCommandToken },
    ]),
  );
}
