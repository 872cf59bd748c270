import { isolateHistory } from '@codemirror/commands';
import type { EditorState, TransactionSpec } from '@codemirror/state';
import {
  type CommandInfo,
  type ContextRecord,
  collectContextReferences,
  toKindScopedContextId,
} from '../../../core/index.js';
import type { DraftAttachment } from '../../shared/composer-values.js';
import { newLocalId } from '../editor/state/local-ids.js';
import { type ComposerDraft, decodeCommand } from '../editor/state/draft-codec.js';
import { attachmentsField, putAttachments, putRecords, recordsField, setCommand } from '../editor/state/draft-state.js';
import { PROGRAMMATIC } from '../editor/state/insertion.js';
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
 * links rewritten. Its files come with it, bytes and all, so nothing has to be fetched, under the
 * ids they had (an uploaded one stays the host's): only one whose context id the draft already
 * holds for something else gets a fresh one (an uploaded file keeps the host's attachment id even
 * then). An image that was only on the shelf comes too; its command comes with it, since it starts
 * the draft.
 */
export function importDraft(
  state: EditorState,
  draft: ComposerDraft,
  { place, commands = [] }: { place: ImportPlace; commands?: readonly CommandInfo[] },
): DraftImport {
  const existing = state.field(recordsField);
  const plan = planFragmentImport(
    draft.text,
    { version: 1, source: { environmentId: 'stash' }, records: draft.records },
    existing,
    newLocalId,
    { keepBinaryIds: true },
  );
  const byAttachmentId = new Map(draft.attachments.map((attachment) => [attachment.attachmentId, attachment]));
  const records: ContextRecord[] = [];
  const attachments: DraftAttachment[] = [];
  const bind = (record: ContextRecord & { attachmentId: string }, source: DraftAttachment) => {
    // A file the host has keeps the host's id, whatever its context id.
    const attachmentId = source.uploaded ? source.attachmentId : record.attachmentId;
    attachments.push({ ...source, contextId: record.contextId, attachmentId });
    return attachmentId === record.attachmentId ? record : { ...record, attachmentId };
  };
  const bound = new Map<ContextRecord, ContextRecord>();
  for (const { record, sourceAttachmentId } of plan.binaries) {
    const source = byAttachmentId.get(sourceAttachmentId);
    if (source) bound.set(record, bind(record, source));
  }
  for (const record of plan.records) records.push(bound.get(record) ?? record);
  const referenced = new Set(collectContextReferences(draft.text).map((occurrence) => occurrence.contextId));
  const held = state.field(attachmentsField);
  for (const image of draft.attachments) {
    if (image.kind !== 'image' || referenced.has(image.contextId)) continue;
    const record = draft.records.find((candidate) => candidate.contextId === image.contextId);
    if (!record || record.kind !== 'image') continue;
    const free = !existing.has(image.contextId) && !held.has(image.contextId);
    const localId = free ? image.attachmentId : newLocalId();
    const contextId = free ? image.contextId : toKindScopedContextId('image', localId);
    records.push(
      bind({ ...record, contextId, attachmentId: localId } as ContextRecord & { attachmentId: string }, image),
    );
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
