import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ThreadList } from '../../server/api-types.js';
import { axeViolations } from './support/axe.js';
import { editor, insertTool, openThread, openTools, replyState, userMessages } from './support/demo-page.js';
import { useDemoSession } from './support/demo-session.js';

/**
 * The demo as a chat product (SPEC §9.1), walked as a person does: a new chat, its title from the
 * first message, a reply in prose with the model's input in a collapsed inspector, an edit and its
 * branch picker, stashed drafts told apart.
 */

const session = useDemoSession('product-e2e', { replyPacing: { durationMs: 300, maxChunks: 30 } });

const threadTitle = (page: Page) => page.locator('#thread-title').textContent();
const listedTitles = (page: Page) => page.locator('#thread-list a').allTextContents();
const currentThread = (page: Page) => new URL(page.url()).searchParams.get('thread');

async function sendWithTerminal(page: Page, before: string, after: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.type(before);
  await insertTool(page, 'Terminal excerpt');
  await page.keyboard.type(after);
  await page.keyboard.press('Enter');
}

describe('threads', () => {
  it('New chat opens an empty thread in the address; its first message titles it and puts it first', async () => {
    const page = await openThread(session(), 'product-first');
    await page.getByRole('button', { name: 'New chat' }).click();
    const threadId = currentThread(page)!;
    expect(threadId).toMatch(/^chat-[0-9a-f]{16}$/);
    expect(await threadTitle(page)).toBe('New chat');
    expect((await listedTitles(page))[0]).toBe('New chat');
    expect(await page.locator('#transcript .entry.empty').count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('t3-composer') !== null)).toBe(true);

    await sendWithTerminal(page, 'Why does ', ' fail on main?');
    await expect.poll(() => replyState(page, 0), { timeout: 15_000 }).toBe('complete');
    const title = 'Why does Terminal 1 lines 12-15 fail on main?';
    await expect.poll(() => threadTitle(page)).toBe(title);
    await expect.poll(async () => (await listedTitles(page))[0]).toBe(title);
    expect(await page.title()).toBe(`${title} · t3-composer demo`);
    expect(currentThread(page)).toBe(threadId);

    // Newest first, from the host too, and still so after a reload.
    const { threads } = (await (await fetch(`${session().host.url}/api/threads`)).json()) as ThreadList;
    expect(threads[0]).toMatchObject({ threadId, title });
    await page.reload();
    await expect.poll(async () => (await listedTitles(page))[0]).toBe(title);
    expect(await page.locator('#thread-list a[aria-current="page"]').textContent()).toBe(title);
    await page.close();
  });

  it('a thread opened by its address is listed as a new chat, never under its raw id', async () => {
    const page = await openThread(session(), 'opened-by-url');
    expect(await listedTitles(page)).not.toContain('opened-by-url');
    expect(await page.locator('#thread-list a[data-thread="opened-by-url"]').textContent()).toBe('New chat');
    expect(await threadTitle(page)).toBe('New chat');
    // The seeded thread is listed under the title of its first message.
    const seeded = await page.locator('#thread-list a[data-thread="demo"]').textContent();
    expect(seeded).not.toBe('demo');
    expect(seeded!.length).toBeLessThanOrEqual(60);
    await page.close();
  });

  it('a page without a thread in its address shows one and puts it there', async () => {
    const context = await session().browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${session().host.url}/index.html`);
    await editor(page).waitFor();
    expect(currentThread(page)).toBe('demo');
    await context.close();
  });
});

describe('a reply', () => {
  it('answers in prose rendered as Markdown, with what the model receives in a collapsed inspector', async () => {
    const page = await openThread(session(), 'product-prose');
    await sendWithTerminal(page, 'Look at ', ' please');
    const reply = page.locator('#transcript .reply').first();
    await expect.poll(() => replyState(page, 0), { timeout: 15_000 }).toBe('complete');
    const body = reply.locator('.reply-body');
    expect(await body.locator('h3').allTextContents()).toEqual([
      'What I received',
      'Where I would start',
      'Next steps',
    ]);
    expect(await body.locator('ul > li').first().textContent()).toContain('Terminal excerpt Terminal 1 lines 12-15');
    expect(await body.locator('pre > code').first().textContent()).toBe('$ npm test');
    expect(await body.locator('ol > li').count()).toBeGreaterThan(1);
    expect(await body.textContent()).not.toContain('t3_context');
    expect(await body.textContent()).not.toContain('**');

    const inspector = reply.locator('details.inspector').first();
    expect(await inspector.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    expect(await inspector.locator('.projection').isVisible()).toBe(false);
    await inspector.locator('summary').click();
    expect(await inspector.locator('.projection').isVisible()).toBe(true);
    expect(await inspector.locator('.projection').textContent()).toContain('<t3_context version="1">');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('an edit makes a new version with its own reply, and the picker switches between them', async () => {
    const page = await openThread(session(), 'product-edit');
    await editor(page).click();
    await page.keyboard.type('Round half up');
    await page.keyboard.press('Enter');
    await expect.poll(() => replyState(page, 0), { timeout: 15_000 }).toBe('complete');
    const message = userMessages(page).first();
    await message.hover();
    await message.locator('[part~="edit-button"]').click();
    const inline = message.locator('t3-composer[part~="editor"] .cm-content');
    await inline.waitFor();
    await page.keyboard.press('End');
    await page.keyboard.type(' to even');
    await page.keyboard.press('Enter');
    const picker = page.locator('#transcript .versions');
    await expect.poll(() => picker.locator('.version-count').textContent(), { timeout: 15_000 }).toBe('2 / 2');
    await expect.poll(() => replyState(page, 0), { timeout: 15_000 }).toBe('complete');
    expect(await page.locator('#transcript .reply-body blockquote').textContent()).toContain('Round half up to even');

    await picker.getByRole('button', { name: /previous/i }).click();
    await expect.poll(() => picker.locator('.version-count').textContent()).toBe('1 / 2');
    await expect.poll(() => page.locator('#transcript .reply-body blockquote').textContent()).not.toContain('to even');
    await page.close();
  });
});

describe('stashed drafts', () => {
  it('show at least 40 characters of each preview, wrapping, so drafts that start alike read apart', async () => {
    const page = await openThread(session(), 'product-stash');
    const start = 'Please refactor the checkout module so that the';
    for (const end of [' totals round half to even', ' discounts apply before tax']) {
      await editor(page).click();
      await page.keyboard.type(start + end);
      await openTools(page);
      await page.getByRole('button', { name: 'Stash draft' }).click();
      await page.keyboard.press('Escape');
    }
    await openTools(page);
    const previews = page.locator('#stashes .stash-preview');
    await expect.poll(() => previews.count()).toBe(2);
    for (const preview of await previews.all()) {
      const shown = await preview.evaluate((element) => ({
        text: element.textContent ?? '',
        clipped: element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
      }));
      expect(shown.clipped).toBe(false);
      expect(shown.text.length).toBeGreaterThanOrEqual(40);
    }
    expect(await previews.allTextContents()).toEqual([
      start + ' discounts apply before tax',
      start + ' totals round half to even',
    ]);
    await page.close();
  });
});
