import { EditorState, type Extension, Transaction, type TransactionSpec } from '@codemirror/state';
import { type EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import { visibleLengthOf } from '../atoms/atom-index.js';
import { chipsOf } from '../atoms/context-chip/chip-atom.js';
import { isUserInput, visiblePrefixLength } from './visible-length.js';

type LimitHandler = (kind: 'refused' | 'cut') => void;

/**
 * Keeps what the user types, pastes or drops within `maxLength` visible characters (a chip counts
 * as one). Typing past the limit is refused; a paste or drop is cut to fit and `onLimit` is told.
 * An IME composition runs unhindered (refusing its steps would garble it) and what it committed
 * is cut to fit once it ends, as a native text field does. Programmatic changes (setting `value`,
 * the API) are never truncated. The lengths come from the chip index, so a keystroke costs
 * the number of chips, not a parse of the whole draft.
 */
export function maxLengthFilter(maxLength: number, onLimit: LimitHandler): Extension {
  return [refuseOverflow(maxLength, onLimit), cutComposedOverflow(maxLength, onLimit)];
}

const COMPOSE = 'input.type.compose';

function refuseOverflow(maxLength: number, onLimit: LimitHandler): Extension {
  return EditorState.transactionFilter.of((transaction): TransactionSpec | readonly TransactionSpec[] => {
    if (!transaction.docChanged || !isUserInput(transaction) || transaction.isUserEvent(COMPOSE)) return transaction;
    const before = visibleLengthOf(transaction.startState);
    const after = visibleLengthOf(transaction.state);
    if (after <= maxLength || after <= before) return transaction;
    const pasted = transaction.isUserEvent('input.paste') || transaction.isUserEvent('input.drop');
    const cut = pasted ? cutToFit(transaction, maxLength, before) : null;
    onLimit(cut ? 'cut' : 'refused');
    return cut ?? [];
  });
}

/**
 * The same single insertion, shortened so the document stays within the limit. The cut never
 * splits a chip's link or a surrogate pair, and the transaction keeps its effects (the records a
 * pasted fragment brings).
 */
function cutToFit(transaction: Transaction, maxLength: number, visibleBefore: number): TransactionSpec | null {
  const insertions: { from: number; to: number; text: string }[] = [];
  transaction.changes.iterChanges((from, to, _fromB, _toB, inserted) => {
    insertions.push({ from, to, text: inserted.toString() });
  });
  if (insertions.length !== 1) return null;
  const { from, to, text } = insertions[0]!;
  const room = maxLength - (visibleBefore - visibleLengthOfRange(transaction.startState, from, to));
  if (room <= 0) return null;
  const end = visiblePrefixLength(text, room);
  if (end === 0) return null;
  return {
    changes: { from, to, insert: text.slice(0, end) },
    selection: { anchor: from + end },
    effects: transaction.effects,
    scrollIntoView: transaction.scrollIntoView,
    userEvent: transaction.annotation(Transaction.userEvent) ?? 'input.paste',
  };
}

function visibleLengthOfRange(state: EditorState, from: number, to: number): number {
  let hidden = 0;
  for (const chip of chipsOf(state, from, to)) {
    if (chip.from >= from && chip.to <= to) hidden += chip.to - chip.from - 1;
  }
  return to - from - hidden;
}

/** Follows the text a composition inserted and, once it has ended, cuts its tail to fit the limit. */
function cutComposedOverflow(maxLength: number, onLimit: LimitHandler): Extension {
  return ViewPlugin.fromClass(
    class {
      /** The composed text in the current document, while it may still need a cut. */
      composed: { from: number; to: number } | null = null;

      destroyed = false;

      update(update: ViewUpdate): void {
        for (const transaction of update.transactions) {
          if (!transaction.docChanged) continue;
          const mapped = this.composed && {
            from: transaction.changes.mapPos(this.composed.from, -1),
            to: transaction.changes.mapPos(this.composed.to, 1),
          };
          if (!transaction.isUserEvent(COMPOSE)) {
            this.composed = mapped;
            continue;
          }
          transaction.changes.iterChangedRanges((_fromA, _toA, fromB, toB) => {
            this.composed = mapped
              ? { from: Math.min(mapped.from, fromB), to: Math.max(mapped.to, toB) }
              : { from: fromB, to: toB };
          });
        }
      }

      cutIfOver(view: EditorView): void {
        const composed = this.composed;
        this.composed = null;
        if (!composed || this.destroyed || view.composing) return;
        const excess = visibleLengthOf(view.state) - maxLength;
        if (excess <= 0) return;
        let cut = Math.max(composed.from, composed.to - excess);
        if (isLowSurrogate(view.state.doc.sliceString(cut, cut + 1))) cut -= 1;
        view.dispatch({ changes: { from: cut, to: composed.to }, userEvent: 'delete.limit' });
        onLimit('cut');
      }

      destroy(): void {
        this.destroyed = true;
      }
    },
    {
      eventHandlers: {
        compositionend(_event, view) {
          // The editor reads the composition's last DOM changes after this event; cut after them.
          setTimeout(() => this.cutIfOver(view));
        },
      },
    },
  );
}

function isLowSurrogate(character: string): boolean {
  const code = character.charCodeAt(0);
  return code >= 0xdc00 && code <= 0xdfff;
}
