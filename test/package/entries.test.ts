import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** Every runtime name SPEC §3 gives the core entry. */
const CORE_NAMES = [
  'CONTEXT_KINDS',
  'decodeContextRecord',
  'decodeMessageContext',
  'formatContextHref',
  'parseContextHref',
  'formatContextReference',
  'sanitizeContextLabel',
  'collectContextReferences',
  'replaceContextReferences',
  'toContextId',
  'toKindScopedContextId',
  'projectContextForProvider',
  'sanitizeInputAnnotations',
  'splitContentByAnnotations',
  'escapeMention',
  'unescapeMention',
  'serializeComposerTag',
  'buildComposerPrompt',
  'buildSubmission',
  'remapContextAttachments',
  'CONTEXT_CLIPBOARD_MIME',
  'encodeClipboardFragment',
  'decodeClipboardFragment',
  'encodeClipboardHtml',
  'decodeClipboardHtml',
  'parseCitationLink',
  'formatCitationLink',
  'collectCitations',
];

/** The legacy names of SPEC §3.5, in their own entry so that hosts that never read a legacy message load none of it. */
const LEGACY_NAMES = ['upgradeLegacyMessage', 'resolveMessageContext', 'serializeLegacyMessage'];

const packageRoot = resolve(import.meta.dirname, '../..');
const consumer = mkdtempSync(join(tmpdir(), 't3-composer-consumer-'));
afterAll(() => rmSync(consumer, { recursive: true, force: true }));

describe('the built core entry (run `npm run build` first)', () => {
  it('is importable as `t3-composer/core` from plain Node in a consumer folder', () => {
    mkdirSync(join(consumer, 'node_modules'));
    symlinkSync(packageRoot, join(consumer, 'node_modules', 't3-composer'), 'dir');
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    writeFileSync(
      join(consumer, 'check.mjs'),
      `const core = await import('t3-composer/core');
       const legacy = await import('t3-composer/core/legacy');
       console.log(JSON.stringify({ core: Object.keys(core), legacy: Object.keys(legacy) }));`,
    );
    const exported: { core: string[]; legacy: string[] } = JSON.parse(
      execFileSync(process.execPath, ['check.mjs'], { cwd: consumer, encoding: 'utf8' }),
    );
    for (const name of CORE_NAMES) expect(exported.core, name).toContain(name);
    for (const name of LEGACY_NAMES) {
      expect(exported.legacy, name).toContain(name);
      expect(exported.core, name).not.toContain(name);
    }
  });

  it('ships type declarations where the exports map points', () => {
    const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
    for (const entry of ['./core', './core/legacy']) {
      const types = manifest.exports[entry].types as string;
      expect(existsSync(join(packageRoot, types)), entry).toBe(true);
    }
  });

  it('imports nothing outside itself, and the legacy entry nothing but the core', () => {
    for (const entry of ['dist/core.js', 'dist/core-legacy.js']) {
      for (const specifier of importGraph(entry)) {
        expect(specifier.startsWith('./') || specifier.startsWith('../'), specifier).toBe(true);
      }
    }
  });

  it('keeps the whole core, legacy included, in the root entry', () => {
    const root = readFileSync(join(packageRoot, 'dist/index.d.ts'), 'utf8');
    expect(root).toContain('./core/index.js');
    const whole = readFileSync(join(packageRoot, 'dist/core/index.d.ts'), 'utf8');
    expect(whole).toContain('./entry.js');
    expect(whole).toContain('./legacy/index.js');
  });
});

