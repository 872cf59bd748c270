import {
  type EditorState,
  type Extension,
  type Range,
  RangeSet,
  RangeValue,
  StateField,
  type Text,
  type Transaction,
} from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, WidgetType } from '@codemirror/view';
import { type Citation, collectCitations } from '../../../core/index.js';
import type { T3ContextChip } from '../../context-chip/context-chip.js';
import { inSpans, touchedLines } from './touched-lines.js';

/**
 * The citation chips of the draft: each `[Assistant quote](t3-citation://…)` link of the text is
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

function updateTouchedLines(citations: RangeSet<CitationRange>, transaction: Transaction): RangeSet<CitationRange> {
  const mapped = citations.map(transaction.changes);
  const lines = touchedLines(transaction);
  if (lines.length === 0) return mapped;
  const fresh = lines.flatMap((line) => citationsOfLines(transaction.newDoc, line.from, line.to));
  let stale = false;
  mapped.between(lines[0]!.from, lines[lines.length - 1]!.to, (from, to) => {
    if (inSpans(lines, from, to)) stale = true;
  });
  if (!stale && fresh.length === 0) return mapped;
  return mapped.update({
    filter: (from, to) => !inSpans(lines, from, to),
    filterFrom: lines[0]!.from,
    filterTo: lines[lines.length - 1]!.to,
    add: fresh,
  });
}

export const citationIndex = StateField.define<RangeSet<CitationRange>>({
  create: (state) => RangeSet.of(citationsOfLines(state.doc, 0, state.doc.length)),
  update: (citations, transaction) => (transaction.docChanged ? updateTouchedLines(citations, transaction) : citations),
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

/** A citation link drawn as one chip. */
class CitationWidget extends WidgetType {
  constructor(
    readonly citation: Citation,
    readonly source: string,
    readonly removable: boolean,
  ) {
    super();
  }

  override eq(other: CitationWidget): boolean {
    return other.source === this.source && other.removable === this.removable;
  }

  override toDOM(): HTMLElement {
    const element = document.createElement('t3-context-chip');
    this.show(element);
    return element;
  }

  override updateDOM(dom: HTMLElement): boolean {
    if (dom.localName !== 't3-context-chip') return false;
    this.show(dom as T3ContextChip);
    return true;
  }

  private show(element: T3ContextChip): void {
    element.kind = 'citation';
    element.citation = this.citation;
    element.placement = 'composer';
    element.removable = this.removable;
    element.setAttribute('contenteditable', 'false');
  }

  /** As a context chip: the editor takes presses on the body; the chip keeps its buttons and its form. */
  override ignoreEvent(event: Event): boolean {
    if (event.type === 'mousedown') return event.composedPath().some(isChipControl);
    return event.type !== 'dragstart';
  }
}

function isChipControl(target: EventTarget): boolean {
  return target instanceof Element && target.matches('[part~="remove-button"], [part~="edit-button"], form, form *');
}

function buildDecorations(state: EditorState): DecorationSet {
  const removable = !state.readOnly;
  const ranges: Range<Decoration>[] = [];
  state.field(citationIndex).between(0, state.doc.length, (from, to, { citation, source }) => {
    ranges.push(Decoration.replace({ widget: new CitationWidget(citation, source, removable) }).range(from, to));
  });
  return Decoration.set(ranges);
}

/**
 * Drawn again after each edit of a draft that holds citations (few, and a widget equal to the
 * one before keeps its element), and when read-only changes.
 */
const citationDecorations = StateField.define<DecorationSet>({
  create: buildDecorations,
  update(decorations, transaction) {
    const { startState, state } = transaction;
    const citations = startState.field(citationIndex).size > 0 || state.field(citationIndex).size > 0;
    if ((transaction.docChanged && citations) || startState.readOnly !== state.readOnly) return buildDecorations(state);
    return decorations;
  },
});

/** The citation chips in the editor: indexed, drawn, and atomic for the caret, selection and deletion. */
export function citationChipExtension(): Extension {
  return [
    citationIndex,
    citationDecorations,
    EditorView.decorations.from(citationDecorations),
    EditorView.atomicRanges.of((view) => view.state.field(citationIndex)),
  ];
}
