import { describe, expect, it } from 'vitest';
import { link, skill, terminal } from '../../support/records.js';
import { buildClient, messagesScript } from './support/client-build.js';
import { renderThread } from './support/server-render.js';
import { problemsOf, useServedPages } from './support/served-pages.js';

/**
 * A thread rendered on the server (Node, `@lit-labs/ssr`), then read in Chromium: with JavaScript
 * off it reads fully; with it on, the elements hydrate (`@lit-labs/ssr-client`) keeping every node
 * the server drew, with no warning, and work as if the browser had drawn them.
 */

const THREAD = [
  {
    text: `## Plan\n\nRun ${link(terminal)} with **care**, then ${link(skill)}.\n\n- one\n- \`two\`\n\n| a | b |\n|:-:|--:|\n| 1 | 2 |`,
    context: { version: 1 as const, records: [terminal, skill] },
  },
  {
    text: `Verbatim 2*3*4 ${link(skill)}`,
    context: { version: 1 as const, records: [skill] },
    format: 'text' as const,
  },
];

function pageHtml(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Thread</title></head>
<body><main id="thread">${renderThread(THREAD)}</main>${messagesScript(THREAD)}</body></html>`;
}

const served = useServedPages(buildClient, () => ({ '/thread.html': pageHtml() }));

describe('a server-rendered thread', () => {
  it('reads fully with JavaScript off: text, structure and chip labels', async () => {
    const context = await served().browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${served().server.url}/thread.html`);
      const first = page.locator('t3-user-message').first();
      await expect(first.locator('h2').textContent()).resolves.toBe('Plan');
      await expect(first.locator('strong').textContent()).resolves.toBe('care');
      await expect(first.locator('t3-context-chip [part~="label"]').allTextContents()).resolves.toEqual([
        terminal.label,
        skill.label,
      ]);
      const second = page.locator('t3-user-message').nth(1);
      await expect(second.locator('[part~="body"]').innerText()).resolves.toContain('Verbatim 2*3*4');
      await expect(second.locator('t3-context-chip [part~="label"]').textContent()).resolves.toBe(skill.label);
    } finally {
      await context.close();
    }
  });

  it('hydrates keeping every node the server drew, with no warning, and then works', async () => {
    const page = await served().browser.newPage();
    const problems = problemsOf(page);
    try {
      await page.goto(`${served().server.url}/thread.html`);
      // Every node of every shadow root, before any script of the package has run and after hydration.
      const nodesNow = `(() => {
        const nodes = [];
        const visit = (root) => {
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            nodes.push(node);
            if (node.shadowRoot) visit(node.shadowRoot);
          }
        };
        visit(document.body);
        return nodes;
      })()`;
      await page.evaluate(`window.before = ${nodesNow}`);
      // As a host does: the same thread template, hydrated from the same messages.
      await page.addScriptTag({ type: 'module', url: '/start.js' });
      await page.waitForFunction(() => 'hydrated' in window);
      await page.evaluate(async () => {
        await (window as unknown as { hydrated: Promise<void> }).hydrated;
        const messages = [...document.querySelectorAll('t3-user-message')];
        await Promise.all(messages.map((message) => message.updateComplete));
      });
      const { lost, added } = (await page.evaluate(`(() => {
        const after = ${nodesNow};
        const before = new Set(window.before);
        const now = new Set(after);
        return {
          lost: window.before.filter((node) => !now.has(node)).length,
          added: after.filter((node) => !before.has(node)).map((node) => node.nodeName),
        };
      })()`)) as { lost: number; added: string[] };
      expect({ lost, added }).toEqual({ lost: 0, added: [] });
      expect(problems).toEqual([]);
      // Hydrated: the chips have their records, and the message answers its controls.
      const chip = page.locator('t3-user-message').first().locator('t3-context-chip').first();
      await expect(
        chip.evaluate((element) => (element as unknown as { record?: { contextId: string } }).record?.contextId),
      ).resolves.toBe(terminal.contextId);
      await expect(chip.evaluate((element) => element.hasAttribute('unresolved'))).resolves.toBe(false);
      await chip.locator('[part~="base"]').hover();
      await chip.locator('[part~="details"]').waitFor();
      // A new text replaces what the server drew.
      const first = page.locator('t3-user-message').first();
      await first.evaluate((message) => {
        (message as HTMLElement & { text: string }).text = 'Now *different*';
      });
      await expect(first.locator('[part~="body"] em').textContent()).resolves.toBe('different');
      await expect(first.locator('h2').count()).resolves.toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
