import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../support/chromium.js';
import { installPackedPackage, nextBuild, type NextServer, nextServer } from '../e2e/support/next-app.js';

/**
 * The Next.js App Router anchor of server rendering (test/frameworks/nextjs): a server component
 * loads a thread and hands its stored messages to a client component, which renders them with
 * the React wrappers after `import 't3-composer/ssr'`; `@lit-labs/nextjs` (`withLitSSR`) renders
 * them on the server with their shadow DOM. Another client component holds the composer. The app
 * installs the packed package, `next build` type-checks and builds it, and Chromium reads the page
 * from `next start`, with JavaScript off and on, then from `next dev`, where React and Lit report
 * what production builds keep quiet. Run `npm run build` first.
 */

const app = resolve(import.meta.dirname, 'nextjs');

/** Each chip's label, message by message, as the stored thread (app/thread.ts) gives them. */
const CHIP_LABELS = [
  ['Terminal 1 lines 3-4', '@src/index.ts', 'pinchtab'],
  ['b.ts L4', 'the build is green'],
  ['Terminal 1 line 3'],
];

/** Errors, warnings and uncaught exceptions of a page; Lit's one notice that it runs in dev mode aside. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    const text = message.text();
    if ((message.type() === 'error' || message.type() === 'warning') && !/^Lit is in dev mode/.test(text)) {
      problems.push(text);
    }
  });
  return problems;
}

/** Every element and text node under the thread, its shadow roots included (an expression for the page). */
const THREAD_NODES = `(() => {
  const nodes = [];
  const visit = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push(node);
      if (node.shadowRoot) visit(node.shadowRoot);
    }
  };
  visit(document.querySelector('#thread'));
  return nodes;
})()`;

/**
 * Loads the page with its scripts held back until the server's DOM is noted, then lets them run
 * and waits until every message has hydrated; what hydration took away and added.
 */
