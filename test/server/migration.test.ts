import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { AssistantMessage, ThreadListing, UserMessage } from '../../server/api-types.js';
import { DATABASE_FILE_NAME, openStore } from '../../server/store.js';
import { makeTempDir, removeDir, startTestHost } from './support/test-host.js';

/**
 * A database written before branches (schema version 2) opens with every message kept: each
 * thread becomes one branch in the order its messages were stored.
 */

/** The schema as version 2 created it, copied here so the test does not move when the host's schema does. */
const SCHEMA_V2 = `
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
  CREATE TABLE replies (
    message_id TEXT PRIMARY KEY REFERENCES messages(id),
    state TEXT NOT NULL CHECK (state IN ('streaming', 'complete', 'stopped')),
    stop_reason TEXT CHECK (stop_reason IN ('stop-request', 'client-gone', 'host-restart')),
    text TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
`;

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await removeDir(dir);
});

/** Two threads whose messages were stored interleaved; `alpha` has an attachment and a stopped reply. */
async function versionTwoDatabase(): Promise<string> {
  const dataDir = await makeTempDir('v2');
  dirs.push(dataDir);
  const db = new Database(path.join(dataDir, DATABASE_FILE_NAME));
  db.exec(SCHEMA_V2);
  db.pragma('user_version = 2');
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
  db.prepare('INSERT INTO threads (id, created_at) VALUES (?, ?)').run('alpha', at(0));
  db.prepare('INSERT INTO threads (id, created_at) VALUES (?, ?)').run('beta', at(1));
  const message = db.prepare('INSERT INTO messages (id, thread_id, created_at, text) VALUES (?, ?, ?, ?)');
  const reply = db.prepare(
    'INSERT INTO replies (message_id, state, stop_reason, text, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  const rows: [id: string, thread: string, text: string][] = [
    ['msg_a1', 'alpha', 'first in alpha'],
    ['msg_b1', 'beta', 'first in beta'],
    ['msg_a2', 'alpha', 'second in alpha'],
    ['msg_a3', 'alpha', 'third in alpha'],
    ['msg_b2', 'beta', 'second in beta'],
  ];
  rows.forEach(([id, thread, text], minute) => {
    message.run(id, thread, at(minute), text);
    reply.run(id, 'complete', null, `reply to ${text}`, at(minute));
  });
  db.prepare("UPDATE replies SET state = 'stopped', stop_reason = 'stop-request', text = ? WHERE message_id = ?").run(
    'reply to sec',
    'msg_a2',
  );
  db.prepare('INSERT INTO attachments VALUES (?, ?, ?, ?, ?, ?)').run(
    'att_notes',
    'notes.txt',
    'text/plain',
    5,
    Buffer.from('notes'),
    at(0),
  );
  db.prepare('INSERT INTO message_attachments VALUES (?, ?, ?)').run('msg_a1', 'att_notes', 0);
  db.close();
  return dataDir;
}

const users = (listing: ThreadListing) =>
  listing.messages.filter((message): message is UserMessage => message.role === 'user');

describe('migrating a database from before branches', () => {
  it('finds every message, in order, each following the reply before it; replies and attachments kept', async () => {
    const dataDir = await versionTwoDatabase();
    const host = await startTestHost(dataDir);
    let alpha: ThreadListing;
    try {
      alpha = (await host.getJson('/api/threads/alpha/messages')).body as ThreadListing;
      expect(users(alpha).map((message) => [message.id, message.text, message.parentId])).toEqual([
        ['msg_a1', 'first in alpha', null],
        ['msg_a2', 'second in alpha', 'msg_a1_reply'],
        ['msg_a3', 'third in alpha', 'msg_a2_reply'],
      ]);
      const replies = alpha.messages.filter((message): message is AssistantMessage => message.role === 'assistant');
      expect(replies.map((reply) => [reply.parentId, reply.state, reply.text])).toEqual([
        ['msg_a1', 'complete', 'reply to first in alpha'],
        ['msg_a2', 'stopped', 'reply to sec'],
        ['msg_a3', 'complete', 'reply to third in alpha'],
      ]);
      expect(alpha.versions).toEqual({});
      expect(users(alpha)[0]!.attachments.map((attachment) => attachment.name)).toEqual(['notes.txt']);

      const beta = (await host.getJson('/api/threads/beta/messages')).body as ThreadListing;
      expect(users(beta).map((message) => [message.id, message.parentId])).toEqual([
        ['msg_b1', null],
        ['msg_b2', 'msg_b1_reply'],
      ]);
      // No demo thread is seeded into a database that has threads.
      expect(((await host.getJson('/api/threads/demo/messages')).body as ThreadListing).messages).toEqual([]);

      // A new message follows the end of the migrated branch; an edit starts a sibling.
      const next = await host.postMessage('alpha', { text: 'fourth' });
      expect(((await next.json()) as { message: UserMessage }).message.parentId).toBe('msg_a3_reply');
      const edit = await host.postMessage('alpha', { text: 'second, edited', parentId: 'msg_a1_reply' });
      expect(edit.status).toBe(201);
      const edited = (await host.getJson('/api/threads/alpha/messages')).body as ThreadListing;
      expect(users(edited).map((message) => message.text)).toEqual(['first in alpha', 'second, edited']);
      expect(edited.versions[users(edited)[1]!.id]!.siblings[0]).toBe('msg_a2');
    } finally {
      await host.close();
    }

    const db = new Database(path.join(dataDir, DATABASE_FILE_NAME), { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    // Version 4 finds what follows a reply by index.
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as { name: string }[];
    expect(indexes.map(({ name }) => name)).toContain('messages_by_parent');
    // Version 5: an attachment stored with a message belongs to that message's thread.
    expect(db.prepare('SELECT id, thread_id FROM attachments').all()).toEqual([
      { id: 'att_notes', thread_id: 'alpha' },
    ]);
    db.close();

    // So deleting the thread deletes it.
    const again = await startTestHost(dataDir);
    try {
      const deleted = await fetch(`${again.url}/api/threads/alpha`, { method: 'DELETE' });
      expect(await deleted.json()).toEqual({ threadId: 'alpha', deleted: { messages: 5, attachments: 1 } });
      expect((await fetch(`${again.url}/api/attachments/att_notes`)).status).toBe(404);
    } finally {
      await again.close();
    }
  });

  it('runs once: opening the migrated file again changes nothing, and a reply can now end as steered', async () => {
    const dataDir = await versionTwoDatabase();
    const first = openStore(dataDir);
    const links = first.threadLinks('alpha');
    expect(links).toEqual([
      { id: 'msg_a1', parentId: null },
      { id: 'msg_a2', parentId: 'msg_a1_reply' },
      { id: 'msg_a3', parentId: 'msg_a2_reply' },
    ]);
    expect(first.chosenBranch('alpha')).toBe('msg_a3');
    first.close();

    const again = openStore(dataDir);
    try {
      expect(again.threadLinks('alpha')).toEqual(links);
      expect(again.threadLinks('beta').map((link) => link.parentId)).toEqual([null, 'msg_b1_reply']);
      expect(again.getReply('msg_a2')).toMatchObject({ state: 'stopped', stopReason: 'stop-request' });
      again.saveReply({ messageId: 'msg_a3', state: 'stopped', stopReason: 'steered', text: 'cut short' });
      expect(again.getReply('msg_a3')).toMatchObject({ stopReason: 'steered', text: 'cut short' });
    } finally {
      again.close();
    }
  });
});
