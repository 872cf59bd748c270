import type Database from 'better-sqlite3';

/** What deleting a thread removed. */
export interface DeletedThread {
  messages: number;
  attachments: number;
}

/**
 * Deleting a thread, in one transaction: its messages with their replies and attachment links, the
 * thread itself, and the attachments that were its alone: uploaded for it (`thread_id`) or stored
 * with its messages, unless a message of another thread names them (those stay, no longer tied to
 * the thread) or they were uploaded for another thread. `undefined` when there was nothing to delete.
 */
export function createThreadDeletion(db: Database.Database): (threadId: string) => DeletedThread | undefined {
  const threadMessages = 'SELECT id FROM messages WHERE thread_id = ?';
  const selectAttachments = db.prepare<[string, string, string, string], { id: string }>(
    `SELECT a.id FROM attachments a
     WHERE (a.thread_id = ? OR a.id IN (
         SELECT ma.attachment_id FROM message_attachments ma JOIN messages m ON m.id = ma.message_id
         WHERE m.thread_id = ?))
       AND (a.thread_id IS NULL OR a.thread_id = ?)
       AND a.id NOT IN (
         SELECT ma.attachment_id FROM message_attachments ma JOIN messages m ON m.id = ma.message_id
         WHERE m.thread_id <> ?)`,
  );
  const hasThread = db.prepare<[string], { id: string }>('SELECT id FROM threads WHERE id = ?');
  const deleteLinks = db.prepare<[string]>(`DELETE FROM message_attachments WHERE message_id IN (${threadMessages})`);
  const deleteReplies = db.prepare<[string]>(`DELETE FROM replies WHERE message_id IN (${threadMessages})`);
  const deleteMessages = db.prepare<[string]>('DELETE FROM messages WHERE thread_id = ?');
  const deleteThreadRow = db.prepare<[string]>('DELETE FROM threads WHERE id = ?');
  const deleteAttachment = db.prepare<[string]>('DELETE FROM attachments WHERE id = ?');
  const untie = db.prepare<[string]>('UPDATE attachments SET thread_id = NULL WHERE thread_id = ?');
  return db.transaction((threadId: string): DeletedThread | undefined => {
    const attachments = selectAttachments.all(threadId, threadId, threadId, threadId).map(({ id }) => id);
    const existed = hasThread.get(threadId) !== undefined;
    deleteLinks.run(threadId);
    deleteReplies.run(threadId);
    const messages = deleteMessages.run(threadId).changes;
    deleteThreadRow.run(threadId);
    for (const id of attachments) deleteAttachment.run(id);
    untie.run(threadId);
    if (!existed && messages === 0 && attachments.length === 0) return undefined;
    return { messages, attachments: attachments.length };
  });
}
