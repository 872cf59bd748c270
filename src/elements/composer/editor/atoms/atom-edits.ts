import type { ChangeSpec, Text } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { atomsOf } from './atom-index.js';

/**
 * An atom's range widened by the one space that set it apart, so removing it with its button leaves
 * no double space: the space after it when whitespace or the line start precedes it, else the
 * space before it when it ends the line.
 */
export function withSeparatingSpace(doc: Text, from: number, to: number): { from: number; to: number } {
  const before = doc.sliceString(Math.max(0, from - 1), from);
  const after = doc.sliceString(to, Math.min(doc.length, to + 1));
  if (after === ' ' && (before === '' || /\s/.test(before))) return { from, to: to + 1 };
  if (before === ' ' && (after === '' || after === '\n')) return { from: from - 1, to };
  return { from, to };
}

/** The link with the spaces the insertion rules call for, and where the caret goes after it. */
export function spacedLink(doc: Text, from: number, to: number, link: string): { changes: ChangeSpec; caret: number } {
  const before = doc.sliceString(Math.max(0, from - 1), from);
  const after = doc.sliceString(to, Math.min(doc.length, to + 1));
  const spaceBefore = before !== '' && !/\s/.test(before) ? ' ' : '';
  const spaceAfter = after === '' || !/\s/.test(after) ? ' ' : '';
  const insert = `${spaceBefore}${link}${spaceAfter}`;
  return { changes: { from, to, insert }, caret: from + insert.length + (spaceAfter === '' ? 1 : 0) };
}

/** Removes the atom (a chip, a citation) drawn as `element` (its remove button was used), with its separating space. */
export function removeAtomElement(view: EditorView, element: HTMLElement): boolean {
  if (view.state.readOnly || !view.contentDOM.contains(element)) return false;
  const position = view.posAtDOM(element);
  const placed = atomsOf(view.state, position, position + 1).find((candidate) => candidate.from === position);
  if (!placed) return false;
  const { from, to } = withSeparatingSpace(view.state.doc, placed.from, placed.to);
  view.dispatch({ changes: { from, to }, selection: { anchor: from }, userEvent: 'delete.chip' });
  view.focus();
  return true;
}
