import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../../server/host.js';
import { useDemoSession } from './support/demo-session.js';
import { insertTool } from './support/demo-page.js';

/**
 * Every demo page runs under the strict policy the host sends (no inline scripts or styles, images
 * from the origin and `blob:` only, Trusted Types): the elements raise no violation while a person
 * types, opens the @ menu, picks, sends and reads chip details, and what they position (the menu at
 * the caret, chip details at their chip) lands where it should, styled through the CSSOM.
 */

const session = useDemoSession('csp-e2e');
let host: RunningHost;
let context: BrowserContext;

beforeAll(async () => {
  ({ host, context } = session());
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
    );
  });
});

async function openPage(path: string): Promise<Page> {
  const page = await context.newPage();
  const response = await page.goto(`${host.url}${path}`);
  expect(response?.headers()['content-security-policy']).toContain("require-trusted-types-for 'script'");
  await page.waitForFunction(() => customElements.get('t3-composer') !== undefined);
  return page;
}

function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/**
 * Types a long prefix and a mention query; the menu must open at the `@`, not at the editor's start.
 * Its place is read once it has settled: the menu is placed again as its results arrive.
 */
async function openMenuAtCaret(page: Page, query: string): Promise<void> {
  await page.locator('t3-composer .cm-content').click();
  await page.keyboard.type('Please have a careful look at the project file ', { delay: 5 });
  await page.keyboard.type(query, { delay: 10 });
  await page.locator('t3-composer [role="option"]').first().waitFor();
  const menuAtCaret = () =>
    page.locator('t3-composer').evaluate((composer, typed) => {
      const root = composer.shadowRoot!;
      const content = root.querySelector('.cm-content')!;
      const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const offset = node.textContent!.lastIndexOf(typed);
        if (offset < 0) continue;
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        const at = range.getBoundingClientRect().left;
        const menu = root.querySelector('[part~="menu"]')!.getBoundingClientRect().left;
        return { pastPrefix: at > 200, atCaret: Math.abs(menu - at) < 40 };
      }
      throw new Error(`typed query ${typed} not found`);
    }, query);
  await expect.poll(menuAtCaret, { timeout: 10_000 }).toEqual({ pastPrefix: true, atCaret: true });
}

/** Waits until the newest reply has streamed to its end: the transcript no longer grows or scrolls. */
async function replySettled(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('#transcript .reply').last().getAttribute('data-state'), { timeout: 30_000 })
    .toBe('complete');
}

/**
 * Hovers a chip of the transcript and checks its details sit right under (or over) it. The page is
 * settled first: details opened by hover close when the page scrolls (the transcript following a
 * streaming reply, or the scroll that brings the chip into view), as the pointer is no longer on them.
 */
async function expectDetailsAtChip(page: Page, kind: string): Promise<void> {
  await replySettled(page);
  const chip = page.locator(`#transcript t3-user-message t3-context-chip[kind="${kind}"]`).last();
  await chip.scrollIntoViewIfNeeded();
  // The scroll events of that scroll are dispatched by the next frame.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await chip.hover();
  const placement = () =>
    chip.evaluate((element) => {
      const details = element.shadowRoot!.querySelector<HTMLElement>('[part~="details"]');
      if (!details?.matches(':popover-open')) return { open: false };
      const chipBox = element.shadowRoot!.querySelector('[part~="base"]')!.getBoundingClientRect();
      const box = details.getBoundingClientRect();
      const below = Math.abs(box.top - (chipBox.bottom + 6));
      const above = Math.abs(box.bottom - (chipBox.top - 6));
      const expectedLeft = Math.max(8, Math.min(chipBox.left, innerWidth - box.width - 8));
      return { open: true, atChip: Math.min(below, above) <= 2, aligned: Math.abs(box.left - expectedLeft) <= 2 };
    });
  // Opened after the hover delay (its content loaded on the first look), then placed at the chip.
  await expect.poll(placement, { timeout: 10_000 }).toEqual({ open: true, atChip: true, aligned: true });
}

describe('the demo pages under a strict Content Security Policy', () => {
  it('main page: menu at the caret, chip details at their chip, no violation', async () => {
    const page = await openPage('/index.html?thread=csp');
    await openMenuAtCaret(page, '@README');
    await page.keyboard.press('Enter');
    await insertTool(page, 'Terminal excerpt');
    await page.locator('t3-composer .cm-content').press('Enter');
    await page.locator('#transcript t3-user-message t3-context-chip[kind="terminal"]').last().waitFor();
    await expectDetailsAtChip(page, 'terminal');
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it('script-tag page: the bundle and the page script run with no inline script, no violation', async () => {
    const page = await openPage('/script-tag.html');
    await openMenuAtCaret(page, '@refac');
    await page.keyboard.press('Enter');
    await page.locator('t3-composer .cm-content').press('Enter');
    await page.locator('#transcript t3-user-message t3-context-chip[kind="skill"]').last().waitFor();
    await expectDetailsAtChip(page, 'skill');
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  for (const path of ['/react.html', '/vue.html']) {
    it(`${path}: menu at the caret, pick and send, no violation`, async () => {
      const page = await openPage(path);
      await openMenuAtCaret(page, '@README');
      await page.keyboard.press('Enter');
      await page.locator('t3-composer .cm-content').press('Enter');
      await page.locator('t3-user-message t3-context-chip[kind="mention"]').last().waitFor();
      expect(await violations(page)).toEqual([]);
      await page.close();
    });
  }
});
