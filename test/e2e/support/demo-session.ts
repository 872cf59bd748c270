import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type HostOptions, type RunningHost, startHost } from '../../../server/host.js';
import { launchChromium } from '../../../support/chromium.js';

export interface DemoSession {
  host: RunningHost;
  browser: Browser;
  /** A context with clipboard access, so tests can copy and paste for real. */
  context: BrowserContext;
}

/**
 * For one test file: the reference host on a free port with a fresh data folder, and Chromium.
 * Call at the top level; the returned function gives the session once `beforeAll` has run.
 */
export function useDemoSession(name: string, hostOptions: Pick<HostOptions, 'replyPacing'> = {}): () => DemoSession {
  let session: DemoSession | undefined;
  const host = useDemoHost(name, hostOptions);
  beforeAll(async () => {
    const browser = await launchChromium();
    const context = await browser.newContext({
      permissions: ['clipboard-read', 'clipboard-write'],
      viewport: { width: 1100, height: 900 },
    });
    session = { host: host(), browser, context };
  });
  afterAll(async () => {
    await session?.browser.close();
  });
  return () => session!;
}

/**
 * For one test file: the reference host alone, on a free port with a fresh data folder (a second
 * one beside a session's, paced otherwise). Call at the top level; the returned function gives the
 * host once `beforeAll` has run.
 */
export function useDemoHost(name: string, hostOptions: Pick<HostOptions, 'replyPacing'> = {}): () => RunningHost {
  let host: RunningHost | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `t3-${name}-`));
    host = await startHost({ ...hostOptions, port: 0, dataDir, logError: () => {} });
  });
  afterAll(async () => {
    await host?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return () => host!;
}
