import { type EditorState, type Range, RangeSet, StateField, type Text } from '@codemirror/state';
import { type AtomValue, type TextAtomKind, textAtomKinds } from './atom-kinds.js';
import { reindexTouchedLines } from './touched-lines.js';

/**
 * The one index of the draft's text atoms, every kind's: read whole when a state is created, then
 * only on the lines an edit touched, each sliced once for all kinds. State only, so a draft is read
 * and submitted without a view; the drawing, the caret's steps, bidi isolation and the integrity
 * check all follow it.
 */

/** The atoms of whole lines `from`–`to`, every kind's, in document order. */
function atomsOfLines(kinds: readonly TextAtomKind[], doc: Text, from: number, to: number): Range<AtomValue>[] {
  const text = doc.sliceString(from, to);
  let found: Range<AtomValue>[] = [];
  for (const kind of kinds) {
    const atoms = kind.find(text, from);
    found = found.length === 0 ? atoms : found.concat(atoms);
  }
  return kinds.length > 1 && found.length > 1 ? inOrderWithoutOverlaps(found) : found;
}

/**
 * Atoms of several kinds in document order, none overlapping another: where two overlap (one kind's
 * atom written inside a chip's label), the one that starts first is the atom. The index stays one
 * flat layer, read in document order.
 */
function inOrderWithoutOverlaps(found: Range<AtomValue>[]): Range<AtomValue>[] {
  found.sort((a, b) => a.from - b.from);
  let end = -1;
  return found.filter((atom) => {
    if (atom.from < end) return false;
    end = atom.to;
    return true;
  });
}

export const atomIndex = StateField.define<RangeSet<AtomValue>>({
  create: (state) => RangeSet.of(atomsOfLines(state.facet(textAtomKinds), state.doc, 0, state.doc.length)),
  update: (atoms, transaction) => {
    if (!transaction.docChanged) return atoms;
    const kinds = transaction.state.facet(textAtomKinds);
    return reindexTouchedLines(atoms, transaction, (doc, from, to) => atomsOfLines(kinds, doc, from, to));
  },
});

/** An atom of the text and where it stands. */
export interface PlacedAtom<V extends AtomValue = AtomValue> {
  readonly value: V;
  readonly from: number;
  readonly to: number;
}

/**
 * The text atoms of a state that overlap `from`–`to` (all by default; at a bare position, the one
 * strictly around it), in document order; only `kind`'s when it is given.
 */
export function atomsOf<V extends AtomValue>(
  state: EditorState,
  from?: number,
  to?: number,
  kind?: TextAtomKind<V>,
): PlacedAtom<V>[];
export function atomsOf(state: EditorState, from = 0, to = state.doc.length, kind?: TextAtomKind): PlacedAtom[] {
  const placed: PlacedAtom[] = [];
  state.field(atomIndex).between(from, to, (start, end, value) => {
    if (end > from && start < to && (!kind || kind.holds(value))) placed.push({ value, from: start, to: end });
  });
  return placed;
}

/** The text atom `position` lies strictly inside, if any. */
export function atomAround(state: EditorState, position: number): PlacedAtom | undefined {
  return atomsOf(state, position, position)[0];
}

/** How many text atoms a state has: a count per chunk of the index, no list built. */
export function atomCountOf(state: EditorState): number {
  return state.field(atomIndex).size;
}

/** Characters a person sees in a state: each text atom counts as one. Linear in the number of atoms. */
export function visibleLengthOf(state: EditorState): number {
  let hidden = 0;
  state.field(atomIndex).between(0, state.doc.length, (from, to) => {
    hidden += to - from - 1;
  });
  return state.doc.length - hidden;
}
