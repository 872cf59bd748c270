import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { startHost, type HostOptions, type RunningHost } from '../../../server/host.js';

/** A host on a free port with its own temporary data folder and static folders. */
export interface TestHost extends RunningHost {
  dataDir: string;
  demoDir: string;
  distDir: string;
  /** Unexpected (5xx) errors the host reported; tests expect none. */
  errors: unknown[];
  postMessage(threadId: string, body: unknown): Promise<Response>;
  // JSON of any shape: each test asserts on the fields it reads.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  getJson(urlPath: string): Promise<{ status: number; body: any }>;
}

export async function makeTempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `t3-host-${prefix}-`));
}

/** Writes a small demo and dist tree to serve. */
async function writeStaticFixtures(root: string): Promise<{ demoDir: string; distDir: string }> {
  const demoDir = path.join(root, 'demo');
  const distDir = path.join(root, 'dist');
  await mkdir(path.join(demoDir, 'pages'), { recursive: true });
  await mkdir(distDir, { recursive: true });
  await writeFile(path.join(demoDir, 'index.html'), '<!doctype html><title>demo</title>');
  await writeFile(path.join(demoDir, 'pages', 'index.html'), '<!doctype html><title>pages</title>');
  await writeFile(path.join(demoDir, 'style.css'), 'body { margin: 0 }');
  await writeFile(path.join(demoDir, '.secret'), 'hidden');
  await writeFile(path.join(distDir, 'core.js'), 'export const core = 1;');
  await writeFile(path.join(distDir, 'core.js.map'), '{}');
  await writeFile(path.join(root, 'outside.txt'), 'outside the served folders');
  return { demoDir, distDir };
}

export async function startTestHost(
  dataDir?: string,
  options: Pick<HostOptions, 'replyPacing'> = {},
): Promise<TestHost> {
  const dir = dataDir ?? (await makeTempDir('data'));
  const staticRoot = await makeTempDir('static');
  const { demoDir, distDir } = await writeStaticFixtures(staticRoot);
  const errors: unknown[] = [];
  const host = await startHost({
    port: 0,
    dataDir: dir,
    staticRoots: [
      { urlPrefix: '/dist/', directory: distDir },
      { urlPrefix: '/', directory: demoDir },
    ],
    logError: (error) => errors.push(error),
    ...options,
  });
  return {
    ...host,
    dataDir: dir,
    demoDir,
    distDir,
    errors,
    close: async () => {
      await host.close();
      await rm(staticRoot, { recursive: true, force: true });
    },
    postMessage: (threadId, body) =>
      fetch(`${host.url}/api/threads/${threadId}/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    getJson: async (urlPath) => {
      const response = await fetch(`${host.url}${urlPath}`);
      return { status: response.status, body: await response.json() };
    },
  };
}

/** Closes a test host and removes its data; the host must have reported no unexpected error. */
export async function closeTestHost(host: TestHost): Promise<void> {
  await host.close();
  await removeDir(host.dataDir);
  expect(host.errors).toEqual([]);
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
