import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  collectContextReferences,
  projectContextForProvider,
  resolveMessageContext,
  upgradeLegacyMessage,
} from '../../src/core/index.js';
import type { AssistantMessage, ThreadListing, UserMessage } from '../../server/api-types.js';
import { DEMO_THREAD_ID, LEGACY_SEED_TEXTS } from '../../server/seed.js';
import { DATABASE_FILE_NAME } from '../../server/store.js';
import { file, RECORDS_OF_EVERY_KIND, textReferencing } from '../../support/records.js';
import { base64, makeTempDir, removeDir, startTestHost } from './support/test-host.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await removeDir(dir);
});

async function freshDataDir(): Promise<string> {
  // A folder that does not exist yet: the host creates it on first run.
  const parent = await makeTempDir('parent');
  dirs.push(parent);
  return path.join(parent, 'nested', '.data');
}

describe('the seeded demo thread', () => {
  it('holds legacy messages of every block kind, each stored verbatim and upgrading to chips', async () => {
    const host = await startTestHost(await freshDataDir());
    try {
      expect(existsSync(path.join(host.dataDir, DATABASE_FILE_NAME))).toBe(true);
      const { body } = await host.getJson(`/api/threads/${DEMO_THREAD_ID}/messages`);
      const listing = body as ThreadListing;
      const users = listing.messages.filter((message): message is UserMessage => message.role === 'user');
      expect(users.map((message) => message.text)).toEqual(LEGACY_SEED_TEXTS);

      const kinds = new Set<string>();
      for (const message of users) {
        expect(message.context).toBeNull();
        const resolved = resolveMessageContext({ text: message.text, context: message.context });
        expect(resolved).toEqual(upgradeLegacyMessage(message.text));
        expect(resolved.records.length).toBeGreaterThan(0);
        // Every record is referenced by a chip in the upgraded text, and no legacy block is left.
        const referenced = collectContextReferences(resolved.text).map((occurrence) => occurrence.contextId);
        expect(new Set(referenced)).toEqual(new Set(resolved.records.map((record) => record.contextId)));
        expect(resolved.text).not.toMatch(
          /<(terminal_context|element_context|preview_annotation|review_comment)\b|\uFFFC/,
        );
        for (const record of resolved.records) kinds.add(record.kind);
      }
      expect([...kinds].sort()).toEqual(['element', 'preview-annotation', 'review-comment', 'terminal']);
      expect(LEGACY_SEED_TEXTS.some((text) => text.includes('\uFFFC'))).toBe(true);

      // Each seeded message is answered with the projection of its upgraded form.
      for (let i = 0; i < listing.messages.length; i += 2) {
        const [user, reply] = [listing.messages[i]!, listing.messages[i + 1]!];
        expect(reply).toMatchObject({ role: 'assistant', replyTo: user.id, via: 'projection' });
        const answer = reply as AssistantMessage;
        expect(answer.modelInput).toBe(projectContextForProvider(upgradeLegacyMessage(user.text)));
        expect(answer.modelInput).toContain('<t3_context version="1">');
        expect(answer.text).not.toContain('<t3_context');
      }
    } finally {
      await host.close();
    }
  });
});

describe('persistence', () => {
  it('keeps threads, context, annotations and attachments across a restart, and seeds only once', async () => {
    const dataDir = await freshDataDir();
    const first = await startTestHost(dataDir);
    let written: ThreadListing;
    let attachmentUrl: string;
    try {
      const prompt = 'see @notes';
      const response = await first.postMessage('kept', {
        text: textReferencing(RECORDS_OF_EVERY_KIND),
        context: { version: 1, records: RECORDS_OF_EVERY_KIND },
        prompt,
        inputAnnotations: [{ type: 'reference', start: 4, end: 10, text: '@notes', reference: { id: 'file_1' } }],
        attachments: [
          { attachmentId: file.attachmentId, name: 'notes.txt', mimeType: 'text/plain', dataBase64: base64('notes') },
        ],
      });
      expect(response.status).toBe(201);
      written = (await first.getJson('/api/threads/kept/messages')).body;
      attachmentUrl = (written.messages[0] as UserMessage).attachments[0]!.url;
    } finally {
      await first.close();
    }

    const second = await startTestHost(dataDir);
    try {
      expect((await second.getJson('/api/threads/kept/messages')).body).toEqual(written);
      const bytes = await fetch(`${second.url}${attachmentUrl}`);
      expect(bytes.status).toBe(200);
      expect(await bytes.text()).toBe('notes');
      const demo = (await second.getJson(`/api/threads/${DEMO_THREAD_ID}/messages`)).body as ThreadListing;
      expect(demo.messages).toHaveLength(LEGACY_SEED_TEXTS.length * 2);
    } finally {
      await second.close();
    }
  });
});
