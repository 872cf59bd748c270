import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../../../support/chromium.js';
import { serveStatic, type StaticServer } from '../../../support/static-server.js';

export interface ServedPages {
  server: StaticServer;
  browser: Browser;
}

/**
 * For one test file: a fresh folder that `prepare` fills (the browser side, bundled), served with
 * the file's pages, and Chromium. Call at the top level; the returned function gives them once
 * `beforeAll` has run.
 */
export function useServedPages(
  prepare: (folder: string) => Promise<void>,
  pages: () => Record<string, string>,
): () => ServedPages {
  const folder = mkdtempSync(join(tmpdir(), 't3-composer-ssr-'));
  let served: ServedPages | undefined;
  beforeAll(async () => {
    await prepare(folder);
    served = { server: await serveStatic(folder, pages()), browser: await launchChromium() };
  }, 120_000);
  afterAll(async () => {
    await served?.browser.close();
    await served?.server.close();
    rmSync(folder, { recursive: true, force: true });
  });
  return () => served!;
}

/** What the page reports from now on: errors, warnings (Lit's dev-mode notice aside) and uncaught exceptions. */
export function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    const text = message.text();
    if ((message.type() === 'error' || message.type() === 'warning') && !/Lit is in dev mode/.test(text)) {
      problems.push(text);
    }
  });
  return problems;
}
