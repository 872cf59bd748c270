import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The packed package, installed the way a host installs it: `npm pack`, then `npm install` of the
 * tarball in a separate consumer folder (dependencies come from the npm cache the project's own
 * install filled). Run `npm run build` first.
 */

const packageRoot = resolve(import.meta.dirname, '../..');

/**
 * Imports one entry with every DOM global a module might reach for replaced by a getter that notes
 * who read it; prints what the package's own modules read (reads by Lit or CodeMirror, which test
 * for the DOM with `typeof`, are theirs). Node 20 has none of these globals.
 */
const IMPORT_PROBE = `
const DOM = ['window', 'document', 'navigator', 'matchMedia', 'ResizeObserver', 'IntersectionObserver',
  'MutationObserver', 'HTMLElement', 'getComputedStyle', 'requestAnimationFrame', 'localStorage', 'indexedDB', 'location'];
const touched = [];
for (const name of DOM.filter((name) => !(name in globalThis))) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      const own = new Error().stack.split('\\n').find((line) => line.includes('/node_modules/t3-composer/'));
      if (own) touched.push(name + ' ' + own.trim());
      return undefined;
    },
  });
}
await import(process.argv[2]);
console.log(JSON.stringify(touched));
`;
/** The Markdown without its code: fenced blocks and inline code spans hold examples, not links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/(`+)[^`][\s\S]*?\1/g, '');
}

/** Every link and image target of a Markdown page that is no URL with a scheme: `[a](b)`, `[a]: b`, `src`/`href`. */
function relativeLinks(markdown: string): string[] {
  const text = prose(markdown);
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!),
    ...[...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)/gm)].map((match) => match[1]!),
    ...[...text.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((match) => match[1]!),
  ];
  return targets.filter((target) => target !== '' && !/^[a-z][a-z\d+.-]*:/i.test(target));
}

