import { invertedEffects } from '@codemirror/commands';
import type { Extension, StateEffect, Transaction } from '@codemirror/state';
import type { ContextRecord } from '../../../../core/index.js';
import type { DraftAttachment } from '../../../shared/composer-values.js';
import {
  attachmentsField,
  availabilityField,
  type ChipAvailability,
  commandField,
  draftToken,
  dropAttachments,
  type PickedCommand,
  putAttachments,
  recordsField,
  setCommand,
  uploadStatusField,
} from './draft-fields.js';
import { type ArgumentSlot, slotsField } from '../atoms/command/slot-field.js';
import { slotHistory } from '../atoms/command/slot-history.js';
import { NO_RECALL_WALK, type RecallWalk, recallWalkField } from './recall-walk.js';

// The fields themselves are state only (`draft-fields.ts`); their undo takes the history of `@codemirror/commands`.
export * from './draft-fields.js';

/** What undo must apply to take back a transaction's attachment and command changes. */
function inverseOf(transaction: Transaction): StateEffect<unknown>[] {
  const before = transaction.startState.field(attachmentsField);
  const inverse: StateEffect<unknown>[] = [];
  for (const effect of transaction.effects) {
    if (effect.is(putAttachments)) {
      const added = effect.value.filter((attachment) => before.get(attachment.contextId) !== attachment);
      const replaced = added.flatMap((attachment) => before.get(attachment.contextId) ?? []);
      const fresh = added.filter((attachment) => !before.has(attachment.contextId));
      if (fresh.length > 0) inverse.push(dropAttachments.of(fresh.map((attachment) => attachment.contextId)));
      if (replaced.length > 0) inverse.push(putAttachments.of(replaced));
    } else if (effect.is(dropAttachments)) {
      const dropped = effect.value.flatMap((contextId) => before.get(contextId) ?? []);
      if (dropped.length > 0) inverse.push(putAttachments.of(dropped));
    } else if (effect.is(setCommand)) {
      inverse.push(setCommand.of(transaction.startState.field(commandField)));
    }
  }
  return inverse;
}

/** What a new draft starts with. */
export interface DraftInit {
  records?: readonly ContextRecord[];
  attachments?: readonly DraftAttachment[];
  command?: PickedCommand;
  /** The picked command's argument slots. */
  slots?: readonly ArgumentSlot[];
  availability?: ReadonlyMap<string, ChipAvailability>;
  /** Where ↑/↓ recall stands when the draft is one of its steps. */
  recallWalk?: RecallWalk;
}

/** The draft's fields, filled with `init`, and the history inversion that makes them undoable. */
export function draftFields(init: DraftInit = {}): Extension {
  return [
    recordsField.init(() => new Map((init.records ?? []).map((record) => [record.contextId, record]))),
    attachmentsField.init(
      () => new Map((init.attachments ?? []).map((attachment) => [attachment.contextId, attachment])),
    ),
    commandField.init(() => init.command),
    slotsField.init(() => init.slots ?? []),
    slotHistory,
    availabilityField.init(() => init.availability ?? new Map()),
    uploadStatusField,
    draftToken,
    recallWalkField.init(() => init.recallWalk ?? NO_RECALL_WALK),
    invertedEffects.of(inverseOf),
  ];
}
