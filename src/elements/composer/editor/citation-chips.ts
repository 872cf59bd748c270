import { type EditorState, type Range, RangeSet, RangeValue, StateField, type Text } from '@codemirror/state';
import { type Citation, collectCitations } from '../../../core/index.js';
import { reindexTouchedLines } from './touched-lines.js';

/**
 * The citation links of the draft, indexed in state alone (the view draws them in
 * `citation-decorations.ts`): each `[Assistant quote](t3-citation://…)` link of the text is
 * one atomic `<t3-context-chip>` that carries the citation. The link stays in the text, as T3
 * Code keeps it, so the submission, copy and paste carry citations with no record of their own.
 */

/** One citation link of the draft. */
export class CitationRange extends RangeValue {
  constructor(
    readonly citation: Citation,
    readonly source: string,
  ) {
    super();
  }

  override eq(other: RangeValue): boolean {
    return other instanceof CitationRange && other.source === this.source;
  }
}

// Text typed at either edge stays outside the chip, as for context chips.
CitationRange.prototype.startSide = 1;
CitationRange.prototype.endSide = -1;

/** The citations of whole lines `from`–`to` (a link never spans a line break: it holds no whitespace). */
function citationsOfLines(doc: Text, from: number, to: number): Range<CitationRange>[] {
  return collectCitations(doc.sliceString(from, to)).map(({ citation, source, start, end }) =>
    new CitationRange(citation, source).range(start + from, end + from),
  );
}

export const citationIndex = StateField.define<RangeSet<CitationRange>>({
  create: (state) => RangeSet.of(citationsOfLines(state.doc, 0, state.doc.length)),
  update: (citations, transaction) =>
    transaction.docChanged ? reindexTouchedLines(citations, transaction, citationsOfLines) : citations,
});

export interface PlacedCitation {
  citation: Citation;
  source: string;
  from: number;
  to: number;
}

/** The citation links of a state between `from` and `to` (all by default), in document order. */
export function citationsOf(state: EditorState, from = 0, to = state.doc.length): PlacedCitation[] {
  const placed: PlacedCitation[] = [];
  state.field(citationIndex).between(from, to, (start, end, { citation, source }) => {
    if (end > from && start < to) placed.push({ citation, source, from: start, to: end });
  });
  return placed;
}