describe('the built AI SDK entry', () => {
  it('imports nothing but the chunks of the public core: no `ai`, no Lit, no element, no legacy upgrade', () => {
    const specifiers = importGraph('dist/ai-sdk.js');
    expect(specifiers.filter((specifier) => !specifier.startsWith('./'))).toEqual([]);
    const sources = [...sourcesOf('dist/ai-sdk.js')];
    expect(sources).toContain('src/ai-sdk/to-ui-message.ts');
    expect(sources).toContain('src/core/projection.ts');
    // The core is src/core/ and each kind's wire rules (src/kinds/<kind>/wire.ts).
    const isCore = (source: string) => /^src\/(ai-sdk|core)\/|^src\/kinds\/[^/]+\/wire\.ts$/.test(source);
    expect(sources.filter((source) => !isCore(source) || source.startsWith('src/core/legacy/'))).toEqual([]);
  });
});

describe('the built message entry', () => {
  it('never reaches the editor: nothing it or define-message imports loads CodeMirror', () => {
    for (const entry of ['dist/message.js', 'dist/define-message.js']) {
      const specifiers = importGraph(entry);
      expect(specifiers).toContain('lit');
      expect(specifiers.filter((specifier) => specifier.includes('codemirror'))).toEqual([]);
    }
    expect(importGraph('dist/composer.js')).toContain('@codemirror/view');
  });

  it('loads the Markdown renderer and the legacy upgrade only when a message needs them: each a chunk imported on demand', () => {
    const upgradeChunk = /^\.\/upgrade-[\w-]+\.js$/;
    for (const entry of ['dist/message.js', 'dist/define-message.js']) {
      const loadedWith = importGraph(entry, { dynamic: false });
      expect(loadedWith.filter(isMarkdownChunk)).toEqual([]);
      expect(loadedWith.filter((specifier) => upgradeChunk.test(specifier))).toEqual([]);
      const all = importGraph(entry);
      expect(all.filter(isMarkdownChunk)).toHaveLength(1);
      expect(all.filter((specifier) => upgradeChunk.test(specifier))).toHaveLength(1);
      // marked comes with the Markdown chunk, never with the entry.
      expect(loadedWith).not.toContain('marked');
      expect(all).toContain('marked');
    }
  });

  it('loads what a message or chip needs only in some cases on demand: none of it loads with the entry', () => {
    // Each a chunk loaded when used: editing (on Edit), the command chip, the citation grammar, the
    // annotations' sanitising and segments, what a chip's details show (on a first look), and the
    // table of named character references (for Markdown naming one beyond the built-in few), and the
    // body as templates (to hydrate a message a server rendered), and copying and dragging out of a
    // message (on the first pointer, key or focus inside one).
    const onDemand = [
      'src/elements/user-message/message-clipboard.ts',
      'src/elements/user-message/message-drag.ts',
      'src/core/clipboard.ts',
      'src/elements/user-message/body-templates.ts',
      'src/elements/user-message/message-editing.ts',
      'src/elements/user-message/edit-view.ts',
      'src/elements/user-message/edit.styles.ts',
      'src/elements/user-message/message-draft.ts',
      'src/elements/user-message/command-chip.ts',
      'src/elements/shared/command-icon.ts',
      'src/elements/user-message/message-links.ts',
      'src/core/citations.ts',
      'src/core/annotations.ts',
      'src/elements/context-chip/details-content.ts',
      'src/elements/context-chip/chip-details.ts',
      'src/elements/context-chip/citation-details.ts',
      // Where a chip's details card shows, and its styles: with the details, on the first look.
      'src/elements/context-chip/details-placement.ts',
      'src/elements/shared/anchored-popup.ts',
      'src/elements/shared/popup-position.ts',
      'src/elements/context-chip/popup-card.styles.ts',
      'src/elements/user-message/entity-names.ts',
    ];
    for (const entry of ['dist/message.js', 'dist/define-message.js']) {
      const loadedWith = sourcesOf(entry, { dynamic: false });
      expect(loadedWith, entry).toContain('src/elements/user-message/user-message.ts');
      expect(
        onDemand.filter((source) => loadedWith.has(source)),
        entry,
      ).toEqual([]);
      const all = sourcesOf(entry);
      expect(
        onDemand.filter((source) => !all.has(source)),
        entry,
      ).toEqual([]);
      // Only the composer opens a citation chip's comment form: a page of messages never loads it.
      expect(all.has('src/elements/context-chip/citation-comment-editor.ts'), entry).toBe(false);
      // Nor the composer's strings, which come with the composer.
      expect(all.has('src/elements/composer/composer-strings.ts'), entry).toBe(false);
    }
    const composer = sourcesOf('dist/define-composer.js', { dynamic: false });
    expect(composer).toContain('src/elements/context-chip/citation-comment-editor.ts');
    expect(composer).toContain('src/elements/composer/composer-strings.ts');
  });

  it('is not loaded by define-composer: a composer page does without the Markdown renderer', () => {
    const specifiers = importGraph('dist/define-composer.js');
    expect(specifiers).toContain('@codemirror/view');
    expect(specifiers.filter(isMarkdownChunk)).toEqual([]);
  });

  it('separates the React wrappers: a message-only React import loads no CodeMirror, a composer one no Markdown', () => {
    const message = importGraph('dist/react-message.js');
    expect(message).toContain('react');
    // `@lit/react` is inlined: a React host installs nothing else.
    expect(message.filter((specifier) => specifier.startsWith('@lit/react'))).toEqual([]);
    expect(message.filter(isMarkdownChunk)).toHaveLength(1);
    expect(message.filter((specifier) => specifier.includes('codemirror'))).toEqual([]);
    const composer = importGraph('dist/react-composer.js');
    expect(composer).toContain('@codemirror/view');
    expect(composer.filter(isMarkdownChunk)).toEqual([]);
    const all = importGraph('dist/react.js');
    expect(all).toContain('@codemirror/view');
    expect(all.filter(isMarkdownChunk)).toHaveLength(1);
  });

  it('has a built file and declarations for every entry of the exports map', () => {
    const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
    for (const [entry, target] of Object.entries<Record<string, string> | string>(manifest.exports)) {
      const files = typeof target === 'string' ? [target] : Object.values(target);
      for (const file of files) expect(existsSync(join(packageRoot, file)), `${entry} → ${file}`).toBe(true);
    }
  });
});

