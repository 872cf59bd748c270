import { type EditorState, type Extension, type Range, RangeSet, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView } from '@codemirror/view';
import { decorateAtoms, followAtoms } from './atom-decorations.js';
import { atomIndex } from './atom-index.js';
import { type AtomValue, heldAtomKinds, textAtomViews } from './atom-kinds.js';

/**
 * How every inline atom is drawn, in one field: the text atoms' widgets follow the index, each
 * decoration keeping the indexed value it draws; the held atoms are placed anew whenever their kind
 * says they moved. The caret steps over the text atoms and the held ones that are atomic.
 */
interface AtomDrawing {
  readonly text: DecorationSet;
  readonly held: DecorationSet;
  /** The held atoms the caret steps over, which are bidi isolates too (the command token). */
  readonly heldAtomic: RangeSet<Decoration>;
}

function drawAtom(state: EditorState, value: AtomValue, from: number, to: number): Range<Decoration> | undefined {
  const view = state.facet(textAtomViews).find((candidate) => candidate.kind.holds(value));
  return view && Decoration.replace({ widget: view.widget(state, value), atom: value }).range(from, to);
}

function placeHeld(state: EditorState): Pick<AtomDrawing, 'held' | 'heldAtomic'> {
  const decorations: Range<Decoration>[] = [];
  const atomic: Range<Decoration>[] = [];
  for (const kind of state.facet(heldAtomKinds)) {
    const placed = kind.place(state);
    decorations.push(...placed.decorations);
    for (const { from, to } of placed.atomic) atomic.push(heldIsolate.range(from, to));
  }
  return { held: Decoration.set(decorations, true), heldAtomic: Decoration.set(atomic, true) };
}

/** A held atomic atom's range: isolated for the bidi algorithm, as its element is in the DOM. */
const heldIsolate = Decoration.mark({ bidiIsolate: null });

const drawing = StateField.define<AtomDrawing>({
  create: (state) => ({ text: decorateAtoms(state, drawAtom), ...placeHeld(state) }),
  update(current, transaction) {
    const { state } = transaction;
    const redraw = state.facet(textAtomViews).some((view) => view.redraw?.(transaction));
    const text = redraw
      ? decorateAtoms(state, drawAtom)
      : transaction.docChanged
        ? followAtoms(current.text, transaction, drawAtom)
        : current.text;
    const moved = state.facet(heldAtomKinds).some((kind) => kind.moved(transaction));
    const held = moved ? placeHeld(state) : current;
    return text === current.text && held === current ? current : { text, held: held.held, heldAtomic: held.heldAtomic };
  },
});

/** Every kind's atoms drawn, and atomic for the caret, selection and deletion. */
export function atomDrawing(): Extension {
  return [
    drawing,
    EditorView.decorations.from(drawing, (drawing) => drawing.text),
    EditorView.decorations.from(drawing, (drawing) => drawing.held),
    EditorView.atomicRanges.of((view) => view.state.field(atomIndex)),
    EditorView.atomicRanges.of((view) => view.state.field(drawing).heldAtomic),
    // A held atom is isolated in the DOM; the editor must know it too, or caret motion in
    // right-to-left text around it would ignore the isolate.
    EditorView.bidiIsolatedRanges.of((view) => view.state.field(drawing).heldAtomic),
  ];
}
