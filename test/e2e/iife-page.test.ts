import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../support/chromium.js';
import { serveStatic, type StaticServer } from '../../support/static-server.js';

/** A host page that knows nothing but the script-tag bundle (loaded twice, which must be harmless). */
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>IIFE</title></head>
<body>
<t3-user-message id="records"></t3-user-message>
<t3-user-message id="annotations"></t3-user-message>
<t3-user-message id="legacy"></t3-user-message>
<t3-user-message id="hostile"></t3-user-message>
<script src="/dist/t3-composer.iife.js"></script>
<script src="/dist/t3-composer.iife.js"></script>
<script>
  window.alert = () => { window.__xss = true; };
  const { formatContextReference, CONTEXT_KINDS } = window.T3Composer;
  const terminal = { version: 1, kind: 'terminal', contextId: 'term_1', label: 'Terminal 1', terminalId: 't1',
    terminalLabel: 'Terminal 1', lineStart: 1, lineEnd: 2, text: 'npm test\\nok' };
  const records = document.getElementById('records');
  records.text = 'Run ' + formatContextReference({ kind: 'terminal', contextId: 'term_1', label: 'T1' }) + ' and **see**';
  records.context = { version: 1, records: [terminal] };
  const annotations = document.getElementById('annotations');
  annotations.content = '@src/Makefile explain';
  annotations.inputAnnotations = [{ type: 'reference', start: 0, end: 13, text: '@src/Makefile',
    reference: { id: 'file:@src/Makefile', kind: 'file', value: 'src/Makefile' } }];
  const legacy = document.getElementById('legacy');
  legacy.text = 'Why @terminal-1:3\\n\\n<terminal_context>\\n- Terminal 1 line 3:\\n  3 | boom\\n</terminal_context>';
  const hostile = document.getElementById('hostile');
  hostile.text = '<img src=x onerror=alert(1)> [x](javascript:alert(1)) [<script>alert(1)<\\/script>](t3-context://v1/file/f)';
  hostile.context = { version: 1, records: [{ version: 1, kind: 'file', contextId: 'f', label: '<svg onload=alert(1)>',
    attachmentId: 'a', name: '<img src=x onerror=alert(1)>', mimeType: 'text/html', sizeBytes: 1 }] };
  window.__kinds = CONTEXT_KINDS.length;
</script>
</body></html>`;

let server: StaticServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await serveStatic('.', { '/iife.html': PAGE });
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${server.url}/iife.html`);
  await page.waitForFunction(() => customElements.get('t3-user-message') !== undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function chipsOf(id: string): Promise<{ kind: string; label: string; unresolved: boolean }[]> {
  return page.locator(`#${id} t3-context-chip`).evaluateAll((chips) =>
    chips.map((chip) => ({
      kind: chip.getAttribute('kind') ?? '',
      label: chip.shadowRoot!.querySelector('[part~="label"]')!.textContent ?? '',
      unresolved: chip.hasAttribute('unresolved'),
    })),
  );
}

describe('a page that loads only the IIFE bundle', () => {
  it('runs without page errors, even with the bundle loaded twice', () => {
    expect(pageErrors).toEqual([]);
  });

  it('exposes the API on window.T3Composer, once, with every core export', async () => {
    expect(await page.evaluate(() => (window as unknown as { __kinds: number }).__kinds)).toBe(9);
    const names = await page.evaluate(() => Object.keys((window as unknown as { T3Composer: object }).T3Composer));
    for (const name of [
      'decodeMessageContext',
      'projectContextForProvider',
      'upgradeLegacyMessage',
      'T3UserMessage',
      'T3ContextChip',
      'T3ContextScope',
      'webSpeechRecognizer',
      'isWebSpeechAvailable',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('renders record-driven messages with chips and Markdown', async () => {
    expect(await chipsOf('records')).toEqual([{ kind: 'terminal', label: 'T1', unresolved: false }]);
    expect(await page.locator('#records strong').textContent()).toBe('see');
  });

  it('renders annotation-driven messages with chips at the annotated range', async () => {
    expect(await chipsOf('annotations')).toEqual([{ kind: 'file', label: 'src/Makefile', unresolved: false }]);
    expect(await page.locator('#annotations [part~="body"]').textContent()).toContain(' explain');
  });

  it('renders legacy messages upgraded, with chips', async () => {
    const chips = await chipsOf('legacy');
    expect(chips).toEqual([{ kind: 'terminal', label: 'Terminal 1 line 3', unresolved: false }]);
    expect(await page.locator('#legacy [part~="body"]').textContent()).not.toContain('terminal_context');
  });

  it('follows the light and dark colour scheme through its --t3-* defaults', async () => {
    const background = () =>
      page
        .locator('#records t3-context-chip')
        .evaluate((chip) => getComputedStyle(chip.shadowRoot!.querySelector('[part~="base"]')!).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    const light = await background();
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await background();
    await page.emulateMedia({ colorScheme: 'light' });
    expect(light).not.toBe(dark);
  });

  it('renders hostile content as text, with nothing executed', async () => {
    // Hovered, the chip shows its details (the hostile name and label among them): they are drawn before the check.
    const chip = page.locator('#hostile t3-context-chip').first();
    await chip.hover();
    await chip.locator('[part~="details"]').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: boolean }).__xss)).toBeUndefined();
    expect(await page.locator('#hostile [part~="body"]').textContent()).toContain('<img src=x onerror=alert(1)>');
    const surface = await page.evaluate(() => {
      const found: string[] = [];
      const visit = (node: Node) => {
        if (node instanceof Element) {
          for (const attribute of Array.from(node.attributes)) {
            if (attribute.name.startsWith('on') || /^\s*javascript:/i.test(attribute.value))
              found.push(`${node.localName} ${attribute.name}`);
          }
          if (['script', 'iframe', 'object', 'embed'].includes(node.localName) && !node.closest('head, body > script'))
            found.push(node.localName);
          if (node.shadowRoot) visit(node.shadowRoot);
        }
        node.childNodes.forEach(visit);
      };
      document.querySelectorAll('t3-user-message').forEach(visit);
      return found;
    });
    expect(surface).toEqual([]);
  });
});
