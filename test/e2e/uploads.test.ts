import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeletedThreadStatus, UserMessage } from '../../server/api-types.js';
import { editor, openThread, recordPosts, reload, storedThread, userMessages } from './support/demo-page.js';
import { type DemoSession, useDemoSession } from './support/demo-session.js';

/**
 * Uploads that start on attach, through the demo: an image and a long paste upload to the host as
 * soon as they are in the draft, the message then names them by the host's ids without sending
 * their bytes again, and after a reload the sent chips read them back from the host.
 */

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PASTE = Array.from({ length: 60 }, (_, i) => `build step ${i + 1}: <b>ok</b>`).join('\n');

const session = useDemoSession('uploads-e2e');
let demo: DemoSession;

beforeAll(() => {
  demo = session();
});

/** The upload requests the page makes from now on: their thread and the file name they send. */
function recordUploads(page: Page): { threadId: string | null; name: string }[] {
  const uploads: { threadId: string | null; name: string }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'POST' || url.pathname !== '/api/uploads') return;
    uploads.push({
      threadId: url.searchParams.get('threadId'),
      name: decodeURIComponent(request.headers()['x-upload-name']!),
    });
  });
  return uploads;
}

/** The chips of the page's composer that still show an upload's progress. */
const uploading = (page: Page) => page.locator('#composer t3-context-chip[upload-progress]').count();

async function storedUserMessages(threadId: string): Promise<UserMessage[]> {
  const listing = await storedThread(demo, threadId);
  return listing.messages.filter((message): message is UserMessage => message.role === 'user');
}

