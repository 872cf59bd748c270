import { EditorState, type Extension, Transaction, type TransactionSpec } from '@codemirror/state';
import { chipsOf, visibleLengthOf } from './chip-decorations.js';
import { isUserInput, visiblePrefixLength } from './visible-length.js';

/**
 * Keeps what the user types, pastes or drops within `maxLength` visible characters (a chip counts
 * as one). Typing past the limit is refused; a paste or drop is cut to fit and `onLimit` is told.
 * Programmatic changes (setting `value`, the API) are never truncated. The lengths come from the
 * chip decorations, so a keystroke costs the number of chips, not a parse of the whole draft.
 */
export function maxLengthFilter(maxLength: number, onLimit: (kind: 'refused' | 'cut') => void): Extension {
  return EditorState.transactionFilter.of((transaction): TransactionSpec | readonly TransactionSpec[] => {
    if (!transaction.docChanged || !isUserInput(transaction)) return transaction;
    const before = visibleLengthOf(transaction.startState);
    const after = visibleLengthOf(transaction.state);
    if (after <= maxLength || after <= before) return transaction;
    const pasted = transaction.isUserEvent('input.paste') || transaction.isUserEvent('input.drop');
    const cut = pasted ? cutToFit(transaction, maxLength, before) : null;
    onLimit(cut ? 'cut' : 'refused');
    return cut ?? [];
  });
}

/**
 * The same single insertion, shortened so the document stays within the limit. The cut never
 * splits a chip's link or a surrogate pair, and the transaction keeps its effects (the records a
 * pasted fragment brings).
 */
function cutToFit(transaction: Transaction, maxLength: number, visibleBefore: number): TransactionSpec | null {
  const insertions: { from: number; to: number; text: string }[] = [];
  transaction.changes.iterChanges((from, to, _fromB, _toB, inserted) => {
    insertions.push({ from, to, text: inserted.toString() });
  });
  if (insertions.length !== 1) return null;
  const { from, to, text } = insertions[0]!;
  const room = maxLength - (visibleBefore - visibleLengthOfRange(transaction.startState, from, to));
  if (room <= 0) return null;
  const end = visiblePrefixLength(text, room);
  if (end === 0) return null;
  return {
    changes: { from, to, insert: text.slice(0, end) },
    selection: { anchor: from + end },
    effects: transaction.effects,
    scrollIntoView: transaction.scrollIntoView,
    userEvent: transaction.annotation(Transaction.userEvent) ?? 'input.paste',
  };
}

function visibleLengthOfRange(state: EditorState, from: number, to: number): number {
  let hidden = 0;
  for (const chip of chipsOf(state, from, to)) {
    if (chip.from >= from && chip.to <= to) hidden += chip.to - chip.from - 1;
  }
  return to - from - hidden;
}
