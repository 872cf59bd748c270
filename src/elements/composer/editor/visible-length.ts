import type { EditorState, Transaction } from '@codemirror/state';
import { collectContextReferences } from '../../../core/index.js';

/** Characters a person sees: each chip counts as one. */
export function visibleLength(text: string): number {
  let length = text.length;
  for (const occurrence of collectContextReferences(text)) length -= occurrence.end - occurrence.start - 1;
  return length;
}

/** Whether a transaction comes from the user typing, pasting or dropping (not from the API). */
export function isUserInput(transaction: Transaction): boolean {
  return transaction.isUserEvent('input') || transaction.isUserEvent('paste') || transaction.isUserEvent('drop');
}

/** The room left under `maxLength` in a state, in visible characters. */
export function roomLeft(state: EditorState, maxLength: number): number {
  return maxLength - visibleLength(state.doc.toString());
}
