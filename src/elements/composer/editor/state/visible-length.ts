import type { Transaction } from '@codemirror/state';
import { collectContextReferences } from '../../../../core/index.js';

/**
 * The length (in code units) of the longest prefix of `text` showing at most `room` visible
 * characters, ending neither inside a chip's link nor between the halves of a surrogate pair.
 */
export function visiblePrefixLength(text: string, room: number): number {
  let position = 0;
  let used = 0;
  for (const { start, end } of collectContextReferences(text)) {
    if (used + (start - position) >= room) return avoidSurrogateSplit(text, position + (room - used));
    used += start - position;
    if (used + 1 > room) return start;
    used += 1;
    position = end;
  }
  return avoidSurrogateSplit(text, Math.min(text.length, position + (room - used)));
}

function avoidSurrogateSplit(text: string, end: number): number {
  const code = text.charCodeAt(end - 1);
  return end > 0 && code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}

/** Whether the user typed, pasted (`input.paste`) or dropped (`input.drop`) the transaction's change, not the API. */
export function isUserInput(transaction: Transaction): boolean {
  return transaction.isUserEvent('input');
}
