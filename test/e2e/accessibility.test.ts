import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../../server/host.js';
import { axeViolations } from './support/axe.js';
import { useDemoSession } from './support/demo-session.js';

/**
 * axe-core over every demo page in the states a person meets: empty, the / menu, the @ menu, a
 * draft with chips, a chip's details, in light and dark and at phone width. Any violation, of
 * any impact, fails.
 */

const session = useDemoSession('accessibility-e2e');
let host: RunningHost;
let browser: Browser;

beforeAll(() => {
  ({ host, browser } = session());
});

// The main page opens its seeded thread, so sent messages with chips are checked too.
const PAGES = ['/index.html', '/react.html', '/vue.html', '/script-tag.html'];
const LOOKS = [
  { name: 'light', colorScheme: 'light', width: 1100 },
  { name: 'dark', colorScheme: 'dark', width: 1100 },
  { name: 'phone', colorScheme: 'light', width: 390 },
] as const;

async function violationsByState(path: string, look: (typeof LOOKS)[number]): Promise<Record<string, string[]>> {
  // A context of its own: no draft stored by an earlier test comes back into this one.
  const context = await browser.newContext({
    permissions: ['clipboard-read', 'clipboard-write'],
    viewport: { width: look.width, height: 800 },
    colorScheme: look.colorScheme,
  });
  const page = await context.newPage();
  await page.goto(`${host.url}${path}`);
  const editor = page.locator('t3-composer .cm-content');
  await editor.waitFor();
  const found: Record<string, string[]> = {};
  found.empty = await axeViolations(page);

  await editor.click();
  await page.keyboard.type('/');
  await page.locator('t3-composer [role="option"]').first().waitFor();
  found['/ menu'] = await axeViolations(page);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Backspace');

  await page.keyboard.type('Look at @');
  await page.locator('t3-composer [role="option"]').first().waitFor();
  found['@ menu'] = await axeViolations(page);
  await page.keyboard.press('Enter');
  const chip = page.locator('t3-composer .cm-content t3-context-chip').first();
  await chip.waitFor();
  found['draft with a chip'] = await axeViolations(page);

  // A long paste becomes a text-file chip, whose details show its first lines.
  const log = Array.from({ length: 60 }, (_, index) => `line ${index + 1}`).join('\n');
  await page.evaluate((text) => navigator.clipboard.writeText(text), log);
  await page.keyboard.press('Control+V');
  const fileChip = page.locator('t3-composer .cm-content t3-context-chip[kind="file"]');
  await fileChip.waitFor();
  // As a person would: off the chip the pointer rests on (its tooltip may cover the line below), onto this one.
  await page.mouse.move(0, 0);
  await page.locator('t3-composer t3-context-chip [part~="details"]').first().waitFor({ state: 'hidden' });
  await fileChip.hover();
  await page.locator('t3-composer t3-context-chip[kind="file"] [part~="details"]').waitFor();
  found['chip details'] = await axeViolations(page);
  await context.close();
  return found;
}

describe('accessibility of the demo pages', () => {
  for (const path of PAGES) {
    for (const look of LOOKS) {
      it(`${path} (${look.name}) has no axe violation in any state`, { timeout: 120_000 }, async () => {
        const found = await violationsByState(path, look);
        expect(Object.fromEntries(Object.entries(found).filter(([, list]) => list.length > 0))).toEqual({});
      });
    }
  }
});

describe('the demo pages at 320 px wide', () => {
  for (const path of PAGES) {
    it(`${path} scrolls no wider than the screen, also with the @ menu open`, async () => {
      const context = await browser.newContext({ viewport: { width: 320, height: 640 }, hasTouch: true });
      const page = await context.newPage();
      await page.goto(`${host.url}${path}`);
      const editor = page.locator('t3-composer .cm-content');
      await editor.waitFor();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await editor.click();
      await page.keyboard.type('A rather long line of text that wraps twice on a narrow phone screen @');
      const menu = page.locator('t3-composer [role="listbox"]');
      await menu.waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      await context.close();
    });
  }
});
