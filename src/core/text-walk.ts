/** A `[start, end)` range of UTF-16 offsets into a text. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Walks `text` in order around `ranges` (sorted, not overlapping): `onText` gets the text before,
 * between and after them, one call more than there are ranges, with `''` where two touch or one
 * sits at an edge; `onRange` gets each range and its index, between those calls.
 */
export function walkAroundRanges<Range extends TextRange>(
  text: string,
  ranges: readonly Range[],
  onText: (between: string) => void,
  onRange: (range: Range, index: number) => void,
): void {
  let cursor = 0;
  let index = 0;
  for (const range of ranges) {
    onText(text.slice(cursor, range.start));
    onRange(range, index++);
    cursor = range.end;
  }
  onText(text.slice(cursor));
}
