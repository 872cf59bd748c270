import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../support/chromium.js';
import { serveStatic } from '../../support/static-server.js';

/**
 * The framework matrix: each fixture app installs the packed package, as a host installs it,
 * typechecks with its framework's checker (`strict`, `skipLibCheck: false`), fails that check on a
 * deliberately wrong property and a wrong use of an event's detail, builds with Vite, and sends a
 * message with a chip in Chromium. One install serves every fixture (`npm ci` of this folder's
 * lockfile, then the tarball). Run `npm run build` first.
 */

const root = resolve(import.meta.dirname);
const packageRoot = resolve(root, '../..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);

type Checker = 'tsc' | 'svelte-check' | 'vue-tsc';
/**
 * `late`: the fixture also has `late.html`, which renders before registering the elements.
 * `typing`: the one line that types the tags, as the README shows it beside the framework's embed;
 * the fixture's `main` holds it as written.
 */
const FIXTURES: { name: string; checker: Checker; late?: boolean; typing?: string; main?: string }[] = [
  { name: 'plain-ts', checker: 'tsc' },
  { name: 'react19', checker: 'tsc', late: true, typing: 'react', main: 'main.tsx' },
  { name: 'react18', checker: 'tsc' },
  { name: 'preact', checker: 'tsc', late: true, typing: 'preact', main: 'main.tsx' },
  { name: 'svelte', checker: 'svelte-check', typing: 'svelte', main: 'main.ts' },
  { name: 'vue', checker: 'vue-tsc', typing: 'vue', main: 'main.ts' },
  { name: 'solid', checker: 'tsc', typing: 'solid', main: 'main.tsx' },
];
const WRONG_PROPERTY = "Type 'number' is not assignable to type 'readonly MentionProvider[]'";
/** `event.detail.nope()` in a `t3-submit` handler: the detail is typed, not `any`. */
const WRONG_DETAIL = "Property 'nope' does not exist on type 'SubmitDetail'";

/** The tools run as in a host's shell: without the `NODE_ENV=test` of vitest, which makes Vite build Lit's dev mode. */
const { NODE_ENV: _vitestNodeEnv, ...environment } = process.env;

function run(command: string, args: string[], cwd: string): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd, env: environment, encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}${result.error ?? ''}` };
}

function mustRun(command: string, args: string[], cwd: string): void {
  const { status, output } = run(command, args, cwd);
  if (status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${output}`);
}

function typecheck(checker: Checker, cwd: string, tsconfig: string) {
  if (checker === 'svelte-check') return run(bin('svelte-check'), ['--tsconfig', tsconfig, '--output', 'machine'], cwd);
  return run(bin(checker), ['-p', tsconfig], cwd);
}

/** `npm ci` when this folder has no install yet or its lockfile changed since; then the fresh tarball. */
function installFixtures(): void {
  const installed = join(root, 'node_modules/.package-lock.json');
  if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(join(root, 'package-lock.json')).mtimeMs) {
    mustRun('npm', ['ci', '--no-audit', '--no-fund'], root);
  }
  const packDir = join(root, 'node_modules/.t3-composer-pack');
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  mustRun('npm', ['pack', '--pack-destination', packDir, '--silent'], packageRoot);
  const tarball = join(
    packDir,
    readdirSync(packDir).find((name) => name.endsWith('.tgz'))!,
  );
  mustRun('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefer-offline', tarball], root);
}

describe('the framework matrix', () => {
  let browser: Browser;

  beforeAll(async () => {
    installFixtures();
    browser = await launchChromium();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
  });

  it.each(['define-message', 'define-composer'])(
    'plain-ts: the %s entry alone carries its elements’ tag and event types',
    { timeout: 60_000 },
    (entry) => {
      const options = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext'];
      const dom = ['--moduleResolution', 'bundler', '--lib', 'es2022,dom,dom.iterable', '--ignoreConfig'];
      const { status, output } = run(bin('tsc'), [...options, ...dom, `entries/${entry}.ts`], join(root, 'plain-ts'));
      expect(output).toBe('');
      expect(status).toBe(0);
    },
  );

  describe.each(FIXTURES)('$name', ({ name, checker, late, typing, main }) => {
    const cwd = join(root, name);

    it('typechecks, strict and with skipLibCheck off', { timeout: 120_000 }, () => {
      const shown = run(bin('tsc'), ['-p', 'tsconfig.json', '--showConfig'], cwd).output;
      expect(JSON.parse(shown).compilerOptions).toMatchObject({ strict: true, skipLibCheck: false });
      const { status, output } = typecheck(checker, cwd, 'tsconfig.json');
      expect(output).not.toContain('error');
      expect(status).toBe(0);
    });

    it('fails the typecheck on a wrong property and on a wrong use of an event detail', { timeout: 120_000 }, () => {
      const { status, output } = typecheck(checker, cwd, 'tsconfig.wrong.json');
      expect(status).not.toBe(0);
      expect(output).toContain(WRONG_PROPERTY);
      expect(output).toContain(WRONG_DETAIL);
    });

    it.runIf(typing)('types its tags with the one line the README shows', () => {
      const line = `import 't3-composer/types/${typing}';`;
      expect(readFileSync(join(packageRoot, 'README.md'), 'utf8')).toContain(line);
      expect(readFileSync(join(packageRoot, 'docs/frameworks.md'), 'utf8')).toContain(line);
      expect(readFileSync(join(cwd, 'src', main!), 'utf8')).toContain(`\n${line}\n`);
    });

    it('builds, and sends a message with the picked chip in Chromium', { timeout: 120_000 }, async () => {
      mustRun(bin('vite'), ['build', '--logLevel', 'error', '--emptyOutDir'], cwd);
      const server = await serveStatic(join(cwd, 'dist'));
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      try {
        await page.goto(`${server.url}/index.html`);
        await page.locator('t3-composer .cm-content').click();
        await page.keyboard.type('See @read', { delay: 10 });
        await page.locator('t3-composer [role="option"]', { hasText: 'README.md' }).waitFor();
        await page.keyboard.press('Enter');
        await page.locator('t3-composer t3-context-chip').waitFor();
        await page.keyboard.press('Enter');
        const chip = page.locator('#sent t3-user-message t3-context-chip');
        await chip.waitFor();
        expect(await chip.getAttribute('kind')).toBe('mention');
        expect(await chip.locator('[part~="label"]').textContent()).toBe('@README.md');
        const body = await page.locator('#sent t3-user-message [part~="body"]').textContent();
        expect(body).toContain('See');
        expect(body).not.toContain('t3-context://');
        expect(problems).toEqual([]);
      } finally {
        await page.close();
        await server.close();
      }
    });

    // Uses the build of the test before.
    it.runIf(late)(
      'warns, rendered before define, that providers became an attribute',
      { timeout: 60_000 },
      async () => {
        const server = await serveStatic(join(cwd, 'dist'));
        const page = await browser.newPage();
        const warnings: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'warning') warnings.push(message.text());
        });
        try {
          await page.goto(`${server.url}/late.html`);
          await page.waitForFunction(() => customElements.get('t3-composer') !== undefined);
          await expect.poll(() => warnings.length).toBe(1);
          expect(await page.locator('t3-composer').getAttribute('providers')).toBe('[object Object]');
          expect(warnings[0]).toContain('<t3-composer> has an attribute "providers"');
          expect(warnings[0]).toContain("Import 't3-composer/define'");
        } finally {
          await page.close();
          await server.close();
        }
      },
    );
  });
});
