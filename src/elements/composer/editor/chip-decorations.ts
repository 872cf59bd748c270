import { type EditorState, type Extension, type Range, StateField, type Transaction } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView } from '@codemirror/view';
import { collectContextReferences } from '../../../core/index.js';
import { type ChipSpec, ChipWidget } from './chip-widget.js';
import { attachmentsField, availabilityField, recordsField } from './draft-state.js';

export type { ChipSpec } from './chip-widget.js';

function chipDecoration(
  state: EditorState,
  occurrence: { kind: string; contextId: string; label: string; start: number; end: number },
): Range<Decoration> {
  const widget = new ChipWidget({
    kind: occurrence.kind,
    contextId: occurrence.contextId,
    label: occurrence.label,
    record: state.field(recordsField).get(occurrence.contextId),
    availability: state.field(availabilityField).get(occurrence.contextId),
    removable: !state.readOnly,
    preview: state.field(attachmentsField).get(occurrence.contextId)?.preview,
  });
  return Decoration.replace({ widget }).range(occurrence.start, occurrence.end);
}

/** Chips of the text between `from` and `to`, which must be whole lines: no link spans a line break. */
function chipsOfLines(state: EditorState, from: number, to: number): Range<Decoration>[] {
  return collectContextReferences(state.doc.sliceString(from, to)).map((occurrence) =>
    chipDecoration(state, { ...occurrence, start: occurrence.start + from, end: occurrence.end + from }),
  );
}

function buildChips(state: EditorState): DecorationSet {
  return Decoration.set(chipsOfLines(state, 0, state.doc.length));
}

/** The lines a transaction touched, in the new document, merged and in order. */
function touchedLines(transaction: Transaction): { from: number; to: number }[] {
  const doc = transaction.newDoc;
  const ranges: { from: number; to: number }[] = [];
  transaction.changes.iterChangedRanges((_fromA, _toA, fromB, toB) => {
    const from = doc.lineAt(fromB).from;
    const to = doc.lineAt(toB).to;
    const last = ranges[ranges.length - 1];
    if (last && from <= last.to) last.to = Math.max(last.to, to);
    else ranges.push({ from, to });
  });
  return ranges;
}

/**
 * Re-reads only the lines an edit touched; chips elsewhere are mapped through the change, and a
 * re-read chip equal to the mapped one keeps its decoration. Typing in a draft with a thousand
 * chips therefore costs one line, not the whole draft.
 */
function updateTouchedLines(chips: DecorationSet, transaction: Transaction): DecorationSet {
  const mapped = chips.map(transaction.changes);
  const lines = touchedLines(transaction);
  if (lines.length === 0) return mapped;
  const filterFrom = lines[0]!.from;
  const filterTo = lines[lines.length - 1]!.to;
  const inTouchedLine = (from: number, to: number) => lines.some((line) => to >= line.from && from <= line.to);
  const fresh = new Map(
    lines.flatMap((line) => chipsOfLines(transaction.state, line.from, line.to)).map((range) => [range.from, range]),
  );
  const unchanged = new Set<number>();
  mapped.between(filterFrom, filterTo, (from, to, decoration) => {
    const candidate = fresh.get(from);
    if (inTouchedLine(from, to) && candidate && candidate.to === to && candidate.value.eq(decoration))
      unchanged.add(from);
  });
  return mapped.update({
    filter: (from, to) => unchanged.has(from) || !inTouchedLine(from, to),
    filterFrom,
    filterTo,
    add: [...fresh.values()].filter((range) => !unchanged.has(range.from)),
    sort: true,
  });
}

/**
 * Chip decorations: rebuilt when the records, their attachments (a text file's preview), their
 * availability or read-only change; else per touched line.
 */
const chipField = StateField.define<DecorationSet>({
  create: buildChips,
  update(chips, transaction) {
    const { startState, state } = transaction;
    const rebuild =
      startState.field(recordsField) !== state.field(recordsField) ||
      startState.field(attachmentsField) !== state.field(attachmentsField) ||
      startState.field(availabilityField) !== state.field(availabilityField) ||
      startState.readOnly !== state.readOnly;
    if (rebuild) return buildChips(state);
    return transaction.docChanged ? updateTouchedLines(chips, transaction) : chips;
  },
});

export interface PlacedChip extends ChipSpec {
  from: number;
  to: number;
}

/** The chips of a state between `from` and `to` (all by default), in document order. */
export function chipsOf(state: EditorState, from = 0, to = state.doc.length): PlacedChip[] {
  const placed: PlacedChip[] = [];
  state.field(chipField).between(from, to, (start, end, decoration) => {
    const widget = decoration.spec.widget;
    if (widget instanceof ChipWidget && end > from && start < to) placed.push({ ...widget.chip, from: start, to: end });
  });
  return placed;
}

/** How many chips a state shows, without listing them: a count per chunk of the decoration set. */
export function chipCountOf(state: EditorState): number {
  return state.field(chipField).size;
}

/** Characters a person sees in a state: each chip counts as one. Linear in the number of chips. */
export function visibleLengthOf(state: EditorState): number {
  let hidden = 0;
  state.field(chipField).between(0, state.doc.length, (from, to) => {
    hidden += to - from - 1;
  });
  return state.doc.length - hidden;
}

/**
 * Chips are drawn by widgets and are atomic for the caret, selection and deletion (the draft's fields come with
 * `draftFields`).
 */
export function chipExtension(): Extension {
  return [
    chipField,
    EditorView.decorations.from(chipField),
    EditorView.atomicRanges.of((view) => view.state.field(chipField)),
  ];
}
