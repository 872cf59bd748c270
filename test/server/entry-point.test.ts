import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { makeTempDir, removeDir } from './support/test-host.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dirs: string[] = [];

afterAll(async () => {
  for (const dir of dirs) await removeDir(dir);
});

it('server/main.ts runs under tsx, reads HOST/PORT/T3_DATA_DIR and stops cleanly on SIGTERM', async () => {
  const dataDir = await makeTempDir('entry');
  dirs.push(dataDir);
  // `node --import tsx` rather than the tsx binary, so the pid signalled is the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', T3_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const announcement = await new Promise<RegExpExecArray>((resolve, reject) => {
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /t3-composer demo: (http:\/\/127\.0\.0\.1:\d+)\/ +\(data in (.+)\)/.exec(stdout);
        if (match) resolve(match);
      });
      child.once('exit', () => reject(new Error(`server exited early: ${stderr}`)));
    });
    const [, url, announcedDataDir] = announcement;
    expect(announcedDataDir).toBe(dataDir);
    const response = await fetch(`${url}/api/threads/demo/messages`);
    expect(response.status).toBe(200);
    expect((await response.json()).messages.length).toBeGreaterThan(0);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(stderr).toBe('');
});
