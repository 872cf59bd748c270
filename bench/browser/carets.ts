/** Where the benchmark puts the caret in a draft's text, the same for every editor. */

/** Where typing happens: in prose amid chips, right before a chip, or at the end of the draft. */
export type CaretPlace = 'prose' | 'before-chip' | 'end';

const LINK_CHARACTERS = /[[\]()]/;

/** In the middle of the draft, inside prose with no link within 20 characters either side. */
export function proseCaret(text: string): number {
  for (let at = text.indexOf(' ', text.length >> 1); at > 0; at = text.indexOf(' ', at + 1)) {
    if (!LINK_CHARACTERS.test(text.slice(Math.max(0, at - 20), at + 20))) return at;
  }
  return text.length;
}

/** The start of the first chip after the middle of the draft. */
export function beforeChipCaret(text: string): number {
  const at = text.indexOf('[', text.length >> 1);
  return at < 0 ? text.length : at;
}

/** The offset in `text` where `place` is. */
export function caretOffset(text: string, place: CaretPlace): number {
  if (place === 'prose') return proseCaret(text);
  if (place === 'before-chip') return beforeChipCaret(text);
  return text.length;
}
