import { randomBytes } from 'node:crypto';
import { remapContextAttachments, type InputAnnotation, type MessageContext } from '../src/core/index.js';
import type {
  AssistantMessage,
  AttachmentMetadata,
  CreatedMessage,
  MessageVersions,
  ThreadListing,
  UserMessage,
} from './api-types.js';
import { simulateAssistantReply } from './assistant.js';
import type { MessageDraft } from './message-request.js';
import type { StoredReply } from './reply-rows.js';
import type { Store, StoredAttachmentMeta, StoredMessage } from './store.js';
import { messageIdOfReply, replyIdOf, ThreadTree } from './thread-tree.js';

export { messageIdOfReply };

/** Writing and reading thread messages: ids, attachment rebinding, branches, and the API's JSON shapes. */

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
 *
 * The message follows `parentId` (a reply of this thread, checked by the caller; null: it starts
 * the thread again), by default the end of the branch shown, and the branch shown ends at it now.
 */
export function createMessage(
  store: Store,
  threadId: string,
  draft: MessageDraft,
  options: { now?: Date; streamReply?: boolean; parentId?: string | null; interruptedReplyId?: string | null } = {},
): CreatedMessage {
  const { now = new Date(), streamReply = false, interruptedReplyId = null } = options;
  const parentId = options.parentId === undefined ? endOfBranch(store, threadId) : options.parentId;
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

  store.insertMessage({
    id,
    threadId,
    createdAt,
    text: draft.text,
    contextJson: context && JSON.stringify(context),
    prompt: draft.prompt,
    inputAnnotationsJson: JSON.stringify(draft.inputAnnotations),
    parentId,
    interruptedReplyId,
    newAttachments,
    attachmentIds: [...uploadedIds, ...earlierAttachmentsNamedBy(store, context, uploadedIds)],
    // The reply's text depends only on the message as stored; it is filled in once that exists.
    reply: { state: streamReply ? 'streaming' : 'complete', stopReason: null, text: '' },
  });

  const stored = store.getMessage(id);
  if (!stored) throw new Error(`message ${id} vanished after insert`);
  const message = toUserMessage(stored);
  const interrupted = interruptedMessageOf(store, message);
  if (!streamReply) {
    const text = simulateAssistantReply(message, interrupted).text;
    store.saveReply({ messageId: id, state: 'complete', stopReason: null, text });
  }
  return {
    message,
    reply: replyTo(message, store.getReply(id), interrupted),
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

/** The reply a new message follows by default: the last of the branch shown; null in an empty thread. */
export function endOfBranch(store: Store, threadId: string): string | null {
  // Usually the message last written, with nothing after it: no need to read the whole thread.
  const end =
    store.chosenLeaf(threadId) ?? new ThreadTree(store.threadLinks(threadId)).branchEnd(store.chosenBranch(threadId));
  return end === null ? null : replyIdOf(end);
}

/**
 * The branch shown (the one last chosen, to its newest end), each user message followed by its
 * reply, oldest first; with the versions of each message on it that has any.
 */
export function listThread(store: Store, threadId: string): ThreadListing {
  const tree = new ThreadTree(store.threadLinks(threadId));
  const branch = tree.branchTo(tree.branchEnd(store.chosenBranch(threadId)));
  const onBranch = new Set(branch);
  const replies = store.threadReplies(threadId);
  const byId = new Map<string, UserMessage>();
  for (const stored of store.listMessages(threadId)) {
    if (onBranch.has(stored.id)) byId.set(stored.id, toUserMessage(stored));
  }
  const versions: Record<string, MessageVersions> = {};
  const messages = branch.flatMap((id) => {
    const message = byId.get(id)!;
    const found = tree.versionsOf(id);
    if (found) versions[id] = found;
    const interrupted = message.interruptedReplyId
      ? byId.get(messageIdOfReply(message.interruptedReplyId) ?? '')
      : null;
    return [message, replyTo(message, replies.get(id), interrupted)];
  });
  return { threadId, messages, versions };
}

/** The reply to a message in its stored state; a message stored before replies were kept reads as answered. */
export function replyTo(
  message: UserMessage,
  stored: StoredReply | undefined,
  interrupted?: UserMessage | null,
): AssistantMessage {
  const simulated = simulateAssistantReply(message, interrupted);
  if (!stored) return simulated;
  return { ...simulated, state: stored.state, stopReason: stored.stopReason, text: stored.text };
}

/** The reply to a stored message, as the host has it now. */
export function readReply(store: Store, messageId: string): AssistantMessage | undefined {
  const stored = store.getMessage(messageId);
  if (!stored) return undefined;
  const message = toUserMessage(stored);
  return replyTo(message, store.getReply(messageId), interruptedMessageOf(store, message));
}

/** The whole text of a message's reply (what streaming sends, piece by piece). */
export function replyText(store: Store, message: UserMessage): string {
  return simulateAssistantReply(message, interruptedMessageOf(store, message)).text;
}

/** For a message sent as a steer, the message whose reply it cut short. */
function interruptedMessageOf(store: Store, message: UserMessage): UserMessage | null {
  const answered = message.interruptedReplyId ? messageIdOfReply(message.interruptedReplyId) : null;
  const stored = answered === null ? undefined : store.getMessage(answered);
  return stored ? toUserMessage(stored) : null;
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
    parentId: stored.parentId,
    interruptedReplyId: stored.interruptedReplyId,
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
