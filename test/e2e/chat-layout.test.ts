import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../../server/host.js';
import { axeViolations } from './support/axe.js';
import { editor, openTools } from './support/demo-page.js';
import { useDemoSession } from './support/demo-session.js';

/**
 * The main page laid out as a chat app (SPEC §9.1): the threads beside one centred reading column
 * in which the transcript's messages and the composer line up, the composer a card with its tools
 * (and the Follow-ups setting) beneath the editor, and the tools panel a drawer that opens on
 * demand, on a desktop as on a phone. Its replies' "What the model receives" toggles are 44 px
 * targets for a finger.
 */

const session = useDemoSession('chat-layout-e2e');
let host: RunningHost;
let browser: Browser;

beforeAll(() => {
  ({ host, browser } = session());
});

async function open(viewport: { width: number; height: number }, options: { hasTouch?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  await page.goto(`${host.url}/index.html?thread=demo`);
  await editor(page).waitFor();
  await page.locator('#transcript .reply').first().waitFor();
  return page;
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

describe('a desktop window', () => {
  it('shows one centred reading column: the messages and the composer line up, the tools stay closed', async () => {
    const page = await open({ width: 1440, height: 900 });
    const main = await box(page, 'main.conversation');
    const composer = await box(page, '#composer');
    // Centred in the conversation, at a reading width.
    expect(Math.abs(composer.x - main.x - (main.x + main.width - composer.x - composer.width))).toBeLessThanOrEqual(2);
    expect(composer.width).toBeLessThanOrEqual(760);
    expect(composer.width).toBeGreaterThan(600);
    // Replies take the column's width, user messages end at its end.
    const reply = await box(page, '#transcript li.entry.assistant');
    expect(Math.abs(reply.x - composer.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(reply.width - composer.width)).toBeLessThanOrEqual(1);
    const user = await box(page, '#transcript li.entry.user');
    expect(Math.abs(user.x + user.width - (composer.x + composer.width))).toBeLessThanOrEqual(1);
    // The transcript scrolls across the whole conversation, so its scroll bar is at the window's edge.
    const transcript = await box(page, '#transcript');
    expect(transcript.width).toBe(main.width);
    // The tools are a drawer, closed: nothing takes a column beside the conversation.
    expect(await page.locator('#tools').isVisible()).toBe(false);
    expect(main.x + main.width).toBe(1440);
    await page.context().close();
  });

  it('lays the composer out as a card, its tools and the Follow-ups setting on a row beneath the editor', async () => {
    const page = await open({ width: 1280, height: 860 });
    const field = await box(page, '#composer .cm-editor');
    const tools = await box(page, '#composer [part~="tools"]');
    expect(tools.y).toBeGreaterThanOrEqual(field.y + field.height - 1);
    for (const control of ['#attach', '#follow-ups', '#composer [part~="send-button"]']) {
      const { y, height } = await box(page, control);
      expect(y).toBeGreaterThanOrEqual(tools.y - 1);
      expect(y + height).toBeLessThanOrEqual(tools.y + tools.height + 1);
    }
    await page.context().close();
  });

  it('opens the tools as a drawer over the page with the Tools button; it inserts, and Escape closes it', async () => {
    const page = await open({ width: 1280, height: 860 });
    const composerBefore = await box(page, '#composer');
    const toggle = page.locator('#tools-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await expect.poll(() => page.locator('#tools').isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.closest('#tools') !== null)).toBe(true);
    expect(await page.locator('main.conversation').evaluate((main) => (main as HTMLElement).inert)).toBe(true);
    // Over the page: the conversation keeps its place.
    expect(await box(page, '#composer')).toEqual(composerBefore);
    // Once it has slid in, it is against the window's end.
    await page.locator('#tools').evaluate((tools) => Promise.all(tools.getAnimations().map((a) => a.finished)));
    const drawer = await box(page, '#tools');
    expect(drawer.x + drawer.width).toBe(1280);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#tools').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tools-toggle');

    // A tool inserts at the caret, closes the drawer, and writing goes on in the composer.
    await editor(page).click();
    await page.keyboard.type('see ');
    await openTools(page);
    await page.getByRole('button', { name: 'Terminal excerpt' }).click();
    await expect.poll(() => page.locator('#tools').isVisible()).toBe(false);
    await page.keyboard.type('please');
    expect(await editor(page).locator('t3-context-chip[kind="terminal"]').count()).toBe(1);
    expect(await editor(page).textContent()).toMatch(/^see .*please$/);

    // A stashed draft is counted on the Tools button, so it is not forgotten behind the closed drawer.
    await openTools(page);
    await page.getByRole('button', { name: 'Stash draft' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: 'Tools, 1 stashed draft' }).count()).toBe(1);
    await page.context().close();
  });
});

describe('the inspector of a reply on a touch screen', () => {
  it('has "What the model receives" toggles at least 44 px tall, also on a phone', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 860 },
    ]) {
      const page = await open(viewport, { hasTouch: true });
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      const toggles = page.locator('#transcript details.inspector > summary');
      expect(await toggles.count()).toBeGreaterThan(0);
      const heights = await toggles.evaluateAll((all) => all.map((summary) => summary.getBoundingClientRect().height));
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
      // And a tap opens it.
      await toggles.last().scrollIntoViewIfNeeded();
      await toggles.last().tap();
      await expect.poll(() => page.locator('#transcript .projection').last().isVisible()).toBe(true);
      await page.context().close();
    }
  });
});
