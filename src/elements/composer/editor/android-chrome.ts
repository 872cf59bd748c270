import { Annotation, type EditorState, type Extension, Transaction } from '@codemirror/state';
import { type EditorView, ViewPlugin } from '@codemirror/view';

/*
 * Two places where CodeMirror's input on Chrome for Android needs the composer's help.
 *
 * 1. There CodeMirror takes text input through the browser's `EditContext`, whose copy of the text
 *    it keeps in step from transactions only. `setState` is not one: after it, the context still
 *    holds the previous draft, and the keyboard's next ranges, read against that text, throw
 *    "Invalid change range" on every key until focus leaves. A new draft is therefore first
 *    written into the current one by a transaction, which brings the context along, and only then
 *    set as the new state (with its own fields and an empty undo history).
 * 2. CodeMirror holds back every Enter key there (a virtual keyboard's Enter comes wrapped in
 *    composition events) and replays it later without its modifiers, so a hardware keyboard's
 *    Ctrl+Enter or Shift+Enter would act as a plain Enter. Modifiers only come from a hardware
 *    keyboard: such a key is replayed at once, modifiers kept, for the keymap to run.
 */

/** Where CodeMirror edits through `EditContext`: its own test (Android, Chrome 126 and up, the API there). */
export function editsThroughEditContext(): boolean {
  if (typeof navigator === 'undefined' || typeof window === 'undefined' || !('EditContext' in window)) return false;
  const chrome = /Chrome\/(\d+)/.exec(navigator.userAgent);
  return /Android\b/.test(navigator.userAgent) && !!chrome && Number(chrome[1]) >= 126;
}

/** Marks the transaction that only carries a new draft's text into the editing context before `setState`. */
export const editContextSync = Annotation.define<true>();

/** Replaces the view's state, keeping the browser's editing context in step where one is used. */
export function replaceViewState(view: EditorView, state: EditorState): void {
  if (editsThroughEditContext()) {
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: state.doc },
      selection: state.selection,
      filter: false,
      annotations: [editContextSync.of(true), Transaction.addToHistory.of(false)],
    });
  }
  view.setState(state);
}

type Replayed = KeyboardEvent & { synthetic?: boolean };

/** A hardware keyboard's Enter with modifiers, run by the keymap at once with its modifiers (Android Chrome only). */
export function modifiedEnterOnAndroid(): Extension {
  if (!editsThroughEditContext()) return [];
  return ViewPlugin.define((view) => {
    const onKeyDown = (event: Replayed) => {
      const modified = event.ctrlKey || event.metaKey || event.altKey || event.shiftKey;
      if (event.key !== 'Enter' || !modified || event.isComposing || event.synthetic) return;
      event.stopPropagation();
      // Whatever the keymap does with it, the browser's own Enter would reach CodeMirror as a plain one.
      event.preventDefault();
      const replay: Replayed = new KeyboardEvent('keydown', {
        key: event.key,
        code: event.code,
        keyCode: 13,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        shiftKey: event.shiftKey,
        repeat: event.repeat,
        bubbles: true,
        composed: true,
        cancelable: true,
      });
      // CodeMirror's mark for a key it dispatched itself: it runs the keymap without holding it back.
      replay.synthetic = true;
      view.contentDOM.dispatchEvent(replay);
    };
    view.dom.addEventListener('keydown', onKeyDown, true);
    return { destroy: () => view.dom.removeEventListener('keydown', onKeyDown, true) };
  });
}
