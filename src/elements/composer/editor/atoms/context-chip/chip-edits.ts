import type { ChangeSpec, EditorState, Text } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { atomsOf } from '../atom-index.js';
import { chipsOf, type PlacedChip } from './chip-atom.js';

/**
 * A chip's range widened by the one space that set it apart, so removing it with its button leaves
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

/**
 * The changes that remove every chip `matches` accepts. A removal the user asked for (a chip's
 * button, the image shelf) also takes the space that set each chip apart.
 */
export function chipRemovals(
  state: EditorState,
  matches: (chip: PlacedChip) => boolean,
  withSpaces: boolean,
): { from: number; to: number }[] {
  const changes: { from: number; to: number }[] = [];
  for (const chip of chipsOf(state)) {
    if (!matches(chip)) continue;
    const range = withSpaces ? withSeparatingSpace(state.doc, chip.from, chip.to) : chip;
    // Two chips one space apart may both claim that space: it goes once.
    changes.push({ from: Math.max(range.from, changes.at(-1)?.to ?? 0), to: range.to });
  }
  return changes;
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

/** Removes the chip or citation drawn as `chipElement` (its remove button was used), with its separating space. */
export function removeChipElement(view: EditorView, chipElement: HTMLElement): boolean {
  if (view.state.readOnly || !view.contentDOM.contains(chipElement)) return false;
  const position = view.posAtDOM(chipElement);
  const placed = atomsOf(view.state, position, position + 1).find((candidate) => candidate.from === position);
  if (!placed) return false;
  const { from, to } = withSeparatingSpace(view.state.doc, placed.from, placed.to);
  view.dispatch({ changes: { from, to }, selection: { anchor: from }, userEvent: 'delete.chip' });
  view.focus();
  return true;
}
