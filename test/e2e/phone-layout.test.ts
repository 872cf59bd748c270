import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { editor } from './support/demo-page.js';
import { useDemoSession } from './support/demo-session.js';

/**
 * The demo on phones (SPEC §9.1, §17): threads and tools are drawers behind header buttons, the
 * transcript is the only thing that scrolls, the composer is last on screen, nothing scrolls
 * sideways and every control is at least 44 × 44 px. Taps are real touches, keys real key presses.
 */

const session = useDemoSession('phone-e2e');

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function openOnPhone(width: number, height: number, thread = 'demo'): Promise<Page> {
  const context = await session().browser.newContext({
    viewport: { width, height },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${session().host.url}/index.html?thread=${thread}`);
  await editor(page).waitFor();
  await page.locator('#transcript t3-user-message').first().waitFor();
  return page;
}

/** What scrolls on the page: the document either way, and every element that can. */
const scrolling = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    const scrollers = [...document.querySelectorAll<HTMLElement>('body *')].filter((element) => {
      const style = getComputedStyle(element);
      return (
        /(auto|scroll)/.test(style.overflowY) &&
        element.scrollHeight > element.clientHeight + 1 &&
        element.getClientRects().length > 0 &&
        !element.closest('details:not([open])')
      );
    });
    return {
      sideways: root.scrollWidth > innerWidth,
      page: root.scrollHeight > innerHeight,
      scrollers: scrollers
        .filter((element) => !element.closest('.reply'))
        .map((element) => element.id || element.className),
    };
  });

/** Visible controls under `selector` smaller than 44 × 44 px, by name. */
const smallTargets = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(
        ({ element, box }) =>
          `${element.textContent?.trim() || element.getAttribute('aria-label')}: ${box.width}×${box.height}`,
      ),
  );

const CONTROLS = 'button, a[href], select, [role="button"]';

/** Waits until a drawer has slid in: its controls are measured where they rest. */
const slidIn = (page: Page, selector: string) =>
  page.locator(selector).evaluate((drawer) => Promise.all(drawer.getAnimations().map((a) => a.finished)));

for (const [width, height] of [
  [390, 844],
  [320, 640],
] as const) {
  describe(`a ${width} × ${height} phone`, () => {
    it('scrolls the transcript only, never sideways, with the composer last on screen', async () => {
      const page = await openOnPhone(width, height);
      expect(await scrolling(page)).toEqual({ sideways: false, page: false, scrollers: ['transcript'] });
      const composerBox = (await page.locator('#composer').boundingBox())!;
      expect(composerBox.y + composerBox.height).toBeLessThanOrEqual(height);
      expect(composerBox.y).toBeGreaterThan(height / 2);
      expect(composerBox.x).toBeGreaterThanOrEqual(0);
      expect(composerBox.x + composerBox.width).toBeLessThanOrEqual(width);
      // The threads and the tools are not on the page until asked for.
      expect(await page.locator('#threads').isVisible()).toBe(false);
      expect(await page.locator('#tools').isVisible()).toBe(false);
      expect(await smallTargets(page, `.app-header :is(${CONTROLS}), .composer-row :is(${CONTROLS})`)).toEqual([]);
    });

    it('a shorter view (an on-screen keyboard) keeps the composer in it; the transcript gives way', async () => {
      const page = await openOnPhone(width, height);
      await editor(page).tap();
      await page.setViewportSize({ width, height: Math.round(height * 0.55) });
      await expect
        .poll(async () => {
          const box = (await page.locator('#composer').boundingBox())!;
          return box.y + box.height <= Math.round(height * 0.55);
        })
        .toBe(true);
      expect((await scrolling(page)).page).toBe(false);
    });

    it('opens the threads drawer with a tap, closes it with Escape, and focus goes back', async () => {
      const page = await openOnPhone(width, height);
      const toggle = page.getByRole('button', { name: 'Threads' });
      await toggle.tap();
      await expect.poll(() => page.locator('#threads').isVisible()).toBe(true);
      await slidIn(page, '#threads');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.closest('#threads') !== null)).toBe(true);
      expect(await page.locator('main.conversation').evaluate((main) => (main as HTMLElement).inert)).toBe(true);
      expect(await smallTargets(page, `#threads :is(${CONTROLS})`)).toEqual([]);
      expect((await scrolling(page)).sideways).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('#threads').isVisible()).toBe(false);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('threads-toggle');
      expect(await page.locator('main.conversation').evaluate((main) => (main as HTMLElement).inert)).toBe(false);
    });

    it('opens by keyboard, and a tap outside closes it', async () => {
      const page = await openOnPhone(width, height);
      await page.locator('#threads-toggle').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('#threads').isVisible()).toBe(true);
      await page.touchscreen.tap(width - 10, height / 2);
      await expect.poll(() => page.locator('#threads').isVisible()).toBe(false);
    });

    it('New chat in the drawer opens a new thread and leaves the drawer', async () => {
      const page = await openOnPhone(width, height);
      await page.getByRole('button', { name: 'Threads' }).tap();
      await page.getByRole('button', { name: 'New chat' }).tap();
      await expect.poll(() => page.locator('#threads').isVisible()).toBe(false);
      expect(new URL(page.url()).searchParams.get('thread')).toMatch(/^chat-/);
      expect(await page.locator('#thread-title').textContent()).toBe('New chat');
    });

    it('a tap on a chip in a sent message selects none of its label', async () => {
      const page = await openOnPhone(width, height);
      const chip = page.locator('#transcript t3-user-message').last().locator('t3-context-chip').first();
      await chip.scrollIntoViewIfNeeded();
      await chip.tap();
      expect(await page.evaluate(() => document.getSelection()?.toString() ?? '')).toBe('');
    });

    it('the tools drawer inserts at the caret and closes', async () => {
      const page = await openOnPhone(width, height);
      await editor(page).tap();
      await page.getByRole('button', { name: 'Tools' }).tap();
      await expect.poll(() => page.locator('#tools').isVisible()).toBe(true);
      await slidIn(page, '#tools');
      expect(await smallTargets(page, `#tools :is(${CONTROLS})`)).toEqual([]);
      await page.getByRole('button', { name: 'Terminal excerpt' }).tap();
      await expect.poll(() => page.locator('#tools').isVisible()).toBe(false);
      await expect.poll(() => page.locator('#composer .cm-content t3-context-chip[kind="terminal"]').count()).toBe(1);
      expect((await scrolling(page)).sideways).toBe(false);
    });
  });
}
