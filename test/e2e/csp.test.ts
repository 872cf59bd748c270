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

/** Types a long prefix and a mention query; the menu must open at the `@`, not at the editor's start. */
async function openMenuAtCaret(page: Page, query: string): Promise<void> {
  await page.locator('t3-composer .cm-content').click();
  await page.keyboard.type('Please have a careful look at the project file ', { delay: 5 });
  await page.keyboard.type(query, { delay: 10 });
  await page.locator('t3-composer [role="option"]').first().waitFor();
  const { at, menu } = await page.locator('t3-composer').evaluate((composer, typed) => {
    const root = composer.shadowRoot!;
    const content = root.querySelector('.cm-content')!;
    const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const offset = node.textContent!.lastIndexOf(typed);
      if (offset < 0) continue;
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      return {
        at: range.getBoundingClientRect().left,
        menu: root.querySelector('[part~="menu"]')!.getBoundingClientRect().left,
      };
    }
    throw new Error(`typed query ${typed} not found`);
  }, query);
  expect(at).toBeGreaterThan(200);
  expect(Math.abs(menu - at)).toBeLessThan(40);
}

/** Hovers a chip of the transcript and checks its details sit right under (or over) it. */
async function expectDetailsAtChip(page: Page, kind: string): Promise<void> {
  const chip = page.locator(`#transcript t3-user-message t3-context-chip[kind="${kind}"]`).last();
  await chip.scrollIntoViewIfNeeded();
  await chip.hover();
  const placement = await chip.evaluate(async (element) => {
    const details = element.shadowRoot!.querySelector<HTMLElement>('[part~="details"]');
    for (let i = 0; i < 50 && !details?.matches(':popover-open'); i++) await new Promise((r) => setTimeout(r, 20));
    const open = element.shadowRoot!.querySelector<HTMLElement>('[part~="details"]')!;
    const chipBox = element.shadowRoot!.querySelector('[part~="base"]')!.getBoundingClientRect();
    const box = open.getBoundingClientRect();
    return { open: open.matches(':popover-open'), chip: chipBox.toJSON(), details: box.toJSON(), width: innerWidth };
  });
  expect(placement.open).toBe(true);
  const below = Math.abs(placement.details.top - (placement.chip.bottom + 6));
  const above = Math.abs(placement.details.bottom - (placement.chip.top - 6));
  expect(Math.min(below, above)).toBeLessThanOrEqual(2);
  const expectedLeft = Math.max(8, Math.min(placement.chip.left, placement.width - placement.details.width - 8));
  expect(Math.abs(placement.details.left - expectedLeft)).toBeLessThanOrEqual(2);
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
