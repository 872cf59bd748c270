import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { link, terminal } from '../../support/records.js';
import { buildClient, messagesScript } from './support/client-build.js';
import { useServedPages } from './support/served-pages.js';
import { renderThread } from './support/server-render.js';

/**
 * Server-rendered messages under a strict policy (no inline style, no inline script): with the
 * page's nonce on the server's style elements they are styled from the first paint; without it
 * the browser refuses those styles, yet the messages read in the page's own styles, and once they
 * hydrate they adopt their stylesheets (through the CSSOM, which the policy allows).
 */

const NONCE = 'c3NyLW5vbmNl';
const THREAD = [{ text: `Run ${link(terminal)} with **care**`, context: { version: 1 as const, records: [terminal] } }];

function pageHtml(nonce?: string): string {
  const policy = `default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${NONCE}'`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}"><title>Thread</title></head>
<body><main id="thread">${renderThread(THREAD, { nonce })}</main>${messagesScript(THREAD)}</body></html>`;
}

const served = useServedPages(buildClient, () => ({
  '/with-nonce.html': pageHtml(NONCE),
  '/without-nonce.html': pageHtml(),
}));

function refusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) refused.push(message.text());
  });
  return refused;
}

/** The message's rounded bubble, which only its own stylesheet draws. */
const radius = (message: Locator) =>
  message.locator('.message').evaluate((base) => getComputedStyle(base).borderTopLeftRadius);

async function hydrate(page: Page): Promise<void> {
  await page.addScriptTag({ type: 'module', url: '/start.js' });
  await page.waitForFunction(() => 'hydrated' in window);
  await page.evaluate(async () => {
    await (window as unknown as { hydrated: Promise<void> }).hydrated;
    await Promise.all([...document.querySelectorAll('t3-user-message')].map((message) => message.updateComplete));
  });
}

describe('server-rendered messages under a strict Content Security Policy', () => {
  it('with the page’s nonce, are styled before any script and refuse nothing', async () => {
    const page = await served().browser.newPage();
    const refused = refusals(page);
    try {
      await page.goto(`${served().server.url}/with-nonce.html`);
      const message = page.locator('t3-user-message');
      await expect(radius(message)).resolves.toBe('12px');
      await hydrate(page);
      await expect(radius(message)).resolves.toBe('12px');
      expect(refused).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('without it, read in the page’s styles, then adopt their own when they hydrate', async () => {
    const page = await served().browser.newPage();
    const refused = refusals(page);
    try {
      await page.goto(`${served().server.url}/without-nonce.html`);
      const message = page.locator('t3-user-message');
      await expect(radius(message)).resolves.toBe('0px');
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((text) => /inline style/.test(text))).toBe(true);
      await expect(message.locator('[part~="body"]').innerText()).resolves.toContain('with care');
      await expect(message.locator('t3-context-chip [part~="label"]').textContent()).resolves.toBe(terminal.label);
      await hydrate(page);
      await expect(radius(message)).resolves.toBe('12px');
      const chipBase = message.locator('t3-context-chip [part~="base"]');
      await expect(chipBase.evaluate((base) => getComputedStyle(base).display)).resolves.toBe('inline-flex');
    } finally {
      await page.close();
    }
  });
});
