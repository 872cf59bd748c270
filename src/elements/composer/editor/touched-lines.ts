import type { Transaction } from '@codemirror/state';

/** A whole line, or several adjacent ones, of a document: `from` at a line start, `to` at a line end. */
export interface LineSpan {
  from: number;
  to: number;
}

/** The lines a transaction touched, in the new document, merged and in order. */
export function touchedLines(transaction: Transaction): LineSpan[] {
  const doc = transaction.newDoc;
  const spans: LineSpan[] = [];
  transaction.changes.iterChangedRanges((_fromA, _toA, fromB, toB) => {
    const from = doc.lineAt(fromB).from;
    const to = doc.lineAt(toB).to;
    const last = spans[spans.length - 1];
    if (last && from <= last.to) last.to = Math.max(last.to, to);
    else spans.push({ from, to });
  });
  return spans;
}

/** Whether the range `from`–`to` lies in (or touches) one of `spans`. */
export function inSpans(spans: readonly LineSpan[], from: number, to: number): boolean {
  return spans.some((span) => to >= span.from && from <= span.to);
}
