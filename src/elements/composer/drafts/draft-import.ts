import { isolateHistory } from '@codemirror/commands';
import type { EditorState, TransactionSpec } from '@codemirror/state';
import { type ContextRecord, collectContextReferences, toKindScopedContextId } from '../../../core/index.js';
import type { DraftAttachment } from '../../shared/draft-values.js';
import { newLocalId } from '../editor/local-ids.js';
import type { ComposerDraft } from '../editor/draft.js';
import { putAttachments, putRecords, recordsField } from '../editor/draft-state.js';
import { PROGRAMMATIC } from '../editor/insertion.js';
import { planFragmentImport } from '../clipboard/fragment-import.js';

/** A draft to join the current one at the caret: the change, and the records and chips it adds (for the limits). */
export interface DraftImport {
  spec: TransactionSpec;
  newIds: string[];
  newChips: number;
}

/**
 * How a saved draft (a stash entry; later, a queued follow-up) joins a non-empty draft at the
 * caret, through the same importer as paste: identical records are reused, clashing ids renamed
 * and the links rewritten. Its files come with it under fresh local ids, bytes and all, so nothing
 * has to be fetched; an image that was only on the shelf comes too. The command is not carried
 * over: it is only a command at the start of a draft, and its text is kept.
 */
export function importDraft(state: EditorState, draft: ComposerDraft): DraftImport {
  const plan = planFragmentImport(
    draft.text,
    { version: 1, source: { environmentId: 'stash' }, records: draft.records },
    state.field(recordsField),
    newLocalId,
  );
  const byAttachmentId = new Map(draft.attachments.map((attachment) => [attachment.attachmentId, attachment]));
  const records = [...plan.records];
  const attachments: DraftAttachment[] = plan.binaries.flatMap(({ record, sourceAttachmentId }) => {
    const source = byAttachmentId.get(sourceAttachmentId);
    return source ? [{ ...source, contextId: record.contextId, attachmentId: record.attachmentId }] : [];
  });
  const referenced = new Set(collectContextReferences(draft.text).map((occurrence) => occurrence.contextId));
  for (const image of draft.attachments) {
    if (image.kind !== 'image' || referenced.has(image.contextId)) continue;
    const record = draft.records.find((candidate) => candidate.contextId === image.contextId);
    if (!record) continue;
    const localId = newLocalId();
    const contextId = toKindScopedContextId('image', localId);
    records.push({ ...record, contextId, attachmentId: localId } as ContextRecord);
    attachments.push({ ...image, contextId, attachmentId: localId });
  }
  return {
    spec: {
      ...state.replaceSelection(plan.text),
      effects: [putRecords.of(records), putAttachments.of(attachments)],
      userEvent: PROGRAMMATIC,
      annotations: isolateHistory.of('full'),
      scrollIntoView: true,
    },
    newIds: records.map((record) => record.contextId),
    newChips: collectContextReferences(plan.text).length,
  };
}
