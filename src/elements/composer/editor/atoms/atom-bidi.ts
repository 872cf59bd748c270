import { EditorSelection, type EditorState, type Extension, Prec, type Range, StateField } from '@codemirror/state';
import {
  type Command,
  Decoration,
  type DecorationSet,
  Direction,
  EditorView,
  keymap,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { type DecorateAtom, decorateAtoms, followAtoms } from './atom-decorations.js';
import { atomIndex } from './atom-index.js';

/**
 * Right-to-left text around inline atoms. Each line takes its direction from its first strong
 * character (`dir="auto"` on the line, read per line by the editor), and each text atom (a chip, a
 * citation) is a bidi isolate: its element has `unicode-bidi: isolate`, and its range is
 * registered with the editor so caret motion orders it as the browser draws it. Nothing is ever
 * inserted into the text for this: the draft that goes on the wire has no isolate characters.
 */

/** An isolate over a text atom's link, its direction taken from the link's first strong character. */
const isolateAtom: DecorateAtom = (_state, value, from, to) =>
  Decoration.mark({ bidiIsolate: null, atom: value }).range(from, to);

/** The text atoms' ranges as isolates, following the index as its drawing does. */
const atomIsolates = StateField.define<DecorationSet>({
  create: (state) => decorateAtoms(state, isolateAtom),
  update: (isolates, transaction) =>
    transaction.docChanged ? followAtoms(isolates, transaction, isolateAtom) : isolates,
});

const autoDirection = Decoration.line({ attributes: { dir: 'auto' } });

function lineDirections(view: EditorView): DecorationSet {
  const lines: Range<Decoration>[] = [];
  for (const { from, to } of view.visibleRanges) {
    for (let pos = from; pos <= to;) {
      const line = view.state.doc.lineAt(pos);
      lines.push(autoDirection.range(line.from));
      pos = line.to + 1;
    }
  }
  return Decoration.set(lines);
}

/** `dir="auto"` on every drawn line. */
const lineDirectionPlugin = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = lineDirections(view);
    }
    update(update: ViewUpdate): void {
      if (update.docChanged || update.viewportChanged) this.decorations = lineDirections(update.view);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/** Which side a caret at `pos` belongs to: away from an atom it touches, so the next step does not cross back. */
function sideAwayFromAtom(state: EditorState, pos: number): -1 | 1 | undefined {
  let side: -1 | 1 | undefined;
  state.field(atomIndex).between(pos, pos, (from, to) => {
    if (to === pos) side = 1;
    else if (from === pos) side = -1;
  });
  return side;
}

/** The far end of an atom right next to `pos` in reading order (after it when `forward`), if there is one. */
function acrossAtom(state: EditorState, pos: number, forward: boolean): number | undefined {
  let end: number | undefined;
  state.field(atomIndex).between(pos, pos, (from, to) => {
    if (forward && from === pos) end = to;
    else if (!forward && to === pos) end = from;
  });
  return end;
}

function lineHasAtom(state: EditorState, pos: number): boolean {
  const line = state.doc.lineAt(pos);
  let found = false;
  state.field(atomIndex).between(line.from, line.to, () => {
    found = true;
    return false;
  });
  return found;
}

/**
 * ←/→ (with Shift, extending the selection) in a line with atoms: an atom next to the caret in the
 * line's reading direction (← in a right-to-left line, → in a left-to-right one, and the reverse)
 * is crossed in one step; any other step is the editor's visual one, started from the side away
 * from an atom. The editor's own step keeps the side of an atom the caret came from and, in an
 * isolate of the other direction, steps back over the atom it just crossed.
 */
function arrowOverAtoms(toRight: boolean, extend: boolean): Command {
  return (view) => {
    const { state } = view;
    const ranges = state.selection.ranges;
    if (!ranges.some((range) => lineHasAtom(state, range.head))) return false;
    if (!extend && ranges.some((range) => !range.empty)) return false;
    const moved = ranges.map((range) => {
      // The editor's "forward" is the line's reading direction: → in a left-to-right line, ← in a right-to-left one.
      const forward = toRight === (view.textDirectionAt(range.head) === Direction.LTR);
      const start = EditorSelection.cursor(range.head, sideAwayFromAtom(state, range.head));
      const head = acrossAtom(state, range.head, forward) ?? view.moveByChar(start, forward).head;
      const cursor = EditorSelection.cursor(head, sideAwayFromAtom(state, head));
      return extend ? EditorSelection.range(range.anchor, head) : cursor;
    });
    view.dispatch({
      selection: EditorSelection.create(moved, state.selection.mainIndex),
      scrollIntoView: true,
      userEvent: 'select',
    });
    return true;
  };
}

const atomArrowKeys = Prec.high(
  keymap.of([
    { key: 'ArrowLeft', run: arrowOverAtoms(false, false), shift: arrowOverAtoms(false, true) },
    { key: 'ArrowRight', run: arrowOverAtoms(true, false), shift: arrowOverAtoms(true, true) },
  ]),
);

export function atomBidi(): Extension {
  return [
    atomArrowKeys,
    EditorView.perLineTextDirection.of(true),
    lineDirectionPlugin,
    atomIsolates,
    EditorView.bidiIsolatedRanges.of((view) => view.state.field(atomIsolates)),
  ];
}
