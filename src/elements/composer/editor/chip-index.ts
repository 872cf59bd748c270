import { type EditorState, type Range, RangeSet, RangeValue, StateField, type Text } from '@codemirror/state';
import { collectContextReferences } from '../../../core/index.js';
import { citationIndex } from './citation-chips.js';
import { reindexTouchedLines } from './touched-lines.js';

/**
 * The chips of the draft, read from its text alone: where each `t3-context` link is, what it
 * refers to and its label. State only, so a draft can be read and submitted without an editor
 * view; the chips' decorations derive from it (`chip-decorations.ts`).
 */

/** One chip: its link's kind, context id and sanitised label. */
export class ChipRange extends RangeValue {
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

// As a non-inclusive replace decoration maps: text typed at either edge stays outside the chip,
// and a chip whose text is all deleted is dropped.
ChipRange.prototype.startSide = 1;
ChipRange.prototype.endSide = -1;

/** The chips of the text between `from` and `to`, which must be whole lines: no link spans a line break. */
function chipsOfLines(doc: Text, from: number, to: number): Range<ChipRange>[] {
  return collectContextReferences(doc.sliceString(from, to)).map((occurrence) =>
    new ChipRange(occurrence.kind, occurrence.contextId, occurrence.label).range(
      occurrence.start + from,
      occurrence.end + from,
    ),
  );
}

/**
 * The index: read whole when a state is created, then per touched line. It depends on the text
 * only, so it is never read whole again.
 */
export const chipIndex = StateField.define<RangeSet<ChipRange>>({
  create: (state) => RangeSet.of(chipsOfLines(state.doc, 0, state.doc.length)),
  update: (chips, transaction) =>
    transaction.docChanged ? reindexTouchedLines(chips, transaction, chipsOfLines) : chips,
});

export interface PlacedChip {
  kind: string;
  contextId: string;
  label: string;
  from: number;
  to: number;
}

/** The chips of a state between `from` and `to` (all by default), in document order. */
export function chipsOf(state: EditorState, from = 0, to = state.doc.length): PlacedChip[] {
  const placed: PlacedChip[] = [];
  state.field(chipIndex).between(from, to, (start, end, { kind, contextId, label }) => {
    if (end > from && start < to) placed.push({ kind, contextId, label, from: start, to: end });
  });
  return placed;
}

/** How many chips a state has, without listing them: a count per chunk of the index. */
export function chipCountOf(state: EditorState): number {
  return state.field(chipIndex).size;
}

/** Characters a person sees in a state: each chip, citations too, counts as one. Linear in the number of chips. */
export function visibleLengthOf(state: EditorState): number {
  let hidden = 0;
  const count = (from: number, to: number) => {
    hidden += to - from - 1;
  };
  state.field(chipIndex).between(0, state.doc.length, count);
  state.field(citationIndex, false)?.between(0, state.doc.length, count);
  return state.doc.length - hidden;
}
