import { attachmentsField, availabilityField, recordsField, uploadStatusField } from '../../state/draft-state.js';
import type { TextAtomView } from '../atom-kinds.js';
import { type ChipRange, contextChipAtoms } from './chip-atom.js';
import { ChipWidget } from './chip-widget.js';

/**
 * A chip drawn as a `<t3-context-chip>` with what the draft knows of it (its record, availability,
 * attachment preview and upload), drawn again when any of those change or read-only does.
 */
export const contextChipView: TextAtomView<ChipRange> = {
  kind: contextChipAtoms,
  widget: (state, chip) =>
    new ChipWidget({
      kind: chip.kind,
      contextId: chip.contextId,
      label: chip.label,
      record: state.field(recordsField).get(chip.contextId),
      availability: state.field(availabilityField).get(chip.contextId),
      removable: !state.readOnly,
      preview: state.field(attachmentsField).get(chip.contextId)?.preview,
      upload: state.field(uploadStatusField).get(chip.contextId),
    }),
  redraw({ startState, state }) {
    return (
      startState.field(recordsField) !== state.field(recordsField) ||
      startState.field(attachmentsField) !== state.field(attachmentsField) ||
      startState.field(availabilityField) !== state.field(availabilityField) ||
      startState.field(uploadStatusField) !== state.field(uploadStatusField) ||
      startState.readOnly !== state.readOnly
    );
  },
};