/** The anchors GitHub and the registry give a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const words = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const slug = words
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

const work = mkdtempSync(join(tmpdir(), 't3-composer-pack-'));
const consumer = join(work, 'consumer');
let tarball: string;

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });
}

beforeAll(() => {
  run('npm', ['pack', '--pack-destination', work, '--silent'], packageRoot);
  tarball = join(
    work,
    readdirSync(work).find((name) => name.endsWith('.tgz'))!,
  );
  run('mkdir', ['-p', consumer], work);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  run('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], consumer);
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed package', () => {
  it('ships the built entries, the manifest, the README and its pages, without tests, sources, the demo host or the examples', () => {
    const listing = run('tar', ['-tzf', tarball], work).split('\n');
    for (const file of [
      'package/dist/core.js',
      'package/dist/core-legacy.js',
      'package/dist/message.js',
      'package/dist/composer.js',
      'package/dist/react.js',
      'package/dist/ai-sdk.js',
      'package/dist/ai-sdk/index.d.ts',
      'package/dist/t3-composer.iife.js',
      ...['jsx', 'react', 'preact', 'svelte', 'vue', 'solid'].map(
        (framework) => `package/dist/types/${framework}.d.ts`,
      ),
      'package/custom-elements.json',
      'package/styles/before-define.css',
      'package/README.md',
      // The README links to these pages; they ship so the links work in the registry's copy too.
      'package/docs/api.md',
      'package/docs/core.md',
      'package/docs/elements.md',
      'package/docs/demo.md',
      'package/docs/frameworks.md',
      'package/docs/performance.md',
    ]) {
      expect(listing).toContain(file);
    }
    expect(listing.filter((file) => /^package\/(src|test|server|demo|examples)\//.test(file))).toEqual([]);
  });

  it('resolves every relative link of its README and its pages to a file in the package, and each anchor to a heading', () => {
    const root = join(consumer, 'node_modules/t3-composer');
    const files = new Set(
      run('tar', ['-tzf', tarball], work)
        .split('\n')
        .map((file) => file.replace(/^package\//, '')),
    );
    const pages = [...files].filter((file) => file === 'README.md' || /^docs\/[^/]+\.md$/.test(file));
    expect(pages).toContain('docs/frameworks.md');
    const broken: string[] = [];
    for (const page of pages) {
      for (const link of relativeLinks(readFileSync(join(root, page), 'utf8'))) {
        const [path, fragment] = link.split('#') as [string, string | undefined];
        const file = path === '' ? page : posix.normalize(posix.join(posix.dirname(page), decodeURI(path)));
        if (!files.has(file)) broken.push(`${page}: ${link} (not in the package)`);
        else if (fragment && file.endsWith('.md') && !anchors(readFileSync(join(root, file), 'utf8')).has(fragment)) {
          broken.push(`${page}: ${link} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('installs with only runtime dependencies, and plain Node imports t3-composer/core', () => {
    const installed = JSON.parse(readFileSync(join(consumer, 'node_modules/t3-composer/package.json'), 'utf8'));
    expect(Object.keys(installed.dependencies ?? {})).not.toContain('better-sqlite3');
    const out = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const core = await import('t3-composer/core'); console.log(core.projectContextForProvider({ text: '[a](t3-context://v1/skill/s)', records: [] }).split('\\n')[0]);",
      ],
      consumer,
    );
    expect(out.trim()).toBe('[Skill: a; ref=s]');
  });

  it('lets CommonJS require the entries (require of ES modules, Node >= 20.19)', () => {
    const out = run(
      process.execPath,
      [
        '-e',
        "const core = require('t3-composer/core'); console.log(typeof core.buildSubmission, core.CONTEXT_KINDS.length);",
      ],
      consumer,
    );
    expect(out.trim()).toBe('function 9');
  });

  it('installs nothing of React for a host that uses no React, and nothing but React for one that does', () => {
    expect(existsSync(join(consumer, 'node_modules/react'))).toBe(false);
    expect(existsSync(join(consumer, 'node_modules/@lit/react'))).toBe(false);
    expect(existsSync(join(consumer, 'node_modules/@types/react'))).toBe(false);
    const installed = JSON.parse(readFileSync(join(consumer, 'node_modules/t3-composer/package.json'), 'utf8'));
    for (const range of Object.values<string>(installed.dependencies)) expect(range).toMatch(/^\^\d/);
    expect(Object.keys(installed.peerDependencies).sort()).toEqual(['ai', 'react']);
    expect(installed.peerDependenciesMeta.react.optional).toBe(true);
    expect(installed.peerDependenciesMeta.ai.optional).toBe(true);
  });

  it('maps a submission to a UIMessage and projects it in plain Node without `ai` installed', () => {
    expect(existsSync(join(consumer, 'node_modules/ai'))).toBe(false);
    const out = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { buildSubmission } = await import('t3-composer/core');
         const { toUIMessage, fromUIMessage, projectUIMessages } = await import('t3-composer/ai-sdk');
         const record = { version: 1, kind: 'skill', contextId: 's', label: 'a', name: 'a' };
         const message = toUIMessage(buildSubmission({ text: 'use [a](t3-context://v1/skill/s)', records: [record] }));
         const [projected] = projectUIMessages([JSON.parse(JSON.stringify(message))]);
         console.log(JSON.stringify([fromUIMessage(message).context.records.length, projected.parts[0].text.split('\\n')[0]]));`,
      ],
      consumer,
    );
    expect(JSON.parse(out)).toEqual([1, 'use [Skill: a; ref=s]']);
  });

  it('imports every entry in plain Node, touching no DOM global at the top level of its own modules', () => {
    // A React host installs the package with react and react-dom, and nothing else.
    run('npm', ['install', 'react', 'react-dom', '--prefer-offline', '--no-audit', '--no-fund'], consumer);
    writeFileSync(join(consumer, 'import-probe.mjs'), IMPORT_PROBE);
    const installed = JSON.parse(readFileSync(join(consumer, 'node_modules/t3-composer/package.json'), 'utf8'));
    const entries = Object.entries<string | Record<string, string>>(installed.exports)
      .filter(([, target]) => typeof target === 'object' && (target.import ?? target.node ?? target.default))
      .map(([subpath]) => subpath.replace(/^\./, 't3-composer'));
    expect(entries).toContain('t3-composer/t3-composer.iife.js');
    for (const entry of entries) {
      const out = run(process.execPath, ['import-probe.mjs', entry], consumer);
      expect({ entry, touched: JSON.parse(out) }).toEqual({ entry, touched: [] });
    }
  });

  it('ships its licence, the licences of what the script-tag bundle inlines, and every source map it names', () => {
    const listing = run('tar', ['-tzf', tarball], work).split('\n');
    expect(listing).toContain('package/LICENSE');
    const iife = readFileSync(join(consumer, 'node_modules/t3-composer/dist/t3-composer.iife.js'), 'utf8');
    const banner = iife.slice(0, iife.indexOf('*/'));
    for (const name of ['lit-html@', '@codemirror/view@', '@codemirror/state@']) expect(banner).toContain(name);
    expect(banner).toContain('Permission is hereby granted');
    expect(banner).toContain('BSD-3-Clause');
    const named = listing.filter((file) => file.endsWith('.js'));
    for (const file of named) {
      const code = readFileSync(join(consumer, 'node_modules/t3-composer', file.slice('package/'.length)), 'utf8');
      const map = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
      if (map) expect(listing).toContain(join(dirname(file), map));
    }
  });

  it('types the global of the script-tag bundle and ships no declaration that no entry names', () => {
    const root = join(consumer, 'node_modules/t3-composer');
    const installed = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const typed = new Set(
      Object.values<{ types?: string } | string>(installed.exports).flatMap((entry) =>
        typeof entry === 'object' && entry.types ? [entry.types.replace(/^\.\//, '')] : [],
      ),
    );
    const topLevel = readdirSync(join(root, 'dist')).filter((name) => name.endsWith('.d.ts'));
    for (const name of topLevel) expect(typed).toContain(`dist/${name}`);
    expect(readFileSync(join(root, 'dist/iife.d.ts'), 'utf8')).toMatch(/var T3Composer: Readonly<typeof api>/);
  });

  it('augments in each framework typing that framework alone, and gives each typing an empty module to run', () => {
    const types = join(consumer, 'node_modules/t3-composer/dist/types');
    const augmented = (file: string) =>
      [...readFileSync(join(types, file), 'utf8').matchAll(/^declare (?:module ['"]([^'"]+)['"]|(global))/gm)].map(
        (match) => match[1] ?? match[2],
      );
    expect(augmented('jsx.d.ts')).toEqual([]);
    const frameworks = { react: 'react', preact: 'preact', solid: 'solid-js', svelte: 'svelte/elements', vue: 'vue' };
    for (const [file, module] of Object.entries(frameworks)) expect(augmented(`${file}.d.ts`)).toEqual([module]);
    for (const file of ['jsx', ...Object.keys(frameworks)]) {
      const code = readFileSync(join(types, `${file}.js`), 'utf8').replace(/^\/\/.*\n/gm, '');
      expect(code.trim()).toBe('export {};');
    }
  });

  it('bundles the elements through a bundler', () => {
    writeFileSync(
      join(consumer, 'entry.js'),
      "import 't3-composer/define';\nimport { T3Composer, T3UserMessage, buildSubmission } from 't3-composer';\nconsole.log(T3Composer.name, T3UserMessage.name, typeof buildSubmission);\n",
    );
    writeFileSync(join(consumer, 'index.html'), '<!doctype html><script type="module" src="./entry.js"></script>');
    run(join(packageRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], consumer);
    const assets = join(consumer, 'dist', 'assets');
    const code = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(assets, name), 'utf8'))
      .join('\n');
    expect(code.includes('t3-composer')).toBe(true);
    expect(code.includes('t3-user-message')).toBe(true);
    expect(code.includes('customElements')).toBe(true);
  });

  it('bundles t3-composer/ssr for a browser as nothing, so a component rendered on both sides may import it', () => {
    writeFileSync(
      join(consumer, 'entry.js'),
      "import { withStyleNonce } from 't3-composer/ssr';\nconsole.log(withStyleNonce(Object, 'n') === Object);\n",
    );
    writeFileSync(join(consumer, 'index.html'), '<!doctype html><script type="module" src="./entry.js"></script>');
    run(join(packageRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], consumer);
    const assets = join(consumer, 'dist', 'assets');
    const code = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(assets, name), 'utf8'))
      .join('\n');
    expect(code).toContain('console.log');
    // No element, no Lit, no Markdown renderer: what registers and renders on a server stays there.
    for (const name of ['customElements', 't3-user-message', 'lit-html', 'marked']) expect(code).not.toContain(name);
  });
});
