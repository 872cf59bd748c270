import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

/**
 * A Next.js app of the repository run as a host runs it: its own install (`npm ci` of its
 * lockfile) with the packed package added, `next build`, then `next start` or `next dev` on a free
 * port. Run `npm run build` first: the tarball is packed from dist/.
 */

const packageRoot = resolve(import.meta.dirname, '../../..');
/** The tools run as in a host's shell: without vitest's `NODE_ENV=test`, a value `next build` warns about. */
const { NODE_ENV: _vitestNodeEnv, ...hostEnvironment } = process.env;
const environment = { ...hostEnvironment, NEXT_TELEMETRY_DISABLED: '1' };

/** Runs a command in the app; its output, or an error with it when the command fails. */
export function mustRun(app: string, command: string, args: string[]): string {
  const result = spawnSync(command, args, { cwd: app, env: environment, encoding: 'utf8', timeout: 480_000 });
  const output = `${result.stdout}${result.stderr}${result.error ?? ''}`;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${output}`);
  return output;
}

/** `npm ci` when the app has no install yet or its lockfile changed since; then the fresh tarball. */
export function installPackedPackage(app: string): void {
  const installed = join(app, 'node_modules/.package-lock.json');
  if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(join(app, 'package-lock.json')).mtimeMs) {
    mustRun(app, 'npm', ['ci', '--no-audit', '--no-fund']);
  }
  const packDir = join(app, 'node_modules/.t3-composer-pack');
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  const pack = spawnSync('npm', ['pack', '--pack-destination', packDir, '--silent'], { cwd: packageRoot });
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const tarball = join(
    packDir,
    readdirSync(packDir).find((name) => name.endsWith('.tgz'))!,
  );
  mustRun(app, 'npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefer-offline', tarball]);
}

/** `next build`; its output. */
export function nextBuild(app: string): string {
  return mustRun(app, process.execPath, [join(app, 'node_modules/next/dist/bin/next'), 'build']);
}

export interface NextServer {
  url: string;
  /** What the server has written so far. */
  output(): string;
  close(): void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/**
 * `next start` (the build) or `next dev` on a free port, resolved once its home page answers: for
 * `dev`, once the page has compiled. The port is free when picked but taken only when Next.js
 * listens; one taken meanwhile (another test's server, a browser's connection) means another try.
 */
export async function nextServer(app: string, command: 'start' | 'dev'): Promise<NextServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await nextServerOnFreePort(app, command);
    } catch (error) {
      if (attempt === 3 || !(error instanceof PortTakenError)) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function nextServerOnFreePort(app: string, command: 'start' | 'dev'): Promise<NextServer> {
  const port = await freePort();
  const nextBin = join(app, 'node_modules/next/dist/bin/next');
  const server: ChildProcess = spawn(process.execPath, [nextBin, command, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: app,
    env: environment,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout!.on('data', (chunk) => (log += chunk));
  server.stderr!.on('data', (chunk) => (log += chunk));
  // The whole group: Next.js serves from a child process of its own.
  const close = () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      const Failure = log.includes('EADDRINUSE') ? PortTakenError : Error;
      throw new Failure(`next ${command} ended:\n${log}`);
    }
    // Asked only once it says it listens: until then another server could be answering on that port.
    const answered =
      log.includes('Ready in') &&
      (await fetch(url).then(
        (response) => response.ok,
        () => false,
      ));
    if (answered) return { url, output: () => log, close };
    await new Promise((done) => setTimeout(done, 200));
  }
  close();
  throw new Error(`next ${command} did not answer:\n${log}`);
}
