import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createReplyRows, type StoredReply } from './reply-rows.js';
import { migrate } from './schema.js';
import { createThreadDeletion, type DeletedThread } from './thread-deletion.js';
import type { MessageLink } from './thread-tree.js';

/**
 * The host's SQLite storage: threads (with the branch last chosen), user messages (as the client
 * sent them, after the write normalisation, each naming its parent), attachment bytes, and the
 * state of each simulated reply (reply-rows.ts). The schema and its migrations: schema.ts.
 */

export const DATABASE_FILE_NAME = 't3-composer.sqlite';

export interface StoredAttachmentMeta {
  id: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
}

export interface StoredAttachment extends StoredAttachmentMeta {
  data: Buffer;
}

/** A file uploaded on attach, before any message names it; `threadId` is the thread it is for, if the client said. */
export interface NewUpload extends StoredAttachment {
  createdAt: string;
  threadId: string | null;
}

export interface StoredMessage {
  id: string;
  threadId: string;
  createdAt: string;
  text: string;
  contextJson: string | null;
  prompt: string | null;
  inputAnnotationsJson: string;
  /** The reply this message follows (`<message id>_reply`); null for the first of a thread. */
  parentId: string | null;
  /** Sent as a steer: the reply it cut short. */
  interruptedReplyId: string | null;
  attachments: StoredAttachmentMeta[];
}

export interface NewMessage extends Omit<StoredMessage, 'attachments'> {
  /** Bytes uploaded with this message, under their new ids. */
  newAttachments: readonly (StoredAttachment & { createdAt: string })[];
  /** Every attachment the message uses, in order: its uploads and earlier ones its records name. */
  attachmentIds: readonly string[];
  /** The reply's first state, stored with the message. */
  reply: Omit<StoredReply, 'messageId'>;
}

export interface StoredThreadSummary {
  id: string;
  /** When its newest message was stored. */
  updatedAt: string;
  firstText: string;
  firstContextJson: string | null;
}

export interface Store {
  /** Stores a message with its first reply state; the thread's branch now ends at it. */
  insertMessage(message: NewMessage): void;
  listMessages(threadId: string): StoredMessage[];
  /** The thread's messages as links (id and parent), in the order they were stored. */
  threadLinks(threadId: string): MessageLink[];
  /** The message the thread's branch was last chosen through (or last written); null for none. */
  chosenBranch(threadId: string): string | null;
  /** That message when nothing follows its reply, so the branch shown ends there; null otherwise. */
  chosenLeaf(threadId: string): string | null;
  chooseBranch(threadId: string, messageId: string): void;
  getMessage(id: string): StoredMessage | undefined;
  getAttachment(id: string): StoredAttachment | undefined;
  /** Stores an upload; a message that names it later (a record's `attachmentId`) links it. */
  insertUpload(upload: NewUpload): void;
  /** Deletes a thread, its messages and replies, and the attachments and uploads that were its alone. */
  deleteThread(threadId: string): DeletedThread | undefined;
  /** The ids among `ids` that name stored attachments. */
  existingAttachmentIds(ids: readonly string[]): Set<string>;
  hasThreads(): boolean;
  /** Every thread with messages, the one written to last first, with its first message. */
  listThreads(): StoredThreadSummary[];
  saveReply(reply: StoredReply): void;
  /** The reply to a message; undefined for messages stored before replies were kept (they read as complete). */
  getReply(messageId: string): StoredReply | undefined;
  /** The thread's replies by the id of the message they answer. */
  threadReplies(threadId: string): Map<string, StoredReply>;
  /** After a restart no reply is still streaming: those that were are marked stopped (`host-restart`). */
  interruptStreamingReplies(): number;
  close(): void;
}

interface MessageRow {
  seq: number;
  id: string;
  thread_id: string;
  created_at: string;
  text: string;
  context_json: string | null;
  prompt: string | null;
  input_annotations_json: string;
  parent_id: string | null;
  interrupted_reply_id: string | null;
}

interface AttachmentMetaRow {
  message_id: string;
  id: string;
  name: string;
  mime_type: string;
  size_bytes: number;
}

