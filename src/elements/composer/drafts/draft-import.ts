import { isolateHistory } from '@codemirror/commands';
import type { EditorState, TransactionSpec } from '@codemirror/state';
import {
  type CommandInfo,
  type ContextRecord,
  collectContextReferences,
  toKindScopedContextId,
} from '../../../core/index.js';
import type { DraftAttachment } from '../../shared/draft-values.js';
import { newLocalId } from '../editor/local-ids.js';
import { type ComposerDraft, decodeCommand } from '../editor/draft.js';
import { putAttachments, putRecords, recordsField, setCommand } from '../editor/draft-state.js';
import { PROGRAMMATIC } from '../editor/insertion.js';
import { planFragmentImport } from '../clipboard/fragment-import.js';

/** A draft to join the current one: the change, and the records and chips it adds (for the limits). */
export interface DraftImport {
  spec: TransactionSpec;
  newIds: string[];
  newChips: number;
}

/**
 * Where a draft joins: at the start, before the draft's own text and a line break (the caret
 * staying in that text), or in place of all the text (into a blank draft, as one undo step).
 */
export type ImportPlace = 'start' | 'all';

/**
 * How a saved draft (a stash entry, a queued follow-up, a send that failed) joins the draft,
 * through the same importer as paste: identical records are reused, clashing ids renamed and the
 * links rewritten. Its files come with it under fresh local ids, bytes and all, so nothing has to
 * be fetched; an image that was only on the shelf comes too; its command comes with it, since it
 * starts the draft.
 */
export function importDraft(
  state: EditorState,
  draft: ComposerDraft,
  { place, commands = [] }: { place: ImportPlace; commands?: readonly CommandInfo[] },
): DraftImport {
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
  const command = decodeCommand(draft.command, commands);
  return {
    spec: {
      ...placement(state, plan.text, place),
      effects: [putRecords.of(records), putAttachments.of(attachments), ...(command ? [setCommand.of(command)] : [])],
      userEvent: PROGRAMMATIC,
      annotations: isolateHistory.of('full'),
      scrollIntoView: true,
    },
    newIds: records.map((record) => record.contextId),
    newChips: collectContextReferences(plan.text).length,
  };
}

function placement(state: EditorState, text: string, place: ImportPlace): TransactionSpec {
  if (place === 'all')
    return { changes: { from: 0, to: state.doc.length, insert: text }, selection: { anchor: text.length } };
  const changes = state.changes({ from: 0, insert: `${text}\n` });
  return { changes, selection: state.selection.map(changes, 1) };
}
