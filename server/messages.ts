import { randomBytes } from 'node:crypto';
import { remapContextAttachments, type InputAnnotation, type MessageContext } from '../src/core/index.js';
import type { AssistantMessage, AttachmentMetadata, CreatedMessage, ThreadMessage, UserMessage } from './api-types.js';
import { simulateAssistantReply } from './assistant.js';
import type { MessageDraft } from './message-request.js';
import type { StoredReply } from './reply-rows.js';
import type { Store, StoredAttachmentMeta, StoredMessage } from './store.js';

/** Writing and reading thread messages: ids, attachment rebinding, and the API's JSON shapes. */

export function attachmentUrl(attachmentId: string): string {
  return `/api/attachments/${encodeURIComponent(attachmentId)}`;
}

/** Server-assigned ids are random and fit the context id grammar, so records can name them. */
function newId(prefix: 'msg' | 'att'): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/**
 * Stores a validated message. Uploaded attachments get new ids and the context's records are
 * rebound to them with `remapContextAttachments`. A record naming an attachment that was neither
 * uploaded now nor stored before is kept as it is: its chip shows unresolved, as in any client
 * that lost the bytes, and the rest of the message still goes through.
 *
 * The reply is stored with the message: whole (`complete`), or empty and `streaming` when the
 * caller streams it next (see reply-stream.ts).
 */
export function createMessage(
  store: Store,
  threadId: string,
  draft: MessageDraft,
  { now = new Date(), streamReply = false }: { now?: Date; streamReply?: boolean } = {},
): CreatedMessage {
  const createdAt = now.toISOString();
  const idMap = new Map<string, string>();
  const newAttachments = draft.uploads.map((upload) => {
    const id = newId('att');
    idMap.set(upload.clientId, id);
    return {
      id,
      name: upload.name,
      mimeType: upload.mimeType,
      sizeBytes: upload.data.length,
      data: upload.data,
      createdAt,
    };
  });
  const context = draft.context && remapContextAttachments(draft.context, idMap);
  const uploadedIds = newAttachments.map((attachment) => attachment.id);
  const id = newId('msg');
  const whole = (message: UserMessage) => simulateAssistantReply(message).text;

  store.insertMessage({
    id,
    threadId,
    createdAt,
    text: draft.text,
    contextJson: context && JSON.stringify(context),
    prompt: draft.prompt,
    inputAnnotationsJson: JSON.stringify(draft.inputAnnotations),
    newAttachments,
    attachmentIds: [...uploadedIds, ...earlierAttachmentsNamedBy(store, context, uploadedIds)],
    // The reply's text depends only on the message as stored; it is filled in once that exists.
    reply: { state: streamReply ? 'streaming' : 'complete', stopReason: null, text: '' },
  });

  const stored = store.getMessage(id);
  if (!stored) throw new Error(`message ${id} vanished after insert`);
  const message = toUserMessage(stored);
  if (!streamReply) store.saveReply({ messageId: id, state: 'complete', stopReason: null, text: whole(message) });
  return {
    message,
    reply: replyTo(message, store.getReply(id)),
    dropped: draft.dropped,
    droppedAnnotations: draft.droppedAnnotations,
  };
}

/** Attachments stored with earlier messages that this context's image/file records name. */
function earlierAttachmentsNamedBy(
  store: Store,
  context: MessageContext | null,
  uploadedIds: readonly string[],
): string[] {
  const named = new Set<string>();
  for (const record of context?.records ?? []) {
    if ((record.kind === 'image' || record.kind === 'file') && typeof record.attachmentId === 'string') {
      named.add(record.attachmentId);
    }
  }
  for (const id of uploadedIds) named.delete(id);
  const existing = store.existingAttachmentIds([...named]);
  return [...named].filter((id) => existing.has(id));
}

/** Each user message followed by its reply, oldest first. */
export function listThread(store: Store, threadId: string): ThreadMessage[] {
  const replies = store.threadReplies(threadId);
  return store.listMessages(threadId).flatMap((stored) => {
    const message = toUserMessage(stored);
    return [message, replyTo(message, replies.get(stored.id))];
  });
}

/** The reply to a message in its stored state; a message stored before replies were kept reads as answered. */
export function replyTo(message: UserMessage, stored: StoredReply | undefined): AssistantMessage {
  const simulated = simulateAssistantReply(message);
  if (!stored) return simulated;
  return { ...simulated, state: stored.state, stopReason: stored.stopReason, text: stored.text };
}

/** The id a reply goes by: its message's id with `_reply`. */
export function messageIdOfReply(replyId: string): string | null {
  return replyId.endsWith('_reply') ? replyId.slice(0, -'_reply'.length) : null;
}

export function toUserMessage(stored: StoredMessage): UserMessage {
  return {
    id: stored.id,
    threadId: stored.threadId,
    role: 'user',
    createdAt: stored.createdAt,
    text: stored.text,
    context: parseStoredJson<MessageContext | null>(stored.contextJson, null),
    prompt: stored.prompt,
    inputAnnotations: parseStoredJson<InputAnnotation[]>(stored.inputAnnotationsJson, []),
    attachments: stored.attachments.map(toAttachmentMetadata),
  };
}

function toAttachmentMetadata(meta: StoredAttachmentMeta): AttachmentMetadata {
  return {
    attachmentId: meta.id,
    name: meta.name,
    mimeType: meta.mimeType,
    sizeBytes: meta.sizeBytes,
    url: attachmentUrl(meta.id),
  };
}

/** Stored JSON was written by this host; a row edited by hand must not take the thread down. */
function parseStoredJson<T>(json: string | null, fallback: T): T {
  if (json === null) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}
