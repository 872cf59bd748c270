import { type EditorState, type Extension, type Range, StateField, type Transaction } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView } from '@codemirror/view';
import { type ChipRange, chipIndex } from './chip-index.js';
import { ChipWidget } from './chip-widget.js';
import { citationChipExtension } from './citation-decorations.js';
import { attachmentsField, availabilityField, recordsField, uploadStatusField } from './draft-state.js';
import { touchedLines } from './touched-lines.js';

/** The decoration that draws one chip of the index, with what the draft knows of it. */
function chipDecoration(state: EditorState, chip: ChipRange, from: number, to: number): Range<Decoration> {
  const widget = new ChipWidget({
    kind: chip.kind,
    contextId: chip.contextId,
    label: chip.label,
    record: state.field(recordsField).get(chip.contextId),
    availability: state.field(availabilityField).get(chip.contextId),
    removable: !state.readOnly,
    preview: state.field(attachmentsField).get(chip.contextId)?.preview,
    upload: state.field(uploadStatusField).get(chip.contextId),
  });
  return Decoration.replace({ widget, chip }).range(from, to);
}

/** The decorations of every chip of the index. */
function buildDecorations(state: EditorState): DecorationSet {
  const ranges: Range<Decoration>[] = [];
  state.field(chipIndex).between(0, state.doc.length, (from, to, chip) => {
    ranges.push(chipDecoration(state, chip, from, to));
  });
  return Decoration.set(ranges);
}

/**
 * Maps the decorations through an edit and re-derives them where the index changed. The index
 * keeps the same `ChipRange` for a chip it kept (`chip-index.ts`), so a decoration whose chip is
 * still indexed stays, with its widget and the element it drew; only new chips are drawn.
 */
function updateDecorations(decorations: DecorationSet, transaction: Transaction): DecorationSet {
  const mapped = decorations.map(transaction.changes);
  const lines = touchedLines(transaction);
  if (lines.length === 0) return mapped;
  const { state } = transaction;
  const from = lines[0]!.from;
  const to = lines[lines.length - 1]!.to;
  const drawn = new Set<ChipRange>();
  mapped.between(from, to, (_from, _to, decoration) => void drawn.add(decoration.spec.chip));
  const indexed = new Set<ChipRange>();
  const added: Range<Decoration>[] = [];
  state.field(chipIndex).between(from, to, (chipFrom, chipTo, chip) => {
    indexed.add(chip);
    if (!drawn.has(chip)) added.push(chipDecoration(state, chip, chipFrom, chipTo));
  });
  if (added.length === 0 && drawn.size === indexed.size) return mapped;
  return mapped.update({
    filter: (_from, _to, decoration) => indexed.has(decoration.spec.chip),
    filterFrom: from,
    filterTo: to,
    add: added,
  });
}

/**
 * The chips' decorations: rebuilt from the index when the records, their attachments (a text
 * file's preview), their availability, their uploads or read-only change; else mapped, and re-derived where the
 * index changed.
 */
const chipDecorations = StateField.define<DecorationSet>({
  create: buildDecorations,
  update(decorations, transaction) {
    const { startState, state } = transaction;
    const rebuild =
      startState.field(recordsField) !== state.field(recordsField) ||
      startState.field(attachmentsField) !== state.field(attachmentsField) ||
      startState.field(availabilityField) !== state.field(availabilityField) ||
      startState.field(uploadStatusField) !== state.field(uploadStatusField) ||
      startState.readOnly !== state.readOnly;
    if (rebuild) return buildDecorations(state);
    return transaction.docChanged ? updateDecorations(decorations, transaction) : decorations;
  },
});

/**
 * The chips in the editor: indexed, drawn by widgets, and atomic for the caret, selection and
 * deletion (the draft's fields come with `draftFields`).
 */
export function chipExtension(): Extension {
  return [
    chipIndex,
    chipDecorations,
    EditorView.decorations.from(chipDecorations),
    EditorView.atomicRanges.of((view) => view.state.field(chipIndex)),
    citationChipExtension(),
  ];
}
