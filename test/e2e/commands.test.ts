import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../../server/host.js';
import { useDemoSession } from './support/demo-session.js';

/** A command with argument slots through the demo: picked, filled with real keys, sent, shown as a chip. */

const session = useDemoSession('commands-e2e');
let host: RunningHost;
let context: BrowserContext;

beforeAll(() => {
  ({ host, context } = session());
});

function composer(page: Page): Locator {
  return page.locator('t3-composer');
}

async function draftText(page: Page): Promise<string> {
  return composer(page).evaluate((element) => (element as HTMLElement & { value: { text: string } }).value.text);
}

describe('commands with arguments in the demo', () => {
  let page: Page;

  beforeAll(async () => {
    page = await context.newPage();
    await page.goto(`${host.url}/index.html?thread=commands-e2e`);
    await page.waitForFunction(() => customElements.get('t3-composer') !== undefined);
  });

  it('a required argument blocks the send until it is filled; the sent message shows the command chip', async () => {
    await composer(page).locator('.cm-content').click();
    await page.keyboard.type('/rev', { delay: 10 });
    await composer(page).locator('[role="option"]', { hasText: '/review' }).waitFor();
    await page.keyboard.press('Enter');
    const slots = composer(page).locator('.cm-content [part~="argument"]');
    await expect
      .poll(() => slots.evaluateAll((all) => all.map((slot) => slot.getAttribute('data-argument'))))
      .toEqual(['target', 'focus']);
    await page.keyboard.press('Enter');
    await expect.poll(() => composer(page).locator('[part~="notice"]').textContent()).toContain('target');
    expect(await page.locator('#transcript t3-user-message').count()).toBe(0);

    await page.keyboard.type('src/app.ts', { delay: 10 });
    await page.keyboard.press('Tab');
    await composer(page).locator('[role="option"]', { hasText: 'security' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => draftText(page)).toBe('/review src/app.ts security ');
    await page.keyboard.press('Enter');

    const message = page.locator('#transcript t3-user-message').last();
    const chip = message.locator('[part~="command"]');
    await chip.waitFor();
    expect(await chip.locator('.command-face').textContent()).toBe('/review');
    // Hovered once the reply has ended: until then the transcript may scroll the chip from under the pointer.
    await expect
      .poll(() => page.locator('#transcript .reply').last().getAttribute('data-state'), { timeout: 30_000 })
      .toBe('complete');
    await chip.hover();
    const details = chip.locator('[part~="command-details"]');
    await details.waitFor({ state: 'visible' });
    expect(await details.textContent()).toContain('src/app.ts');
    expect(await details.textContent()).toContain('security');
    expect(await draftText(page)).toBe('');
  });

  it('keeps the command chip and its arguments after a reload', async () => {
    await page.reload();
    const chip = page.locator('#transcript t3-user-message').last().locator('[part~="command"]');
    await chip.waitFor();
    const values = await chip
      .locator('.command-argument')
      .evaluateAll((lines) => lines.map((line) => [...line.children].map((part) => part.textContent)));
    expect(values).toEqual([
      ['target', 'src/app.ts'],
      ['focus', 'security'],
    ]);
  });
});
