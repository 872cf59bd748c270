import type { EditorState } from '@codemirror/state';
import {
  type CommandInfo,
  type ContextRecord,
  collectContextReferences,
  decodeContextRecordList,
  sanitizeCommandInfo,
} from '../../../../core/index.js';
import { isTextPreview } from '../../../shared/text-preview.js';
import type { ComposerDraft, DraftAttachment } from '../../../shared/composer-values.js';

export type { ComposerDraft };
import { chipsOf } from '../atoms/context-chip/chip-atom.js';
import { attachmentsField, commandField, type PickedCommand, recordsField } from './draft-fields.js';
import type { DraftInit } from './draft-state.js';
import { decodeSlots, draftSlots, slotsField } from '../atoms/command/slot-field.js';

/** How much of the draft's start can hold a picked command and its subcommands. */
export const COMMAND_HEAD = 1024;

/** The host's current description of a picked command (a restored draft may know only its name). */
export function commandInfoOf(commands: readonly CommandInfo[], command: CommandInfo): CommandInfo {
  return commands.find((candidate) => candidate?.name === command.name) ?? command;
}

/**
 * The picked command, while the draft still starts with `/name` followed by a space or its end,
 * with as much of its subcommand path as the text still shows: a subcommand edited or deleted
 * since it was picked is no longer in the path.
 */
export function activeCommand(state: EditorState): PickedCommand | undefined {
  const picked = state.field(commandField);
  if (!picked) return undefined;
  const prefix = `/${picked.command.name}`;
  const head = state.doc.sliceString(0, COMMAND_HEAD).trimStart();
  if (!head.startsWith(prefix) || (head.length > prefix.length && !/\s/.test(head.charAt(prefix.length)))) {
    return undefined;
  }
  const shown = head.slice(prefix.length).split(/\s+/).slice(1);
  const kept = picked.subcommandPath.findIndex((name, index) => shown[index] !== name);
  return kept < 0 ? picked : { ...picked, subcommandPath: picked.subcommandPath.slice(0, kept) };
}

/** The draft's images, and the files a chip still refers to. */
export function liveAttachments(state: EditorState): DraftAttachment[] {
  const attachments = [...state.field(attachmentsField).values()];
  if (!attachments.some((attachment) => attachment.kind === 'file')) return attachments;
  const referenced = new Set(chipsOf(state).map((chip) => chip.contextId));
  return attachments.filter((attachment) => attachment.kind === 'image' || referenced.has(attachment.contextId));
}

/** The records the chips refer to, in order of first reference, then those of shelf images. */
export function referencedRecords(state: EditorState): ContextRecord[] {
  const records = state.field(recordsField);
  const ids = new Set(chipsOf(state).map((chip) => chip.contextId));
  for (const attachment of state.field(attachmentsField).values())
    if (attachment.kind === 'image') ids.add(attachment.contextId);
  return [...ids].flatMap((contextId) => records.get(contextId) ?? []);
}

export function readDraft(state: EditorState): ComposerDraft {
  const command = activeCommand(state);
  const slots = command ? state.field(slotsField, false) : undefined;
  return {
    text: state.doc.toString(),
    records: referencedRecords(state),
    attachments: liveAttachments(state),
    ...(command
      ? {
          command: {
            name: command.command.name,
            ...(command.subcommandPath.length > 0 ? { subcommandPath: [...command.subcommandPath] } : {}),
            ...(slots?.length ? { slots: draftSlots(slots) } : {}),
          },
        }
      : {}),
  };
}

/**
 * Whether the state's draft is blank (see `isBlankDraft`). It runs on every change of a persisted
 * draft, so it stops at the first character that is not whitespace instead of copying the text.
 */
export function stateIsBlank(state: EditorState): boolean {
  for (const lines = state.doc.iter(); !lines.next().done;) if (/\S/.test(lines.value)) return false;
  return liveAttachments(state).length === 0;
}

