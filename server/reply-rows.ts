import type Database from 'better-sqlite3';
import type { ReplyState, StopReason } from './api-types.js';

export type { ReplyState, StopReason };

/**
 * The stored state of each simulated reply: what has been streamed so far and whether it finished.
 * A reply is keyed by the user message it answers. Messages stored before replies were kept (schema
 * version 1) have no row; they read as complete.
 */

export interface StoredReply {
  messageId: string;
  state: ReplyState;
  stopReason: StopReason | null;
  /** The text streamed so far; the whole reply once complete. */
  text: string;
}

/** Every stop reason a row may hold. */
export const STOP_REASONS: readonly StopReason[] = ['stop-request', 'client-gone', 'host-restart', 'steered'];

export const REPLIES_SCHEMA = `
  CREATE TABLE replies (
    message_id TEXT PRIMARY KEY REFERENCES messages(id),
    state TEXT NOT NULL CHECK (state IN ('streaming', 'complete', 'stopped')),
    stop_reason TEXT CHECK (stop_reason IN (${STOP_REASONS.map((reason) => `'${reason}'`).join(', ')})),
    text TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
`;

interface ReplyRow {
  message_id: string;
  state: ReplyState;
  stop_reason: StopReason | null;
  text: string;
}

export interface ReplyRows {
  /** Inserts or replaces the reply to a message. */
  save(reply: StoredReply): void;
  get(messageId: string): StoredReply | undefined;
  forThread(threadId: string): Map<string, StoredReply>;
  /** Marks every reply still `streaming` as stopped by a host restart; returns how many. */
  interruptStreaming(): number;
}

export function createReplyRows(db: Database.Database): ReplyRows {
  const upsert = db.prepare<[string, ReplyState, StopReason | null, string, string]>(
    `INSERT INTO replies (message_id, state, stop_reason, text, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (message_id) DO UPDATE SET
       state = excluded.state, stop_reason = excluded.stop_reason, text = excluded.text, updated_at = excluded.updated_at`,
  );
  const selectOne = db.prepare<[string], ReplyRow>('SELECT * FROM replies WHERE message_id = ?');
  const selectThread = db.prepare<[string], ReplyRow>(
    'SELECT r.* FROM replies r JOIN messages m ON m.id = r.message_id WHERE m.thread_id = ?',
  );
  const interrupt = db.prepare<[string]>(
    "UPDATE replies SET state = 'stopped', stop_reason = 'host-restart', updated_at = ? WHERE state = 'streaming'",
  );
  return {
    save(reply) {
      upsert.run(reply.messageId, reply.state, reply.stopReason, reply.text, new Date().toISOString());
    },
    get(messageId) {
      const row = selectOne.get(messageId);
      return row && toStoredReply(row);
    },
    forThread(threadId) {
      return new Map(selectThread.all(threadId).map((row) => [row.message_id, toStoredReply(row)]));
    },
    interruptStreaming() {
      return interrupt.run(new Date().toISOString()).changes;
    },
  };
}

function toStoredReply(row: ReplyRow): StoredReply {
  return { messageId: row.message_id, state: row.state, stopReason: row.stop_reason, text: row.text };
}
