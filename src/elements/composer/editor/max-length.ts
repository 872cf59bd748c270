import { EditorState, type Extension, Transaction, type TransactionSpec } from '@codemirror/state';
import { isUserInput, visibleLength } from './visible-length.js';

/**
 * Keeps what the user types, pastes or drops within `maxLength` visible characters (a chip counts
 * as one). Typing past the limit is refused; a paste or drop is cut to fit and `onLimit` is told.
 * Programmatic changes (setting `value`, the API) are never truncated.
 */
export function maxLengthFilter(maxLength: number, onLimit: (kind: 'refused' | 'cut') => void): Extension {
  return EditorState.transactionFilter.of((transaction): TransactionSpec | readonly TransactionSpec[] => {
    if (!transaction.docChanged || !isUserInput(transaction)) return transaction;
    const before = visibleLength(transaction.startState.doc.toString());
    const after = visibleLength(transaction.newDoc.toString());
    if (after <= maxLength || after <= before) return transaction;
    const pasted = transaction.isUserEvent('paste') || transaction.isUserEvent('drop');
    const cut = pasted ? cutToFit(transaction, maxLength) : null;
    onLimit(cut ? 'cut' : 'refused');
    return cut ?? [];
  });
}

/** The same single insertion, shortened so the document stays within the limit. */
function cutToFit(transaction: Transaction, maxLength: number): TransactionSpec | null {
  const insertions: { from: number; to: number; text: string }[] = [];
  transaction.changes.iterChanges((from, to, _fromB, _toB, inserted) => {
    insertions.push({ from, to, text: inserted.toString() });
  });
  if (insertions.length !== 1) return null;
  const { from, to, text } = insertions[0]!;
  const doc = transaction.startState.doc;
  const room = maxLength - visibleLength(doc.sliceString(0, from) + doc.sliceString(to));
  if (room <= 0) return null;
  // Cutting by code units is conservative (a chip inside the pasted text counts fully) and linear.
  let end = Math.min(text.length, room);
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end--;
  if (end === 0) return null;
  return {
    changes: { from, to, insert: text.slice(0, end) },
    selection: { anchor: from + end },
    userEvent: transaction.annotation(Transaction.userEvent) ?? 'input.paste',
  };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
