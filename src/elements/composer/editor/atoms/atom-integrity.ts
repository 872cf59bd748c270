import type { ChangeSet, EditorState, Extension, Transaction } from '@codemirror/state';
import { ViewPlugin, type ViewUpdate } from '@codemirror/view';
import { atomAround } from './atom-index.js';

interface Change {
  from: number;
  to: number;
  insert: string;
}

/**
 * A delete event, so the history joins a repair to the input it mends and undo never shows a cut
 * link; and no `input.type`, so an editor mid-composition treats it as a change from outside.
 */
const MEND_EVENT = 'delete.mend';

/**
 * Keeps text atoms (chips, citations) whole under input that does not go through the editor's keys. An on-screen
 * keyboard edits the canonical text (Android keyboards see it through an EditContext) and may
 * reach into a chip's link with a replacement range or a word deletion, which would leave a
 * broken link and lose the chip. Such an edit is mended right after it: a deletion takes the
 * whole chip, as Backspace does; a replacement keeps the chip and edits only the text beside it;
 * an edit of the link's inside is undone, and text inserted inside it goes after the chip.
 *
 * The repair is a transaction of its own rather than a filter of the keyboard's: the editor
 * checks the keyboard's change against what it applied, and a filtered one leaves the keyboard's
 * copy of the text out of step (and a running composition committing twice).
 */
export function atomIntegrity(): Extension {
  return ViewPlugin.define((view) => ({
    update(update: ViewUpdate) {
      let repair: ChangeSet | null = null;
      for (const transaction of update.transactions) {
        if (repair) repair = repair.map(transaction.changes);
        const own = repairOf(transaction);
        if (own) repair = repair ? repair.compose(own.map(repair)) : own;
      }
      if (!repair || repair.empty) return;
      const doc = update.state.doc;
      const changes = repair;
      // No dispatch while the editor is still applying this update.
      queueMicrotask(() => {
        if (view.state.doc === doc) view.dispatch({ changes, userEvent: MEND_EVENT });
      });
    },
  }));
}

/** The changes that take a transaction's document to the one with every atom whole, or null when none was cut. */
function repairOf(transaction: Transaction): ChangeSet | null {
  if (!transaction.docChanged || transaction.isUserEvent(MEND_EVENT)) return null;
  if (!(transaction.isUserEvent('input') || transaction.isUserEvent('delete'))) return null;
  const { startState } = transaction;
  const mended: Change[] = [];
  let cut = false;
  transaction.changes.iterChanges((from, to, _fromB, _toB, inserted) => {
    const change = { from, to, insert: inserted.toString() };
    const kept = keepAtomsWhole(startState, change);
    if (kept !== change) cut = true;
    if (kept) mended.push(kept);
  });
  if (!cut) return null;
  return transaction.changes.invert(startState.doc).compose(startState.changes(mended));
}

/** `change` itself when it cuts no atom, else the change that keeps every atom whole, or null for none. */
function keepAtomsWhole(state: EditorState, change: Change): Change | null {
  if (!atomAround(state, change.from) && !atomAround(state, change.to)) return change;
  const { from, to, insert } = withoutCommonEnds(state, change);
  const first = atomAround(state, from);
  const last = atomAround(state, to);
  if (!first && !last) return { from, to, insert };
  if (insert === '') return { from: first?.from ?? from, to: last?.to ?? to, insert };
  if (first && first.from === last?.from) return from === to ? { from: first.to, to: first.to, insert } : null;
  return { from: first?.to ?? from, to: last?.from ?? to, insert };
}

/** The change without the text it writes back unchanged at either end. */
function withoutCommonEnds(state: EditorState, { from, to, insert }: Change): Change {
  const old = state.sliceDoc(from, to);
  let start = 0;
  while (start < old.length && start < insert.length && old[start] === insert[start]) start++;
  let end = 0;
  while (
    end < old.length - start &&
    end < insert.length - start &&
    old[old.length - 1 - end] === insert[insert.length - 1 - end]
  )
    end++;
  return { from: from + start, to: to - end, insert: insert.slice(start, insert.length - end) };
}
