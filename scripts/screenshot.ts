// Takes docs/demo.png: the demo with a sent message, its streamed reply and inspector, and a draft with chips.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHost } from '../server/host.js';
import { launchChromium } from '../support/chromium.js';

const dataDir = mkdtempSync(join(tmpdir(), 't3-screenshot-'));
const host = await startHost({ port: 0, dataDir });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 860 }, deviceScaleFactor: 1 });
  await page.goto(`${host.url}/index.html?thread=tour`);
  await page.waitForFunction(() => customElements.get('t3-composer') !== undefined);
  const editor = page.locator('t3-composer .cm-content');
  const pick = async (query: string, label: string) => {
    await page.keyboard.type(query, { delay: 15 });
    await page.locator('t3-composer [role="option"]', { hasText: label }).first().click();
  };
  await editor.click();
  await page.keyboard.type('Why does ');
  await page.getByRole('button', { name: 'Terminal excerpt' }).click();
  await page.keyboard.type('fail after the change in ');
  await page.getByRole('button', { name: 'Review comment' }).click();
  await page.keyboard.type('? Compare with ');
  await pick('@users', 'users');
  await editor.press('Enter');
  await page.locator('#transcript t3-user-message').first().waitFor();
  await page.locator('#transcript .reply[data-state="complete"]').waitFor();
  await editor.click();
  await page.keyboard.type('Also check ');
  await pick('@READ', 'README.md');
  await page.keyboard.type('and ');
  await page.getByRole('button', { name: 'Pull request comment' }).click();
  await page.locator('#transcript t3-context-chip[kind="terminal"]').first().hover();
  await page.waitForTimeout(400);
  await page.screenshot({ path: 'docs/demo.png' });
} finally {
  await browser.close();
  await host.close();
  rmSync(dataDir, { recursive: true, force: true });
}