/** The source files (from the package root) of the built files reachable from `entry`, read from their source maps. */
function sourcesOf(entry: string, options: { dynamic?: boolean } = {}): Set<string> {
  const sources = new Set<string>();
  for (const file of builtFilesOf(entry, options)) {
    const map = `${file}.map`;
    if (!existsSync(map)) continue;
    const { sources: listed } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
    for (const source of listed) sources.add(relative(packageRoot, resolve(dirname(file), source)));
  }
  return sources;
}

/** The built files reachable from `entry` through relative imports (static ones only with `dynamic: false`). */
function builtFilesOf(entry: string, options: { dynamic?: boolean } = {}): string[] {
  const files: string[] = [];
  importGraph(entry, { ...options, onFile: (file) => files.push(file) });
  return files;
}

/** The chunk of the Markdown renderer and its lexer, imported on demand. */
const isMarkdownChunk = (specifier: string) => /^\.\/markdown-[\w-]+\.js$/.test(specifier);

/**
 * Every import specifier reachable from a built file, following relative chunks; with `dynamic:
 * false`, only what loads with the file (static imports), not what it may load later.
 */
function importGraph(
  entry: string,
  { dynamic = true, onFile }: { dynamic?: boolean; onFile?: (file: string) => void } = {},
): string[] {
  const seen = new Set<string>();
  const specifiers: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    onFile?.(file);
    const code = readFileSync(file, 'utf8');
    const pattern = /\b(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*(\(?)\s*['"]([^'"]+)['"]/g;
    for (const match of code.matchAll(pattern)) {
      if (match[2] === '(' && !dynamic) continue;
      const specifier = match[1] ?? match[3]!;
      specifiers.push(specifier);
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
    }
  };
  visit(join(packageRoot, entry));
  return specifiers;
}
