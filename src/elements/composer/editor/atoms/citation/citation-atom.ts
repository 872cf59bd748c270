import type { EditorState, RangeValue } from '@codemirror/state';
import { type Citation, collectCitations } from '../../../../../core/index.js';
import { atomsOf } from '../atom-index.js';
import { AtomValue, type TextAtomKind } from '../atom-kinds.js';

/**
 * Citations as an atom kind: each `[Assistant quote](t3-citation://…)` link of the text is one
 * atom, drawn as a `<t3-context-chip>` that carries the citation (`citation-widget.ts`). The link
 * stays in the text, as T3 Code keeps it, so the submission, copy and paste carry citations with
 * no record of their own.
 */

/** One citation link of the draft. */
export class CitationRange extends AtomValue {
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

export const citationAtoms: TextAtomKind<CitationRange> = {
  // A link never spans a line break: it holds no whitespace.
  find: (text, offset) =>
    collectCitations(text).map(({ citation, source, start, end }) =>
      new CitationRange(citation, source).range(start + offset, end + offset),
    ),
  holds: (value): value is CitationRange => value instanceof CitationRange,
};

export interface PlacedCitation {
  citation: Citation;
  source: string;
  from: number;
  to: number;
}

/** The citation links of a state between `from` and `to` (all by default), in document order. */
export function citationsOf(state: EditorState, from?: number, to?: number): PlacedCitation[] {
  return atomsOf(state, from, to, citationAtoms).map(({ value: { citation, source }, from, to }) => ({
    citation,
    source,
    from,
    to,
  }));
}
