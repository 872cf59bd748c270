import type { EditorState } from '@codemirror/state';
import { withSeparatingSpace } from '../atom-edits.js';
import { chipsOf, type PlacedChip } from './chip-atom.js';

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
