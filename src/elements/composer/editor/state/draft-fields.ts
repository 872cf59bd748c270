import { StateEffect, StateField } from '@codemirror/state';
import type { CommandInfo, ContextRecord } from '../../../../core/index.js';
import type { DraftAttachment } from '../../../shared/composer-values.js';

/**
 * The draft, kept whole in the editor state beside its text: the records its chips refer to, the
 * files and images it carries, the picked slash command, and which chips are still waiting for
 * their bytes. Every change is a transaction, so undo and redo cover attachments and the command
 * as they cover the text; replacing the draft is replacing the state.
 *
 * State only, so a draft can be read and submitted without an editor view; `draft-state.ts` adds
 * their undo.
 */

/** The records a draft knows, by context id, kept rather than pruned so undoing a deletion brings them back. */
export const putRecords = StateEffect.define<readonly ContextRecord[]>();

export const recordsField = StateField.define<ReadonlyMap<string, ContextRecord>>({
  create: () => new Map(),
  update(records, transaction) {
    let next = records;
    for (const effect of transaction.effects) {
      if (!effect.is(putRecords)) continue;
      if (next === records) next = new Map(records);
      for (const record of effect.value) (next as Map<string, ContextRecord>).set(record.contextId, record);
    }
    return next;
  },
});

/**
 * The files and images of the draft, by context id. An image stays (on the shelf) until removed
 * from it; a file counts only while a chip refers to it, and is kept here so an undo that brings
 * its chip back brings the file back too.
 */
export const putAttachments = StateEffect.define<readonly DraftAttachment[]>();
export const dropAttachments = StateEffect.define<readonly string[]>();

export const attachmentsField = StateField.define<ReadonlyMap<string, DraftAttachment>>({
  create: () => new Map(),
  update(attachments, transaction) {
    let next = attachments;
    const edit = () => (next === attachments ? (next = new Map(attachments)) : next) as Map<string, DraftAttachment>;
    for (const effect of transaction.effects) {
      if (effect.is(putAttachments))
        for (const attachment of effect.value) edit().set(attachment.contextId, attachment);
      else if (effect.is(dropAttachments)) for (const contextId of effect.value) edit().delete(contextId);
    }
    return next;
  },
});

/** The command picked from the `/` menu and the subcommands picked after it. */
export interface PickedCommand {
  command: CommandInfo;
  subcommandPath: readonly string[];
}

export const setCommand = StateEffect.define<PickedCommand | undefined>();

export const commandField = StateField.define<PickedCommand | undefined>({
  create: () => undefined,
  update: (picked, transaction) =>
    transaction.effects.reduce((value, effect) => (effect.is(setCommand) ? effect.value : value), picked),
});

/** A chip whose bytes are being fetched, came from another environment, or could not be fetched. */
export type ChipAvailability = 'pending' | 'not-in-environment' | 'failed';

export const setAvailability = StateEffect.define<{ contextId: string; availability: ChipAvailability | undefined }>();

export const availabilityField = StateField.define<ReadonlyMap<string, ChipAvailability>>({
  create: () => new Map(),
  update(value, transaction) {
    let next = value;
    for (const effect of transaction.effects) {
      if (!effect.is(setAvailability)) continue;
      if (next === value) next = new Map(value);
      const { contextId, availability } = effect.value;
      if (availability) (next as Map<string, ChipAvailability>).set(contextId, availability);
      else (next as Map<string, ChipAvailability>).delete(contextId);
    }
    return next;
  },
});

/**
 * How a file of the draft is uploading (the composer's `uploadAttachment`): the fraction sent so
 * far, or failed, waiting for Retry. A file with no entry is not uploading: uploaded, or there is
 * no uploader. Kept beside the draft, outside undo: it follows the uploads, not the person.
 */
export type UploadStatus = { state: 'uploading'; fraction: number } | { state: 'failed' };

export const setUploadStatus = StateEffect.define<{ contextId: string; status: UploadStatus | undefined }>();

export const uploadStatusField = StateField.define<ReadonlyMap<string, UploadStatus>>({
  create: () => new Map(),
  update(value, transaction) {
    let next = value;
    for (const effect of transaction.effects) {
      if (!effect.is(setUploadStatus)) continue;
      if (next === value) next = new Map(value);
      const { contextId, status } = effect.value;
      if (status) (next as Map<string, UploadStatus>).set(contextId, status);
      else (next as Map<string, UploadStatus>).delete(contextId);
    }
    return next;
  },
});

/** One token per draft: work started for a draft (an asset fetch) finds out whether it was replaced since. */
export const draftToken = StateField.define<object>({ create: () => ({}), update: (token) => token });
