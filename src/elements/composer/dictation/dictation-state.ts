import { isolateHistory } from '@codemirror/commands';
import { type EditorState, StateEffect, StateField, type TransactionSpec } from '@codemirror/state';
import { chipsOf } from '../editor/atoms/context-chip/chip-atom.js';
import { openTrigger } from '../menu/menu-state.js';

/**
 * Dictation as the editor state knows it: where the next phrase goes (the dictation point) and what
 * the recognizer guesses so far (the interim text, never in the document). `null` while not dictating.
 */
export interface Dictation {
  readonly point: number;
  readonly interim: string;
}

/** Dictation starts with its point here. */
export const startDictation = StateEffect.define<number>();
export const endDictation = StateEffect.define<null>();
/** The recognizer's latest guess, replacing the previous one ('' clears it). */
export const showInterim = StateEffect.define<string>();
/** Puts the point here (in the document after the transaction's changes). */
const placePoint = StateEffect.define<number>();

/**
 * The user event of a dictated phrase. It counts as pasted text: `max-length` cuts it to fit with
 * its notice, as it cuts a paste, instead of refusing the whole phrase as it refuses a key.
 */
const DICTATION_EVENT = 'input.paste.dictation';

/**
 * The dictation point follows the draft: an edit elsewhere maps it, text inserted right at it keeps
 * it after that text, and a transaction that sets the selection (a click, a key, a picked mention,
 * an undo) brings it to the caret. It is never inside a chip: it moves to the chip's end.
 */
export const dictationField = StateField.define<Dictation | null>({
  create: () => null,
  update(dictation, transaction) {
    let next = dictation;
    let placed: number | undefined;
    for (const effect of transaction.effects) {
      if (effect.is(startDictation)) {
        next = { point: effect.value, interim: '' };
        placed = effect.value;
      } else if (effect.is(endDictation)) next = null;
      else if (next && effect.is(showInterim)) next = { ...next, interim: effect.value };
      else if (next && effect.is(placePoint)) placed = effect.value;
    }
    if (!next) return null;
    const wanted =
      placed ??
      (transaction.selection ? transaction.newSelection.main.head : transaction.changes.mapPos(next.point, 1));
    const point = outsideChips(transaction.state, Math.min(wanted, transaction.newDoc.length));
    return point === next.point ? next : { ...next, point };
  },
});

/** A position moved out of a chip it falls inside (to the chip's end); any other stays. */
export function outsideChips(state: EditorState, position: number): number {
  const inside = chipsOf(state, position, position).find((chip) => chip.from < position && position < chip.to);
  return inside ? inside.to : position;
}

/**
 * Where the next phrase and the interim text go: the dictation point, except while a mention or
 * command is being typed there (its menu open), when they go before its trigger, so speech never
 * lands inside a query.
 */
export function phrasePoint(state: EditorState): number | undefined {
  const dictation = state.field(dictationField, false);
  if (!dictation) return undefined;
  const trigger = openTrigger(state);
  if (trigger && trigger.from < dictation.point && dictation.point <= trigger.to) return trigger.from;
  return dictation.point;
}

/**
 * A final phrase as one transaction and one undo step, with `insertContext`'s spacing: a space
 * before it unless it starts a line or follows whitespace, one after it when text follows. The
 * caret moves with it when it was at the point; the interim text is cleared.
 */
export function phraseInsertion(state: EditorState, text: string): TransactionSpec | undefined {
  const dictation = state.field(dictationField, false);
  const at = phrasePoint(state);
  if (!dictation || at === undefined) return undefined;
  const before = state.doc.sliceString(Math.max(0, at - 1), at);
  const after = state.doc.sliceString(at, Math.min(state.doc.length, at + 1));
  const spaceBefore = before !== '' && !/\s/.test(before) ? ' ' : '';
  const spaceAfter = after !== '' && !/\s/.test(after) ? ' ' : '';
  const end = at + spaceBefore.length + text.length;
  const atPoint = at === dictation.point;
  const caret = state.selection.main;
  const caretFollows = atPoint && caret.empty && caret.head === at;
  return {
    changes: { from: at, insert: `${spaceBefore}${text}${spaceAfter}` },
    ...(caretFollows ? { selection: { anchor: end } } : {}),
    // The caret it moves brings the point along (also when a length limit cuts the phrase); before a
    // mention's trigger, the point stays with the caret in the query (mapped).
    effects: [showInterim.of(''), ...(atPoint && !caretFollows ? [placePoint.of(end)] : [])],
    userEvent: DICTATION_EVENT,
    annotations: isolateHistory.of('full'),
    scrollIntoView: caretFollows,
  };
}