async function hydrate(page: Page, url: string): Promise<{ lost: number; added: string[] }> {
  let release!: () => void;
  const scriptsMayRun = new Promise<void>((done) => (release = done));
  await page.route('**/_next/static/**/*.js', async (route) => {
    await scriptsMayRun;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  // What the server drew, before any script of the page has run.
  await expect(page.evaluate(() => customElements.get('t3-user-message'))).resolves.toBeUndefined();
  await expect(page.evaluate(`(window.serverNodes = ${THREAD_NODES}).length`)).resolves.toBeGreaterThan(100);
  release();
  await page.waitForFunction(() => {
    const messages = [...document.querySelectorAll('#thread t3-user-message')];
    return (
      messages.length > 0 && messages.every((message) => (message as unknown as { hasUpdated: boolean }).hasUpdated)
    );
  });
  await page.evaluate(() =>
    Promise.all(
      [...document.querySelectorAll('#thread t3-user-message')].map(
        (m) => (m as never as { updateComplete: Promise<unknown> }).updateComplete,
      ),
    ),
  );
  return (await page.evaluate(`(() => {
    const now = ${THREAD_NODES};
    const before = new Set(window.serverNodes);
    const after = new Set(now);
    return {
      lost: window.serverNodes.filter((node) => !after.has(node)).length,
      added: now.filter((node) => !before.has(node)).map((node) => node.nodeName),
    };
  })()`)) as { lost: number; added: string[] };
}

/** The hydrated thread: each chip has its record (a citation its quote), and none waits to hydrate. */
async function expectHydrated(page: Page): Promise<void> {
  const chips = page.locator('#thread t3-user-message').first().locator('t3-context-chip');
  const records = await chips.evaluateAll((elements) =>
    elements.map((chip) => (chip as unknown as { record?: { contextId: string } }).record?.contextId),
  );
  expect(records).toEqual(['term_1', 'm_1', 's_1']);
  const legacy = page.locator('#thread t3-user-message').nth(2).locator('t3-context-chip');
  await expect(
    legacy.evaluate((chip) => (chip as unknown as { record?: { kind: string } }).record?.kind),
  ).resolves.toBe('terminal');
  await expect(page.locator('[defer-hydration]').count()).resolves.toBe(0);
}

/** The composer, live: it sends a message with a picked chip, which shows under the thread. */
async function sendWithChip(page: Page): Promise<void> {
  await page.locator('t3-composer .cm-content[contenteditable="true"]').click();
  await page.keyboard.type('See @read', { delay: 10 });
  await page.locator('t3-composer [role="option"]', { hasText: 'README.md' }).waitFor();
  await page.keyboard.press('Enter');
  await page.locator('t3-composer t3-context-chip').waitFor();
  await page.keyboard.press('Enter');
  const chip = page.locator('#sent t3-user-message t3-context-chip');
  await chip.waitFor();
  await expect(chip.locator('[part~="label"]').textContent()).resolves.toBe('@README.md');
}

/**
 * A server has up to three minutes to answer (a cold `next dev` compiles the page first), and
 * another try when its port was taken meanwhile; a page's load, hydration and a send through a
 * cold server can together outlast the suite's 30 s on a loaded machine.
 */
const SERVER_TIMEOUT = 600_000;
const PAGE_TIMEOUT = 120_000;

describe('Next.js App Router: messages rendered on the server with @lit-labs/nextjs, the composer on the client', () => {
  let browser: Browser;
  let server: NextServer | undefined;

  /**
   * In a new page of the running server: the messages hydrate keeping every node the server drew,
   * nothing is reported in the page or by the server, and the composer sends a chip.
   */
  async function hydratesCleanlyAndSends(): Promise<void> {
    const page = await browser.newPage();
    const problems = problemsOf(page);
    try {
      expect(await hydrate(page, server!.url)).toEqual({ lost: 0, added: [] });
      await expectHydrated(page);
      await sendWithChip(page);
      expect(problems).toEqual([]);
      expect(server!.output()).not.toMatch(/error|\[t3-composer\]/i);
    } finally {
      await page.close();
    }
  }

  let buildOutput = '';

  beforeAll(async () => {
    installPackedPackage(app);
    buildOutput = nextBuild(app);
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    server?.close();
    await browser?.close();
  });

  describe('next start', () => {
    beforeAll(async () => {
      server = await nextServer(app, 'start');
    }, SERVER_TIMEOUT);

    afterAll(() => {
      server?.close();
      server = undefined;
    });

    it('builds with no warning from the package', () => {
      expect(buildOutput).toContain('Compiled successfully');
      expect(buildOutput).not.toContain('[t3-composer]');
    });

    it('reads fully with JavaScript off: each message’s text, its Markdown structure and every chip’s label', async () => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        await page.goto(server!.url);
        const messages = page.locator('#thread t3-user-message');
        await expect(messages.count()).resolves.toBe(3);
        const [first, second, legacy] = [messages.nth(0), messages.nth(1), messages.nth(2)];
        await expect(first.locator('h2').textContent()).resolves.toBe('Failing test');
        await expect(first.locator('strong').textContent()).resolves.toBe('care');
        await expect(first.locator('ul > li').count()).resolves.toBe(2);
        await expect(first.locator('code').textContent()).resolves.toBe('npm ci');
        await expect(first.locator('th').allTextContents()).resolves.toEqual(['step', 'result']);
        await expect(first.locator('td').allTextContents()).resolves.toEqual(['1', 'red']);
        await expect(second.locator('em').textContent()).resolves.toBe('not');
        await expect(second.locator('[part~="body"]').innerText()).resolves.toContain('you wrote');
        await expect(legacy.locator('[part~="body"]').innerText()).resolves.toContain('Why');
        for (const [index, labels] of CHIP_LABELS.entries()) {
          await expect(
            messages.nth(index).locator('t3-context-chip [part~="label"]').allTextContents(),
          ).resolves.toEqual(labels);
        }
        const text = await page
          .locator('#thread')
          .evaluate((thread) =>
            [...thread.querySelectorAll('t3-user-message')].map((message) => message.shadowRoot!.textContent).join(''),
          );
        expect(text).not.toContain('t3-context://');
        expect(text).not.toContain('t3-citation://');
        expect(text).not.toContain('<terminal_context>');
      } finally {
        await context.close();
      }
    });

    it(
      'hydrates the messages keeping every node the server drew, with no error or warning; the composer sends',
      { timeout: PAGE_TIMEOUT },
      hydratesCleanlyAndSends,
    );
  });

  describe('next dev, where React and Lit report hydration mismatches', () => {
    beforeAll(async () => {
      server = await nextServer(app, 'dev');
    }, SERVER_TIMEOUT);

    afterAll(() => {
      server?.close();
      server = undefined;
    });

    it(
      'hydrates the messages with no hydration warning from React or Lit; the composer sends',
      { timeout: PAGE_TIMEOUT },
      hydratesCleanlyAndSends,
    );
  });
});
