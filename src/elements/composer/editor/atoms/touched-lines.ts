import type { Range, RangeSet, RangeValue, Text, Transaction } from '@codemirror/state';

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
function inSpans(spans: readonly LineSpan[], from: number, to: number): boolean {
  return spans.some((span) => to >= span.from && from <= span.to);
}

/**
 * An index of ranges read from the text (chips, citations), kept up to date by reading again only
 * the lines an edit touched; ranges elsewhere are mapped through the change, and a re-read range
 * equal to the mapped one keeps its value, so what is drawn from it stays. Typing in a draft with a
 * thousand chips therefore costs one line, not the whole draft. `read` takes whole lines: no
 * indexed range spans a line break.
 */
export function reindexTouchedLines<T extends RangeValue>(
  index: RangeSet<T>,
  transaction: Transaction,
  read: (doc: Text, from: number, to: number) => Range<T>[],
): RangeSet<T> {
  const mapped = index.map(transaction.changes);
  const lines = touchedLines(transaction);
  if (lines.length === 0) return mapped;
  const filterFrom = lines[0]!.from;
  const filterTo = lines[lines.length - 1]!.to;
  // In document order, as the lines are: `update` needs no sort.
  const fresh = lines.flatMap((line) => read(transaction.newDoc, line.from, line.to));
  const known = new Map<number, { to: number; value: T }>();
  mapped.between(filterFrom, filterTo, (from, to, value) => {
    if (inSpans(lines, from, to)) known.set(from, { to, value });
  });
  const unchanged = new Set<number>();
  const added = fresh.filter((range) => {
    const was = known.get(range.from);
    if (!was || was.to !== range.to || !was.value.eq(range.value)) return true;
    unchanged.add(range.from);
    return false;
  });
  // The touched lines hold what they held (typing in prose): the mapped index stands.
  if (added.length === 0 && unchanged.size === known.size) return mapped;
  return mapped.update({
    filter: (from, to) => unchanged.has(from) || !inSpans(lines, from, to),
    filterFrom,
    filterTo,
    add: added,
  });
}
