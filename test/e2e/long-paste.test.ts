import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ThreadListing, UserMessage } from '../../server/api-types.js';
import type { RunningHost } from '../../server/host.js';
import { useDemoSession } from './support/demo-session.js';

/** End to end through the demo: a long paste becomes a file chip and reaches the host as an attachment. */

const session = useDemoSession('long-paste-e2e');
let host: RunningHost;
let context: BrowserContext;

beforeAll(() => {
  ({ host, context } = session());
});

async function openDemo(thread: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${host.url}/index.html?thread=${thread}`);
  await page.waitForFunction(() => customElements.get('t3-composer') !== undefined);
  await page.locator('t3-composer .cm-content').waitFor();
  return { page, errors };
}

async function userMessages(thread: string): Promise<UserMessage[]> {
  const response = await fetch(`${host.url}/api/threads/${thread}/messages`);
  const listing = (await response.json()) as ThreadListing;
  return listing.messages.filter((message): message is UserMessage => message.role === 'user');
}

describe('a long paste in the demo', () => {
  it('becomes a text file chip, is sent as an attachment with the exact bytes, and the message shows the chip', async () => {
    const { page, errors } = await openDemo('long-paste');
    const text = `${Array.from({ length: 120 }, (_, i) => `log line ${i + 1} — ok`).join('\r\n')}\r\n`;
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.type('see ');
    await page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await page.keyboard.press('Control+V');
    const chip = page.locator('t3-composer .cm-content t3-context-chip');
    await expect.poll(() => chip.count()).toBe(1);
    expect(await chip.getAttribute('kind')).toBe('file');
    expect(await chip.locator('[part~="label"]').textContent()).toBe('Pasted text 1.txt');

    await page.keyboard.press('Enter');
    await expect.poll(async () => (await userMessages('long-paste')).length, { timeout: 30_000 }).toBe(1);
    const [stored] = await userMessages('long-paste');
    expect(stored!.text.startsWith('see [Pasted text 1.txt](t3-context://v1/file/')).toBe(true);
    const [record] = stored!.context!.records as { kind: string; attachmentId: string; name: string }[];
    expect(record).toMatchObject({ kind: 'file', name: 'Pasted text 1.txt', mimeType: 'text/plain' });
    const [attachment] = stored!.attachments;
    expect(attachment).toMatchObject({ attachmentId: record!.attachmentId, name: 'Pasted text 1.txt' });
    const bytes = await fetch(`${host.url}${attachment!.url}`).then((response) => response.arrayBuffer());
    expect(Buffer.from(bytes).equals(Buffer.from(text, 'utf8'))).toBe(true);

    const sentChip = page.locator('#transcript t3-user-message').first().locator('t3-context-chip');
    await expect.poll(() => sentChip.count()).toBe(1);
    expect(await sentChip.getAttribute('unresolved')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });
});
