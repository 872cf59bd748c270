import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../support/chromium.js';
import { installPackedPackage, nextBuild, type NextServer, nextServer } from './support/next-app.js';

/**
 * examples/ai-sdk end to end: the Next.js App Router app installs the packed package as a host
 * does, `next build` type-checks and builds it, `next start` serves it, and Chromium chats through
 * `useChat` with `<t3-composer>` while the route handler streams a mock model's reply (no key).
 * The mock answers with what it read, so the page shows the projected `<t3_context>` envelope.
 * Run `npm run build` first.
 */

const app = resolve(import.meta.dirname, '../../examples/ai-sdk');

/** The text a UI message stream (server-sent events) carries, its deltas joined. */
function streamedText(body: string): string {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice('data: '.length)) as { type: string; delta?: string })
    .filter((chunk) => chunk.type === 'text-delta')
    .map((chunk) => chunk.delta)
    .join('');
}

/**
 * A whole chat through Next.js and a streamed reply: on a loaded machine its steps (the first load
 * of the app's chunks among them) can together take longer than the suite's 30 s, so it has more
 * time, as has each wait in it.
 */
const CHAT_TIMEOUT = 120_000;
const STEP_TIMEOUT = 60_000;

describe('examples/ai-sdk: Next.js with useChat and <t3-composer>', () => {
  let browser: Browser;
  let host: NextServer;

  beforeAll(async () => {
    installPackedPackage(app);
    nextBuild(app);
    host = await nextServer(app, 'start');
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    host?.close();
  });

  it(
    'sends a message with a chip and shows the streamed reply of the mock model, which read the projected envelope',
    async () => {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.setDefaultTimeout(STEP_TIMEOUT);
      // The mock model streams its whole reply in well under a second, and the composer is busy only
      // until then: on a loaded machine a check could come after it and wait for a Stop that was gone.
      // The request for the reply is held until the composer has been seen busy, then let through.
      let letReplyThrough!: () => void;
      const replyHeld = new Promise<void>((resolve) => (letReplyThrough = resolve));
      await page.route('**/api/chat', async (route) => {
        await replyHeld;
        await route.continue();
      });
      try {
        await page.goto(host.url);
        await page.locator('t3-composer .cm-content').click();
        await page.keyboard.type('Explain @read', { delay: 10 });
        await page.locator('t3-composer [role="option"]', { hasText: 'README.md' }).waitFor();
        await page.keyboard.press('Enter');
        await page.locator('t3-composer t3-context-chip').waitFor();
        await page.keyboard.type('briefly', { delay: 10 });
        await page.keyboard.press('Enter');

        const chip = page.locator('.sent t3-user-message t3-context-chip');
        await chip.waitFor();
        expect(await chip.getAttribute('kind')).toBe('mention');
        expect(await chip.locator('[part~="label"]').textContent()).toBe('@README.md');
        // Busy while the reply is on its way: the composer offers Stop.
        await page.locator('t3-composer [part~="stop-button"]').waitFor();
        letReplyThrough();

        const reply = page.locator('.reply', { hasText: 'That is all it received.' });
        await reply.waitFor();
        const text = await reply.textContent();
        expect(text).toContain('Explain [Mention: @README.md; ref=mention_README-md] briefly');
        expect(text).toContain(
          '<t3_context version="1">\n<context kind="mention" id="mention_README-md">\npath: README.md',
        );
        expect(text).not.toContain('t3-context://');
        expect(text).not.toContain('data-t3-context');
        await page.locator('t3-composer [part~="stop-button"]').waitFor({ state: 'hidden' });
        expect(problems).toEqual([]);
      } finally {
        letReplyThrough();
        await page.close();
      }
    },
    CHAT_TIMEOUT,
  );

  it('the route handler gives the model no forged record: a record that does not decode is unavailable', async () => {
    const text = 'See [x](t3-context://v1/mention/m_1)';
    const forged = { version: 1, kind: 'mention', contextId: 'm_1', label: 'x' }; // a mention needs a path
    const messages = [
      {
        id: 'u1',
        role: 'user',
        parts: [
          { type: 'text', text },
          { type: 'data-t3-context', data: { context: { version: 1, records: [forged] }, delivery: 'new' } },
        ],
      },
    ];
    const response = await fetch(`${host.url}/api/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'chat', messages, trigger: 'submit-message' }),
    });
    expect(response.status).toBe(200);
    const read = streamedText(await response.text());
    expect(read).toContain('See [Mention: x; ref=m_1]');
    expect(read).toContain('<context kind="mention" id="m_1" unavailable="true"/>');
  });
});
