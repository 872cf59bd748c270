import type Database from 'better-sqlite3';
import { REPLIES_SCHEMA, STOP_REASONS } from './reply-rows.js';

/**
 * The database's schema and its migrations. `PRAGMA user_version` says how far a file has come;
 * opening a file runs the steps it has not had yet, all in one transaction, so a file is never
 * left half migrated and opening it again changes nothing.
 *
 *   1  threads, messages, attachments
 *   2  replies (the state of each simulated reply)
 *   3  branches: each message names its parent, the thread the end of the branch last chosen;
 *      a reply can end early because the user steered (`stop_reason` `steered`)
 *   4  an index of messages by the reply they follow
 *   5  uploads: an attachment names the thread it was uploaded for (`thread_id`), so it goes with it
 */
export const SCHEMA_VERSION = 5;

const BASE_SCHEMA = `
  CREATE TABLE threads (
    id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL
  );
  CREATE TABLE messages (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    thread_id TEXT NOT NULL REFERENCES threads(id),
    created_at TEXT NOT NULL,
    text TEXT NOT NULL,
    context_json TEXT,
    prompt TEXT,
    input_annotations_json TEXT NOT NULL DEFAULT '[]'
  );
  CREATE INDEX messages_by_thread ON messages(thread_id, seq);
  CREATE TABLE attachments (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    mime_type TEXT NOT NULL,
    size_bytes INTEGER NOT NULL,
    data BLOB NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE message_attachments (
    message_id TEXT NOT NULL REFERENCES messages(id),
    attachment_id TEXT NOT NULL REFERENCES attachments(id),
    position INTEGER NOT NULL,
    PRIMARY KEY (message_id, attachment_id)
  );
`;

/**
 * A user message's parent is the reply it follows (`<message id>_reply`, the previous exchange on
 * its branch), null for the first message of a thread; a reply's parent is the message it answers
 * (`replies.message_id`). A message sent as a steer names the reply it cut short.
 */
const BRANCH_COLUMNS: readonly [table: string, column: string, definition: string][] = [
  ['messages', 'parent_id', 'TEXT'],
  ['messages', 'interrupted_reply_id', 'TEXT'],
  ['threads', 'branch_leaf_id', 'TEXT'],
];

export function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return;
  if (version > SCHEMA_VERSION) {
    throw new Error(`database schema version ${version} is newer than this host (${SCHEMA_VERSION})`);
  }
  db.transaction(() => {
    if (version < 1) db.exec(BASE_SCHEMA);
    if (version < 2) db.exec(REPLIES_SCHEMA);
    if (version < 3) addBranches(db);
    // Version 4: what follows a reply is found by index, so a new message finds the end of its
    // branch without reading the whole thread.
    if (version < 4) db.exec('CREATE INDEX IF NOT EXISTS messages_by_parent ON messages(parent_id)');
    // Version 5: files uploaded on attach, before any message names them, belong to a thread.
    if (version < 5) addAttachmentThreads(db);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
}

/**
 * Version 3. The messages stored so far become one linear branch per thread, in the order they
 * were stored: each follows the reply to the one before it, and the thread's chosen branch ends
 * at its newest message. Columns already there are kept as they are.
 */
function addBranches(db: Database.Database): void {
  const added = BRANCH_COLUMNS.filter(([table, column, definition]) => {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    if (columns.some(({ name }) => name === column)) return false;
    db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    return true;
  });
  const wasAdded = (column: string) => added.some(([, name]) => name === column);
  if (wasAdded('parent_id')) {
    db.exec(`
      UPDATE messages SET parent_id = (
        SELECT earlier.id || '_reply' FROM messages earlier
        WHERE earlier.thread_id = messages.thread_id AND earlier.seq < messages.seq
        ORDER BY earlier.seq DESC LIMIT 1
      )
    `);
  }
  if (wasAdded('branch_leaf_id')) {
    db.exec(`
      UPDATE threads SET branch_leaf_id = (
        SELECT id FROM messages WHERE thread_id = threads.id ORDER BY seq DESC LIMIT 1
      )
    `);
  }
  widenStopReasons(db);
}

/**
 * Version 5. Each attachment may name the thread it was uploaded for; those stored with a message
 * before take that message's thread. Deleting a thread deletes what belongs to it alone.
 */
function addAttachmentThreads(db: Database.Database): void {
  const columns = db.prepare('PRAGMA table_info(attachments)').all() as { name: string }[];
  if (!columns.some(({ name }) => name === 'thread_id')) db.exec('ALTER TABLE attachments ADD COLUMN thread_id TEXT');
  db.exec(`
    UPDATE attachments SET thread_id = (
      SELECT m.thread_id FROM message_attachments ma JOIN messages m ON m.id = ma.message_id
      WHERE ma.attachment_id = attachments.id ORDER BY m.seq LIMIT 1
    ) WHERE thread_id IS NULL;
    CREATE INDEX IF NOT EXISTS attachments_by_thread ON attachments(thread_id);
  `);
}

/** SQLite cannot change a CHECK constraint in place: the replies table is copied into a new one. */
function widenStopReasons(db: Database.Database): void {
  const row = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'replies'").get() as
    { sql: string } | undefined;
  if (!row || STOP_REASONS.every((reason) => row.sql.includes(`'${reason}'`))) return;
  db.exec(`
    ALTER TABLE replies RENAME TO replies_before_v3;
    ${REPLIES_SCHEMA}
    INSERT INTO replies (message_id, state, stop_reason, text, updated_at)
      SELECT message_id, state, stop_reason, text, updated_at FROM replies_before_v3;
    DROP TABLE replies_before_v3;
  `);
}
