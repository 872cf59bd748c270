import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useDemoSession } from './support/demo-session.js';

/**
 * The script-tag, React and Vue pages answer as the main page does: the reply streams piece by
 * piece while the composer is busy (Stop stops it), and renders as Markdown built as DOM nodes,
 * never from an HTML string, each block in the direction of its own text. Typed with real keys.
 */

const session = useDemoSession('framework-pages-e2e', { replyPacing: { durationMs: 2500, maxChunks: 25 } });

const pages: Page[] = [];
afterAll(async () => {
  for (const page of pages) await page.close();
});

async function open(path: string): Promise<Page> {
  const page = await session().context.newPage();
  pages.push(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  (page as Page & { errors: string[] }).errors = errors;
  await page.goto(`${session().host.url}${path}`);
  await page.locator('t3-composer .cm-content').waitFor();
  return page;
}

async function send(page: Page, text: string): Promise<void> {
  await page.locator('t3-composer .cm-content').click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

const lastReply = (page: Page): Locator => page.locator('#transcript .entry.assistant .reply').last();
const replyState = (page: Page) => lastReply(page).getAttribute('data-state');
const isBusy = (page: Page) => page.locator('t3-composer').evaluate((element) => element.hasAttribute('busy'));
/** The reply's rendered list items (in a shadow root on the script-tag page: locators reach into it). */
const listItems = (page: Page) => lastReply(page).locator('ol > li').count();

/** Hebrew, with Markdown and HTML in it: the reply quotes it back as text, right to left. */
const QUESTION = 'למה <b>זה</b> **נכשל**?';

for (const [path, name] of [
  ['/script-tag.html', 'script-tag'],
  ['/react.html', 'React'],
  ['/vue.html', 'Vue'],
] as const) {
  describe(`the ${name} page`, () => {
    it('streams the reply while busy and renders it as Markdown, never as HTML', async () => {
      const page = await open(path);
      await send(page, QUESTION);

      // Streaming: the composer is busy, and the answer so far is already Markdown.
      await expect.poll(() => replyState(page)).toBe('streaming');
      expect(await isBusy(page)).toBe(true);
      await expect.poll(() => lastReply(page).locator('blockquote').count()).toBe(1);
      expect(await replyState(page)).toBe('streaming');
      expect(await listItems(page)).toBeLessThan(2);

      await expect.poll(() => replyState(page), { timeout: 15_000 }).toBe('complete');
      await expect.poll(() => isBusy(page)).toBe(false);
      const reply = lastReply(page);
      expect(await reply.locator('h3').allTextContents()).toEqual(['Next steps']);
      expect(await listItems(page)).toBe(2);
      expect(await reply.locator('strong').allTextContents()).toEqual(['What the model receives']);
      // The question's Markdown and HTML are its words, shown as written, in its own direction.
      const quote = reply.locator('blockquote');
      expect((await quote.textContent())!.trim()).toBe(QUESTION);
      expect(await quote.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
      expect(await reply.locator('b, script, [onerror]').count()).toBe(0);
      expect(await reply.locator('.projection').textContent()).toBe(QUESTION);
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
    });

    it('stops the streaming reply with Stop; the host stores it as stopped', async () => {
      const page = await open(path);
      await send(page, 'A long answer, please');
      await expect.poll(() => replyState(page)).toBe('streaming');
      await page.locator('t3-composer [part~="stop-button"]').click();
      await expect.poll(() => replyState(page), { timeout: 15_000 }).toBe('stopped');
      await expect.poll(() => isBusy(page)).toBe(false);
      expect(await listItems(page)).toBeLessThan(2);
    });
  });
}
