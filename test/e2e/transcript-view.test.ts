import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../../server/host.js';
import { useDemoSession } from './support/demo-session.js';

/** The demo's transcript as a person meets it: opened at the newest message, the composer one keypress away. */

const session = useDemoSession('transcript-view-e2e');
let host: RunningHost;
let browser: Browser;

beforeAll(() => {
  ({ host, browser } = session());
});

async function openSeededThread(height: number) {
  const context = await browser.newContext({ viewport: { width: 1100, height } });
  const page = await context.newPage();
  await page.goto(`${host.url}/index.html`);
  await page.locator('#transcript t3-user-message').last().waitFor();
  return { context, page };
}

describe('the demo transcript', () => {
  it('opens scrolled to the newest message once every message and chip has rendered', async () => {
    const { context, page } = await openSeededThread(520);
    const transcript = page.locator('#transcript');
    const scroll = () =>
      transcript.evaluate((list) => ({
        overflows: list.scrollHeight > list.clientHeight + 100,
        fromEnd: list.scrollHeight - list.scrollTop - list.clientHeight,
      }));
    // The seeded thread is taller than the list at this height: the test would prove nothing otherwise.
    await expect.poll(async () => (await scroll()).overflows).toBe(true);
    await expect.poll(async () => (await scroll()).fromEnd).toBeLessThan(2);
    const list = (await transcript.boundingBox())!;
    const newest = (await page.locator('#transcript > li').last().boundingBox())!;
    expect(newest.y + newest.height).toBeLessThanOrEqual(list.y + list.height + 1);
    expect(newest.y + newest.height).toBeGreaterThan(list.y);
    await context.close();
  });

  it('the first Tab reaches a skip link that puts the caret in the composer', async () => {
    const { context, page } = await openSeededThread(800);
    await page.keyboard.press('Tab');
    const skip = page.locator('.skip-link');
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.shadowRoot?.activeElement?.classList.contains('cm-content') ?? false,
        ),
      )
      .toBe(true);
    await page.keyboard.type('typed right away');
    await expect
      .poll(() =>
        page
          .locator('t3-composer')
          .evaluate((composer) => (composer as unknown as { value: { text: string } }).value.text),
      )
      .toBe('typed right away');
    await context.close();
  });

  it('Tab crosses the seeded transcript one message at a time, however many chips each holds', async () => {
    const { context, page } = await openSeededThread(800);
    const messages = page.locator('#transcript t3-user-message');
    const chipCount = await messages.evaluateAll((all) =>
      all.reduce((sum, message) => sum + message.shadowRoot!.querySelectorAll('t3-context-chip').length, 0),
    );
    const messageCount = await messages.count();
    expect(chipCount).toBeGreaterThan(messageCount);
    const visits: number[] = [];
    for (let presses = 0; presses < 80; presses++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (active?.tagName === 'T3-COMPOSER') return 'composer';
        return [...document.querySelectorAll('#transcript t3-user-message')].indexOf(active!);
      });
      if (where === 'composer') break;
      if (where >= 0) visits.push(where);
    }
    expect(visits).toEqual([...Array(messageCount).keys()]);
    await context.close();
  });
});