/** Whether a draft has nothing in it worth keeping: no text beyond whitespace, no attachment. */
export function isBlankDraft(draft: Pick<ComposerDraft, 'text' | 'attachments'>): boolean {
  return draft.text.trim() === '' && draft.attachments.length === 0;
}

/**
 * A draft from any value, as the `draft` property takes it: invalid records dropped, records no
 * chip refers to dropped (images excepted), attachments kept only for an image or file record of
 * the draft, a command looked up by name among `commands` (or kept by name alone).
 */
export function decodeDraft(value: unknown, commands: readonly CommandInfo[]): { text: string } & DraftInit {
  const input = (value && typeof value === 'object' ? value : {}) as Partial<Record<keyof ComposerDraft, unknown>>;
  const text = typeof input.text === 'string' ? input.text : '';
  const referenced = new Set(collectContextReferences(text).map((occurrence) => occurrence.contextId));
  const records = decodeContextRecordList(input.records).records.filter(
    (record) => referenced.has(record.contextId) || record.kind === 'image',
  );
  const byId = new Map(records.map((record) => [record.contextId, record]));
  const attachments = Array.isArray(input.attachments)
    ? input.attachments.flatMap((candidate: unknown) => decodeAttachment(candidate, byId))
    : [];
  const command = decodeCommand(input.command, commands);
  const slots = decodeSlots((input.command as { slots?: unknown } | undefined)?.slots, command?.command, text);
  return { text, records, attachments, ...(command ? { command } : {}), ...(slots.length > 0 ? { slots } : {}) };
}

function decodeAttachment(value: unknown, records: ReadonlyMap<string, ContextRecord>): DraftAttachment[] {
  const candidate = value as Partial<Record<keyof DraftAttachment, unknown>> | null;
  // A file uploaded already may come without bytes (the host keeps them); any other needs them.
  const uploaded = candidate?.uploaded === true;
  if (!candidate || typeof candidate.contextId !== 'string' || !(candidate.file instanceof Blob || uploaded)) return [];
  const record = records.get(candidate.contextId);
  if (!record || (record.kind !== 'image' && record.kind !== 'file')) return [];
  const attachmentId =
    typeof candidate.attachmentId === 'string'
      ? candidate.attachmentId
      : 'attachmentId' in record && typeof record.attachmentId === 'string'
        ? record.attachmentId
        : undefined;
  if (!attachmentId) return [];
  const blob: Blob = candidate.file instanceof Blob ? candidate.file : new Blob([]);
  const name = 'name' in record && typeof record.name === 'string' ? record.name : record.label;
  const type = blob.type || ('mimeType' in record && typeof record.mimeType === 'string' ? record.mimeType : '');
  const file = blob instanceof File ? blob : new File([blob], name, { type });
  const preview = record.kind === 'file' && isTextPreview(candidate.preview) ? candidate.preview : undefined;
  const url = uploaded && typeof candidate.url === 'string' && candidate.url !== '' ? candidate.url : undefined;
  return [
    {
      contextId: record.contextId,
      attachmentId,
      kind: record.kind,
      file,
      ...(preview && { preview }),
      ...(uploaded && { uploaded: true as const }),
      ...(url && { url }),
    },
  ];
}

/** A picked command from any value: looked up by name among `commands`, or kept by its name alone. */
export function decodeCommand(value: unknown, commands: readonly CommandInfo[]): PickedCommand | undefined {
  const input = value as { name?: unknown; subcommandPath?: unknown } | null;
  if (!input || typeof input.name !== 'string' || input.name === '') return undefined;
  const known = Array.isArray(commands) ? commands.find((command) => command?.name === input.name) : undefined;
  const command = sanitizeCommandInfo(known ?? { name: input.name });
  if (!command) return undefined;
  const path = Array.isArray(input.subcommandPath)
    ? input.subcommandPath.filter((name): name is string => typeof name === 'string')
    : [];
  return { command, subcommandPath: path };
}
