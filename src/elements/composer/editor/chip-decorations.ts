import { type EditorState, type Extension, RangeSetBuilder, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, WidgetType } from '@codemirror/view';
import { collectContextReferences, type ContextRecord } from '../../../core/index.js';
import type { T3ContextChip } from '../../context-chip/context-chip.js';
import { availabilityField, type ChipAvailability, recordsField } from './draft-state.js';

interface ChipSpec {
  kind: string;
  contextId: string;
  label: string;
  record: ContextRecord | undefined;
  availability: ChipAvailability | undefined;
}

/** A `t3-context` link shown as one `<t3-context-chip>`; the editor treats it as a single character. */
class ChipWidget extends WidgetType {
  constructor(readonly chip: ChipSpec) {
    super();
  }

  override eq(other: ChipWidget): boolean {
    const a = this.chip;
    const b = other.chip;
    return (
      a.kind === b.kind &&
      a.contextId === b.contextId &&
      a.label === b.label &&
      a.record === b.record &&
      a.availability === b.availability
    );
  }

  override toDOM(): HTMLElement {
    const element = document.createElement('t3-context-chip') as T3ContextChip;
    this.apply(element);
    return element;
  }

  override updateDOM(dom: HTMLElement): boolean {
    if (dom.localName !== 't3-context-chip') return false;
    this.apply(dom as T3ContextChip);
    return true;
  }

  private apply(element: T3ContextChip): void {
    const { kind, contextId, label, record, availability } = this.chip;
    element.kind = kind;
    element.contextId = contextId;
    element.label = label;
    element.record = availability === 'failed' ? undefined : record;
    element.placement = 'composer';
    element.removable = true;
    element.pending = availability === 'pending';
    element.notInEnvironment = availability === 'not-in-environment';
    element.setAttribute('contenteditable', 'false');
  }

  /** The chip handles its own pointer and key events (remove button, activation). */
  override ignoreEvent(event: Event): boolean {
    return event.type !== 'dragstart';
  }
}

function buildChips(state: EditorState): DecorationSet {
  const records = state.field(recordsField);
  const availability = state.field(availabilityField);
  const builder = new RangeSetBuilder<Decoration>();
  for (const occurrence of collectContextReferences(state.doc.toString())) {
    const widget = new ChipWidget({
      kind: occurrence.kind,
      contextId: occurrence.contextId,
      label: occurrence.label,
      record: records.get(occurrence.contextId),
      availability: availability.get(occurrence.contextId),
    });
    builder.add(occurrence.start, occurrence.end, Decoration.replace({ widget }));
  }
  return builder.finish();
}

/** Chip decorations, rebuilt when the text, the records or their availability change. */
export const chipField = StateField.define<DecorationSet>({
  create: buildChips,
  update(chips, transaction) {
    const recordsChanged = transaction.startState.field(recordsField) !== transaction.state.field(recordsField);
    const availabilityChanged =
      transaction.startState.field(availabilityField) !== transaction.state.field(availabilityField);
    return transaction.docChanged || recordsChanged || availabilityChanged ? buildChips(transaction.state) : chips;
  },
});

/** Chips are drawn by widgets and are atomic for the caret, selection and deletion. */
export function chipExtension(): Extension {
  return [
    recordsField,
    availabilityField,
    chipField,
    EditorView.decorations.from(chipField),
    EditorView.atomicRanges.of((view) => view.state.field(chipField)),
  ];
}
