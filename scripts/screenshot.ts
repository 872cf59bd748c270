// Takes docs/demo.png (desktop: the threads beside the reading column with a sent message, its
// reply in prose, and a draft with chips in the composer) and docs/demo-phone.png (the same thread
// on a 390 × 844 phone, from the sent message down to the composer).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startHost } from '../server/host.js';
import { launchChromium } from '../support/chromium.js';

const dataDir = mkdtempSync(join(tmpdir(), 't3-screenshot-'));
const host = await startHost({ port: 0, dataDir });
const browser = await launchChromium();

async function open(page: Page): Promise<void> {
  await page.goto(`${host.url}/index.html?thread=tour`);
  await page.waitForFunction(() => customElements.get('t3-composer') !== undefined);
  await page.locator('#transcript > li').first().waitFor();
}

const pick = async (page: Page, query: string, label: string) => {
  await page.keyboard.type(query, { delay: 15 });
  await page.locator('t3-composer [role="option"]', { hasText: label }).first().click();
};

/** Inserts context at the caret from the tools drawer (it closes as it inserts). */
const insertTool = async (page: Page, name: string) => {
  await page.locator('#tools-toggle').click();
  await page.locator('#tools').getByRole('button', { name, exact: true }).click();
  await page.locator('#tools').waitFor({ state: 'hidden' });
};

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, deviceScaleFactor: 1 });
  await open(page);
  const editor = page.locator('t3-composer .cm-content');
  await editor.click();
  // Mentions first: the @ menu does not open after a tool button has inserted a chip.
  await page.keyboard.type('Why do the totals in ');
  await pick(page, '@users', 'users');
  await page.keyboard.type(' fail at ');
  await insertTool(page, 'Terminal excerpt');
  await page.keyboard.type(' after the change in ');
  await insertTool(page, 'Review comment');
  await page.keyboard.type('?');
  await editor.press('Enter');
  await page.locator('#transcript t3-user-message').first().waitFor();
  await page.locator('#transcript .reply[data-state="complete"]').waitFor();
  await editor.click();
  await page.keyboard.type('Also check ');
  await pick(page, '@READ', 'README.md');
  await page.keyboard.type('and ');
  await insertTool(page, 'Pull request comment');
  await page.locator('#transcript t3-context-chip[kind="terminal"]').first().hover();
  await page.waitForTimeout(700);
  await page.screenshot({ path: 'docs/demo.png' });

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const phonePage = await phone.newPage();
  await open(phonePage);
  await phonePage.locator('#transcript .reply[data-state="complete"]').waitFor();
  await phonePage.locator('t3-composer .cm-content').tap();
  await phonePage.keyboard.type('Is it covered in ');
  await pick(phonePage, '@READ', 'README.md');
  // The sent message at the top, its reply under it, the draft in the composer at the bottom.
  await phonePage.locator('#transcript').evaluate((list) => {
    const sent = [...list.querySelectorAll('.entry.user')].at(-1)!;
    list.scrollTop += sent.getBoundingClientRect().top - list.getBoundingClientRect().top - 16;
  });
  await phonePage.waitForTimeout(300);
  await phonePage.screenshot({ path: 'docs/demo-phone.png' });
} finally {
  await browser.close();
  await host.close();
  rmSync(dataDir, { recursive: true, force: true });
}
