import type { EditorState, RangeValue } from '@codemirror/state';
import { collectContextReferences } from '../../../../../core/index.js';
import { atomsOf } from '../atom-index.js';
import { AtomValue, type TextAtomKind } from '../atom-kinds.js';

/** Context chips as an atom kind: each `t3-context` link of the text is one chip (drawn by `chip-view.ts`). */

/** One chip: its link's kind, context id and sanitised label. */
export class ChipRange extends AtomValue {
  constructor(
    readonly kind: string,
    readonly contextId: string,
    readonly label: string,
  ) {
    super();
  }

  override eq(other: RangeValue): boolean {
    return (
      other instanceof ChipRange &&
      other.kind === this.kind &&
      other.contextId === this.contextId &&
      other.label === this.label
    );
  }
}

export const contextChipAtoms: TextAtomKind<ChipRange> = {
  find: (text, offset) =>
    collectContextReferences(text).map((occurrence) =>
      new ChipRange(occurrence.kind, occurrence.contextId, occurrence.label).range(
        occurrence.start + offset,
        occurrence.end + offset,
      ),
    ),
  holds: (value): value is ChipRange => value instanceof ChipRange,
};

export interface PlacedChip {
  kind: string;
  contextId: string;
  label: string;
  from: number;
  to: number;
}

/** The chips of a state between `from` and `to` (all by default), in document order. */
export function chipsOf(state: EditorState, from?: number, to?: number): PlacedChip[] {
  return atomsOf(state, from, to, contextChipAtoms).map(({ value: { kind, contextId, label }, from, to }) => ({
    kind,
    contextId,
    label,
    from,
    to,
  }));
}