interface AttachmentRow {
  id: string;
  name: string;
  mime_type: string;
  size_bytes: number;
  data: Buffer;
}

/** Opens (creating the folder and schema on first run) the database in `dataDir`. */
export function openStore(dataDir: string): Store {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DATABASE_FILE_NAME));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return createStore(db);
}

function createStore(db: Database.Database): Store {
  const insertThread = db.prepare<[string, string]>('INSERT OR IGNORE INTO threads (id, created_at) VALUES (?, ?)');
  const insertMessageRow = db.prepare<
    [string, string, string, string, string | null, string | null, string, string | null, string | null]
  >(
    `INSERT INTO messages (id, thread_id, created_at, text, context_json, prompt, input_annotations_json,
       parent_id, interrupted_reply_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const updateBranch = db.prepare<[string, string]>('UPDATE threads SET branch_leaf_id = ? WHERE id = ?');
  const selectBranch = db.prepare<[string], { branch_leaf_id: string | null }>(
    'SELECT branch_leaf_id FROM threads WHERE id = ?',
  );
  const selectChosenLeaf = db.prepare<[string], { id: string }>(
    `SELECT m.id FROM threads t JOIN messages m ON m.id = t.branch_leaf_id AND m.thread_id = t.id
     WHERE t.id = ? AND NOT EXISTS (SELECT 1 FROM messages next WHERE next.parent_id = m.id || '_reply')`,
  );
  const selectLinks = db.prepare<[string], { id: string; parent_id: string | null }>(
    'SELECT id, parent_id FROM messages WHERE thread_id = ? ORDER BY seq',
  );
  const insertAttachment = db.prepare<[string, string, string, number, Buffer, string, string | null]>(
    `INSERT INTO attachments (id, name, mime_type, size_bytes, data, created_at, thread_id)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const linkAttachment = db.prepare<[string, string, number]>(
    'INSERT OR IGNORE INTO message_attachments (message_id, attachment_id, position) VALUES (?, ?, ?)',
  );
  const selectThreadMessages = db.prepare<[string], MessageRow>(
    'SELECT * FROM messages WHERE thread_id = ? ORDER BY seq',
  );
  const selectMessage = db.prepare<[string], MessageRow>('SELECT * FROM messages WHERE id = ?');
  const selectThreadAttachmentMetas = db.prepare<[string], AttachmentMetaRow>(
    `SELECT ma.message_id, a.id, a.name, a.mime_type, a.size_bytes
     FROM message_attachments ma
     JOIN messages m ON m.id = ma.message_id
     JOIN attachments a ON a.id = ma.attachment_id
     WHERE m.thread_id = ?
     ORDER BY ma.message_id, ma.position`,
  );
  const selectMessageAttachmentMetas = db.prepare<[string], AttachmentMetaRow>(
    `SELECT ma.message_id, a.id, a.name, a.mime_type, a.size_bytes
     FROM message_attachments ma JOIN attachments a ON a.id = ma.attachment_id
     WHERE ma.message_id = ? ORDER BY ma.position`,
  );
  const selectAttachment = db.prepare<[string], AttachmentRow>(
    'SELECT id, name, mime_type, size_bytes, data FROM attachments WHERE id = ?',
  );
  const selectAttachmentId = db.prepare<[string], { id: string }>('SELECT id FROM attachments WHERE id = ?');
  const selectAnyThread = db.prepare<[], { id: string }>('SELECT id FROM threads LIMIT 1');
  const selectThreads = db.prepare<
    [],
    { id: string; updated_at: string; first_text: string; first_context_json: string | null }
  >(
    `SELECT t.id, last.created_at AS updated_at, first.text AS first_text, first.context_json AS first_context_json
     FROM threads t
     JOIN messages last ON last.seq = (SELECT MAX(seq) FROM messages WHERE thread_id = t.id)
     JOIN messages first ON first.seq = (SELECT MIN(seq) FROM messages WHERE thread_id = t.id)
     ORDER BY last.seq DESC`,
  );
  const replies = createReplyRows(db);
  const deleteThread = createThreadDeletion(db);

  const insertMessage = db.transaction((message: NewMessage) => {
    insertThread.run(message.threadId, message.createdAt);
    for (const attachment of message.newAttachments) {
      insertAttachment.run(
        attachment.id,
        attachment.name,
        attachment.mimeType,
        attachment.sizeBytes,
        attachment.data,
        attachment.createdAt,
        message.threadId,
      );
    }
    insertMessageRow.run(
      message.id,
      message.threadId,
      message.createdAt,
      message.text,
      message.contextJson,
      message.prompt,
      message.inputAnnotationsJson,
      message.parentId,
      message.interruptedReplyId,
    );
    updateBranch.run(message.id, message.threadId);
    message.attachmentIds.forEach((attachmentId, position) => linkAttachment.run(message.id, attachmentId, position));
    replies.save({ messageId: message.id, ...message.reply });
  });

  return {
    insertMessage(message) {
      insertMessage(message);
    },
    listMessages(threadId) {
      const metasByMessage = groupMetas(selectThreadAttachmentMetas.all(threadId));
      return selectThreadMessages.all(threadId).map((row) => toStoredMessage(row, metasByMessage.get(row.id) ?? []));
    },
    threadLinks(threadId) {
      return selectLinks.all(threadId).map((row) => ({ id: row.id, parentId: row.parent_id }));
    },
    chosenBranch(threadId) {
      return selectBranch.get(threadId)?.branch_leaf_id ?? null;
    },
    chosenLeaf(threadId) {
      return selectChosenLeaf.get(threadId)?.id ?? null;
    },
    chooseBranch(threadId, messageId) {
      updateBranch.run(messageId, threadId);
    },
    getMessage(id) {
      const row = selectMessage.get(id);
      return row && toStoredMessage(row, selectMessageAttachmentMetas.all(id).map(toAttachmentMeta));
    },
    getAttachment(id) {
      const row = selectAttachment.get(id);
      return row && { ...toAttachmentMeta(row), data: row.data };
    },
    insertUpload(upload) {
      insertAttachment.run(
        upload.id,
        upload.name,
        upload.mimeType,
        upload.sizeBytes,
        upload.data,
        upload.createdAt,
        upload.threadId,
      );
    },
    deleteThread: (threadId) => deleteThread(threadId),
    existingAttachmentIds(ids) {
      return new Set(ids.filter((id) => selectAttachmentId.get(id) !== undefined));
    },
    hasThreads() {
      return selectAnyThread.get() !== undefined;
    },
    listThreads() {
      return selectThreads.all().map((row) => ({
        id: row.id,
        updatedAt: row.updated_at,
        firstText: row.first_text,
        firstContextJson: row.first_context_json,
      }));
    },
    saveReply: (reply) => replies.save(reply),
    getReply: (messageId) => replies.get(messageId),
    threadReplies: (threadId) => replies.forThread(threadId),
    interruptStreamingReplies: () => replies.interruptStreaming(),
    close() {
      db.close();
    },
  };
}

function groupMetas(rows: readonly AttachmentMetaRow[]): Map<string, StoredAttachmentMeta[]> {
  const byMessage = new Map<string, StoredAttachmentMeta[]>();
  for (const row of rows) {
    const list = byMessage.get(row.message_id) ?? [];
    list.push(toAttachmentMeta(row));
    byMessage.set(row.message_id, list);
  }
  return byMessage;
}

function toAttachmentMeta(row: Omit<AttachmentMetaRow, 'message_id'>): StoredAttachmentMeta {
  return { id: row.id, name: row.name, mimeType: row.mime_type, sizeBytes: row.size_bytes };
}

function toStoredMessage(row: MessageRow, attachments: StoredAttachmentMeta[]): StoredMessage {
  return {
    id: row.id,
    threadId: row.thread_id,
    createdAt: row.created_at,
    text: row.text,
    contextJson: row.context_json,
    prompt: row.prompt,
    inputAnnotationsJson: row.input_annotations_json,
    parentId: row.parent_id,
    interruptedReplyId: row.interrupted_reply_id,
    attachments,
  };
}
