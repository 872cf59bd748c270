import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useDemoHost, useDemoSession } from './support/demo-session.js';

/**
 * The script-tag, React and Vue pages answer as the main page does: the reply streams piece by
 * piece while the composer is busy (Stop stops it), and renders as Markdown built as DOM nodes,
 * never from an HTML string, each block in the direction of its own text. Typed with real keys.
 */

const session = useDemoSession('framework-pages-e2e', { replyPacing: { durationMs: 2500, maxChunks: 25 } });
/**
 * For Stop: a host whose replies take a minute, so the reply still streams when the click lands
 * however loaded the machine is (two and a half seconds could pass before it does).
 */
const slowHost = useDemoHost('framework-pages-stop-e2e', { replyPacing: { durationMs: 60_000, maxChunks: 25 } });

const pages: Page[] = [];
afterAll(async () => {
  for (const page of pages) await page.close();
});

async function open(path: string, host = session().host): Promise<Page> {
  const page = await session().context.newPage();
  pages.push(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  (page as Page & { errors: string[] }).errors = errors;
  await page.goto(`${host.url}${path}`);
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

/** What the page showed of its newest reply in one rendered frame. */
interface Frame {
  state: string | null;
  busy: boolean;
  quotes: number;
  items: number;
}

/**
 * From now on, records what each frame the page renders shows of the newest reply (its state, its
 * quotes and list items, shadow roots included) and whether the composer is busy, each change once.
 * Read after the reply has ended, it tells what a reader saw while it streamed, however slowly the
 * test's own steps ran meanwhile.
 */
async function recordFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const frames: Frame[] = [];
    Object.assign(window, { replyFrames: frames });
    const count = (root: Element | ShadowRoot, selector: string): number =>
      root.querySelectorAll(selector).length +
      [...root.querySelectorAll('*')].reduce(
        (sum, element) => sum + (element.shadowRoot ? count(element.shadowRoot, selector) : 0),
        0,
      );
    const sample = () => {
      const reply = [...document.querySelectorAll('#transcript .entry.assistant .reply')].at(-1);
      const frame = {
        state: reply?.getAttribute('data-state') ?? null,
        busy: document.querySelector('t3-composer')?.hasAttribute('busy') ?? false,
        quotes: reply ? count(reply, 'blockquote') : 0,
        items: reply ? count(reply, 'ol > li') : 0,
      };
      if (JSON.stringify(frame) !== JSON.stringify(frames.at(-1))) frames.push(frame);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

const recordedFrames = (page: Page): Promise<Frame[]> =>
  page.evaluate(() => (window as unknown as { replyFrames: Frame[] }).replyFrames);

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
      await recordFrames(page);
      await send(page, QUESTION);

      await expect
        .poll(async () => (await recordedFrames(page)).some((frame) => frame.state === 'streaming'), {
          timeout: 30_000,
        })
        .toBe(true);
      await expect.poll(() => replyState(page), { timeout: 30_000 }).toBe('complete');
      await expect.poll(() => isBusy(page)).toBe(false);
      // Streaming: the composer was busy, and the answer so far was already Markdown, its list yet to come.
      const frames = await recordedFrames(page);
      expect(frames).toContainEqual(expect.objectContaining({ state: 'streaming', busy: true }));
      expect(frames.some(({ state, quotes, items }) => state === 'streaming' && quotes === 1 && items < 2)).toBe(true);
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
      const page = await open(path, slowHost());
      await send(page, 'A long answer, please');
      await expect.poll(() => replyState(page), { timeout: 30_000 }).toBe('streaming');
      await page.locator('t3-composer [part~="stop-button"]').click();
      await expect.poll(() => replyState(page), { timeout: 30_000 }).toBe('stopped');
      await expect.poll(() => isBusy(page)).toBe(false);
      expect(await listItems(page)).toBeLessThan(2);
    });
  });
}