describe('the demo uploads files as they are attached', () => {
  let page: Page;
  const thread = 'uploads';

  beforeAll(async () => {
    page = await openThread(demo, thread);
  });

  it('an image and a long paste upload at once; the message names them and carries no bytes', async () => {
    const uploads = recordUploads(page);
    const posts = recordPosts(page);
    await editor(page).click();
    await page.keyboard.type('see ');
    await page
      .locator('#attach-input')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') });
    await editor(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' and ');
    await page.evaluate((text) => navigator.clipboard.writeText(text), PASTE);
    await page.keyboard.press('Control+V');
    await expect.poll(() => page.locator('#composer .cm-content t3-context-chip').count()).toBe(2);
    await expect.poll(() => uploads.length).toBe(2);
    expect(uploads).toEqual([
      { threadId: thread, name: 'dot.png' },
      { threadId: thread, name: 'Pasted text 1.txt' },
    ]);
    await expect.poll(() => uploading(page)).toBe(0);

    await editor(page).press('Enter');
    await expect.poll(async () => (await storedUserMessages(thread)).length, { timeout: 30_000 }).toBe(1);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.attachments, 'no bytes go twice').toEqual([]);
    const [message] = await storedUserMessages(thread);
    const records = message!.context!.records as { kind: string; attachmentId: string }[];
    expect(records.map((record) => record.kind)).toEqual(['image', 'file']);
    expect(message!.attachments.map((attachment) => [attachment.attachmentId, attachment.name])).toEqual([
      [records[0]!.attachmentId, 'dot.png'],
      [records[1]!.attachmentId, 'Pasted text 1.txt'],
    ]);
    const text = await fetch(`${demo.host.url}${message!.attachments[1]!.url}`).then((response) => response.text());
    expect(text).toBe(PASTE);
    expect(uploads, 'sending uploaded nothing again').toHaveLength(2);
  });

  it('after a reload the sent chips read back: the image its thumbnail, the paste its first lines, as text', async () => {
    await reload(page);
    const chips = userMessages(page).last().locator('t3-context-chip');
    await expect.poll(() => chips.count()).toBe(2);
    expect(await chips.evaluateAll((all) => all.map((chip) => chip.hasAttribute('unresolved')))).toEqual([
      false,
      false,
    ]);

    const imageChip = chips.nth(0);
    await imageChip.locator('[part~="base"]').hover();
    const thumbnail = imageChip.locator('[part~="details"] [part~="thumbnail"]');
    await expect.poll(() => thumbnail.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1);
    const [stored] = await storedUserMessages(thread);
    expect(await thumbnail.getAttribute('src'), 'the host’s url').toBe(stored!.attachments[0]!.url);

    const pasteChip = chips.nth(1);
    await pasteChip.locator('[part~="base"]').hover();
    const details = pasteChip.locator('[part~="details"]');
    await expect.poll(() => details.locator('.line-count').textContent()).toBe('60 lines');
    const lines = await details
      .locator('.text-preview .line:not(.more)')
      .evaluateAll((all) => all.map((line) => line.lastChild!.textContent));
    expect(lines).toEqual(PASTE.split('\n').slice(0, 5));
    expect(await details.locator('b').count(), 'text, never HTML').toBe(0);
  });
  it('a long paste added while editing the message uploads at once; the new version names it', async () => {
    const uploads = recordUploads(page);
    const posts = recordPosts(page);
    const message = userMessages(page).last();
    await message.hover();
    await message.locator('[part~="edit-button"]').click();
    const inline = message.locator('t3-composer[part~="editor"]');
    await inline.locator('.cm-content').waitFor();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' and ');
    const notes = Array.from({ length: 50 }, (_, i) => `note ${i + 1}`).join('\n');
    await page.evaluate((text) => navigator.clipboard.writeText(text), notes);
    await page.keyboard.press('Control+V');
    await expect.poll(() => uploads.length).toBe(1);
    expect(uploads[0]).toEqual({ threadId: thread, name: 'Pasted text 2.txt' });
    await page.keyboard.press('Enter');
    await expect.poll(() => inline.count(), { timeout: 30_000 }).toBe(0);

    expect(posts).toHaveLength(1);
    expect(posts[0]!.attachments, 'no bytes go with the edit').toEqual([]);
    await expect.poll(async () => (await storedUserMessages(thread)).at(-1)!.attachments.length).toBe(3);
    const version = (await storedUserMessages(thread)).at(-1)!;
    const record = (version.context!.records as { kind: string; name?: string; attachmentId: string }[]).at(-1)!;
    expect(record).toMatchObject({ kind: 'file', name: 'Pasted text 2.txt' });
    const stored = version.attachments.find((attachment) => attachment.attachmentId === record.attachmentId)!;
    expect(await fetch(`${demo.host.url}${stored.url}`).then((response) => response.text())).toBe(notes);
    expect(uploads, 'nothing uploaded twice').toHaveLength(1);
  });
});

describe('an upload the demo host refuses', () => {
  it('a file over 16 MiB is answered with a 413: its chip is marked with Retry, and the notice gives the reason', async () => {
    const page = await openThread(demo, 'uploads-too-large');
    const uploads = recordUploads(page);
    await page.locator('#attach-input').setInputFiles({
      name: 'huge.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(16 * 1024 * 1024 + 1),
    });
    const chip = page.locator('#composer .cm-content t3-context-chip');
    await expect.poll(() => chip.getAttribute('upload-failed'), { timeout: 30_000 }).toBe('');
    expect(uploads).toEqual([{ threadId: 'uploads-too-large', name: 'huge.bin' }]);
    expect(await chip.locator('[part~="retry-button"]').count()).toBe(1);
    const notice = page.locator('#composer [part~="notice"]');
    expect(await notice.textContent()).toContain(
      'huge.bin could not be uploaded: request body must be at most 16777216 bytes',
    );
    expect((await storedThread(demo, 'uploads-too-large')).messages).toEqual([]);
    // Nor was the file stored: deleting its thread deletes no upload (or finds nothing to delete).
    const response = await fetch(`${demo.host.url}/api/threads/uploads-too-large`, { method: 'DELETE' });
    const deleted = response.status === 404 ? 0 : ((await response.json()) as DeletedThreadStatus).deleted.attachments;
    expect(deleted).toBe(0);
    await page.context().close();
  });
});
