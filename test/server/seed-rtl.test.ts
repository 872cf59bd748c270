import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectContextReferences, decodeMessageContext } from '../../src/core/index.js';
import type { ThreadListing, UserMessage } from '../../server/api-types.js';
import { RTL_SEED_MESSAGES, RTL_THREAD_ID } from '../../server/seed.js';
import { makeTempDir, removeDir, startTestHost } from './support/test-host.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await removeDir(dir);
});

/** The first strong character of a line: Hebrew and Arabic letters read right to left. */
const firstStrongIsRtl = (line: string) => /^[^\p{L}]*[\u0590-\u08FF]/u.test(line);

describe('the seeded right-to-left thread', () => {
  it('holds Hebrew and Arabic messages with English chips and an English one with a Hebrew chip, stored whole', async () => {
    const parent = await makeTempDir('rtl');
    dirs.push(parent);
    const host = await startTestHost(path.join(parent, '.data'));
    try {
      const { body } = await host.getJson(`/api/threads/${RTL_THREAD_ID}/messages`);
      const users = (body as ThreadListing).messages.filter(
        (message): message is UserMessage => message.role === 'user',
      );
      expect(users.map((message) => message.text)).toEqual(RTL_SEED_MESSAGES.map((message) => message.text));
      expect(users.map((message) => firstStrongIsRtl(message.text))).toEqual([true, true, false]);
      for (const message of users) {
        // No isolate characters on the wire: the isolation is the renderer's.
        expect(message.text).not.toMatch(/[\u2066-\u2069]/);
        const decoded = decodeMessageContext(message.context);
        if (!decoded.ok) throw new Error(decoded.error);
        expect(decoded.dropped).toEqual([]);
        const records = decoded.context.records;
        const referenced = collectContextReferences(message.text).map((occurrence) => occurrence.contextId);
        expect(new Set(referenced)).toEqual(new Set(records.map((record) => record.contextId)));
      }
      const labels = users.flatMap((message) => collectContextReferences(message.text).map((chip) => chip.label));
      expect(labels.some((label) => /[\u0590-\u05FF]/.test(label))).toBe(true);
      expect(labels.some((label) => /^[\x20-\x7E]+$/.test(label))).toBe(true);
    } finally {
      await host.close();
    }
  });
});
