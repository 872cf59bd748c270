import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The specifiers a module loads when it runs: `import type` and `export type` are erased and do not count. */
function runtimeImports(source: string): string[] {
  const statement = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[\w$*{}\s,]*?\s*from\s*)?['"]([^'"\n]+)['"]/g;
  return [...source.matchAll(statement)].filter((match) => !match[1]).map((match) => match[2]!);
}

/** Every package a module loads, directly or through the project's modules it imports. */
function packagesLoadedBy(entry: string): { packages: Set<string>; modules: Set<string> } {
  const packages = new Set<string>();
  const modules = new Set<string>();
  const visit = (path: string) => {
    if (modules.has(path)) return;
    modules.add(path);
    for (const specifier of runtimeImports(readFileSync(path, 'utf8'))) {
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const target = resolve(dirname(path), specifier.replace(/\.js$/, '.ts'));
      if (!existsSync(target)) throw new Error(`${relative(root, path)} imports ${specifier}, not found`);
      visit(target);
    }
  };
  visit(resolve(root, entry));
  return { packages, modules };
}

describe('a submission needs no view code', () => {
  for (const entry of [
    'src/elements/composer/editor/atoms/draft-atoms.ts',
    'src/elements/composer/editor/state/draft-codec.ts',
    'src/elements/composer/sending/submission-rules.ts',
  ]) {
    it(`${entry} loads @codemirror/state alone: no view, no Lit, no element`, () => {
      const { packages, modules } = packagesLoadedBy(entry);
      expect([...packages]).toEqual(['@codemirror/state']);
      const elementModules = [...modules]
        .map((path) => relative(root, path))
        .filter((path) => /elements\/context-chip\/|-widget|-view|atom-drawing|composer\.ts$/.test(path));
      expect(elementModules).toEqual([]);
    });
  }
});
