import { EditorSelection, type EditorState, findClusterBreak } from '@codemirror/state';
import { type Command, EditorView } from '@codemirror/view';

/**
 * Backspace and Delete as a text field has them: the selection, or the grapheme cluster beside the
 * caret (the line break at a line's edge), stretched over any atomic range it reaches into, so a
 * chip goes whole. CodeMirror's own commands also delete a whole indentation unit in leading
 * spaces, a code editor's rule that ties them to its language package (a fifth of the composer's
 * size); a message has no indentation to keep, so one space goes per key.
 */
export const deleteCharBackward: Command = (view) => deleteChar(view, false);
export const deleteCharForward: Command = (view) => deleteChar(view, true);

function deleteChar(view: EditorView, forward: boolean): boolean {
  const { state } = view;
  if (state.readOnly) return false;
  let userEvent = 'delete.selection';
  const changes = state.changeByRange((range) => {
    let { from, to } = range;
    if (from === to) {
      let towards = clusterEdge(state, from, forward);
      if (towards !== from) {
        userEvent = forward ? 'delete.forward' : 'delete.backward';
        towards = outsideAtomic(view, towards, forward);
      }
      from = Math.min(from, towards);
      to = Math.max(to, towards);
    } else {
      from = outsideAtomic(view, from, false);
      to = outsideAtomic(view, to, true);
    }
    if (from === to) return { range };
    return { changes: { from, to }, range: EditorSelection.cursor(from, from < range.head ? -1 : 1) };
  });
  if (changes.changes.empty) return false;
  const announce = userEvent === 'delete.selection' ? EditorView.announce.of(state.phrase('Selection deleted')) : [];
  view.dispatch(state.update(changes, { scrollIntoView: true, userEvent, effects: announce }));
  return true;
}

/** A variation selector or an emoji skin tone modifier (U+1F3FB–U+1F3FF). */
const EMOJI_ALTERATION = /[\ufe00-\ufe0f]|\ud83c[\udffb-\udfff]/;

/** The other edge of the grapheme cluster beside `pos`, or of the line break at a line's edge. */
function clusterEdge(state: EditorState, pos: number, forward: boolean): number {
  const line = state.doc.lineAt(pos);
  const offset = pos - line.from;
  // Backward, a combining mark goes alone (as text fields do), but not a variation selector or a
  // skin tone: either would leave its emoji looking like another one.
  let edge = findClusterBreak(line.text, offset, forward, forward);
  if (edge === offset) {
    const atDocEdge = forward ? line.number === state.doc.lines : line.number === 1;
    return atDocEdge ? pos : pos + (forward ? 1 : -1);
  }
  if (!forward && EMOJI_ALTERATION.test(line.text.slice(edge, offset))) {
    edge = findClusterBreak(line.text, offset, false, true);
  }
  return line.from + edge;
}

/** `pos` moved out of any atomic range (a chip) it falls inside, towards `forward`. */
function outsideAtomic(view: EditorView, pos: number, forward: boolean): number {
  for (const ranges of view.state.facet(EditorView.atomicRanges).map((source) => source(view))) {
    ranges.between(pos, pos, (from, to) => {
      if (from < pos && to > pos) pos = forward ? to : from;
    });
  }
  return pos;
}
