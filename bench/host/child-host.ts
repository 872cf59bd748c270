import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The reference host in a child process, and the part of autocannon's API that loads it. */
const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BurstRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: BurstRequest, context: Record<string, unknown>) => BurstRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

interface BurstResult {
  requests: { average: number; total: number };
  latency: { p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
}

interface BurstInstance extends PromiseLike<BurstResult> {
  stop(): void;
}

type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: BurstRequest[];
}) => BurstInstance;

export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface ChildHost {
  url: string;
  /** What the host printed on stderr (it logs unexpected errors there). */
  stderr(): string;
  stop(): Promise<void>;
}

/** `node --import tsx` rather than the tsx binary, so the pid signalled is the server itself. */
export async function startChildHost(dataDir: string): Promise<ChildHost> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', T3_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async () => {
    process.off('exit', killOnExit);
    await stopChild(child);
  };
  try {
    const url = await announcedUrl(child, () => stderr);
    return { url, stderr: () => stderr, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function announcedUrl(child: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`the host did not start within 30 s: ${stderr()}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /t3-composer demo: (http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the host exited with ${code} before listening: ${stderr()}`));
    });
  });
}

/** SIGTERM (the host closes its database), then SIGKILL if it has not exited after 5 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
