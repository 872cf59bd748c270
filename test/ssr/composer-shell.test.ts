import { copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bundle } from './support/client-build.js';
import { problemsOf, useServedPages } from './support/served-pages.js';
import { renderComposer } from './support/server-render.js';

/**
 * The composer rendered on a server is an inert shell of the live composer's height (frame,
 * placeholder, buttons); in the browser the live composer takes its place with no shift and no
 * warning, and takes text at once. On a page without server rendering that loads the composer
 * lazily, the shipped `before-define.css` keeps its box until it is defined.
 */

const PLACEHOLDER = 'Ask anything, @ to mention a file, / for commands';

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Composer</title></head>
<body style="margin: 0"><main style="max-width: 720px; margin: 0 auto; padding: 16px">${renderComposer(PLACEHOLDER)}</main>
</body></html>`;

const lazyPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/before-define.css">
<title>Lazy composer</title></head>
<body style="margin: 0"><main style="max-width: 720px; margin: 0 auto; padding: 16px">
<t3-composer label="Message" placeholder="${PLACEHOLDER}"></t3-composer></main></body></html>`;

const DEVICES: Record<string, BrowserContextOptions> = {
  desktop: { viewport: { width: 1024, height: 768 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
};

/** The elements as a host bundles them, and the shipped stylesheet for elements not yet defined. */
async function prepare(folder: string): Promise<void> {
  await bundle(resolve(import.meta.dirname, '../../src/define.ts'), 'define.js', folder);
  copyFileSync(resolve(import.meta.dirname, '../../styles/before-define.css'), join(folder, 'before-define.css'));
}

const served = useServedPages(prepare, () => ({ '/composer.html': page, '/lazy.html': lazyPage }));

describe.each(Object.entries(DEVICES))('the server-rendered composer on a %s', (_name, device) => {
  it('shows its placeholder and buttons, inert, at the live composer’s height, which replaces it', async () => {
    const context = await served().browser.newContext(device);
    const tab = await context.newPage();
    const problems = problemsOf(tab);
    try {
      await tab.goto(`${served().server.url}/composer.html`);
      const composer = tab.locator('t3-composer');
      await expect(composer.locator('.cm-placeholder').textContent()).resolves.toBe(PLACEHOLDER);
      await expect(composer.locator('[part~="send-button"]').isDisabled()).resolves.toBe(true);
      const shell = (await composer.boundingBox())!;
      await tab.addScriptTag({ type: 'module', url: '/define.js' });
      await composer.locator('.cm-content[contenteditable="true"]').waitFor();
      const live = (await composer.boundingBox())!;
      expect({ height: live.height, width: live.width }).toEqual({ height: shell.height, width: shell.width });
      await expect(composer.locator('.shell').count()).resolves.toBe(0);
      await composer.locator('.cm-content').click();
      await tab.keyboard.type('alive');
      await expect(
        composer.evaluate((element) => (element as unknown as { value: { text: string } }).value.text),
      ).resolves.toBe('alive');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe.each(Object.entries(DEVICES))('a composer loaded lazily on a %s', (_name, device) => {
  it('keeps its box from before it is defined (before-define.css) to when it is alive', async () => {
    const context = await served().browser.newContext(device);
    const tab = await context.newPage();
    try {
      await tab.goto(`${served().server.url}/lazy.html`);
      const composer = tab.locator('t3-composer');
      const before = (await composer.boundingBox())!;
      expect(before.height).toBeGreaterThan(40);
      await tab.addScriptTag({ type: 'module', url: '/define.js' });
      await composer.locator('.cm-content[contenteditable="true"]').waitFor();
      const live = (await composer.boundingBox())!;
      expect({ height: live.height, width: live.width }).toEqual({ height: before.height, width: before.width });
    } finally {
      await context.close();
    }
  });
});
