/**
 * Size figures: each public entry bundled with everything it imports (lit, marked and CodeMirror
 * included, so shared chunks count in each), minified and gzipped, the way a page that loads only
 * that entry pays for it.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Figure, Suite } from './figures.js';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

interface SizedEntry {
  /** What the figure names: the entry, and the registration bundled with it. */
  label: string;
  contents: string;
  goalKB: number;
}

const ENTRIES: SizedEntry[] = [
  { label: '`core`', contents: `export * from './src/core/entry.ts';`, goalKB: 12 },
  {
    // Only hosts that read messages written before inline references load it, beside `core`; the
    // goal holds the two together to what `core` weighed with the upgrade inside (14.7 KB).
    label: '`core` + `core/legacy`',
    contents: `export * from './src/core/entry.ts';\nexport * from './src/core/legacy/index.ts';`,
    goalKB: 15,
  },
  {
    label: '`message` + `define-message`',
    contents: `export * from './src/message.ts';\nimport './src/define-message.ts';`,
    goalKB: 40,
  },
  {
    // The composer draws its chips as <t3-context-chip>, so a page showing a composer loads the
    // entry with `define-composer`, which registers the composer, the chip and the scope.
    label: '`composer` + `define-composer` (CodeMirror included)',
    contents: `export * from './src/composer.ts';\nimport './src/define-composer.ts';`,
    goalKB: 140,
  },
];

/** kB as bundlers report them (1,000 bytes), which reads slightly larger than KiB. */
const BYTES_PER_KB = 1000;

async function minifiedBundle(contents: string): Promise<Uint8Array> {
  const result = await build({
    stdin: { contents, resolveDir: projectRoot, sourcefile: 'size-entry.ts', loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    tsconfig: `${projectRoot}tsconfig.json`,
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output');
  return output.contents;
}

async function sizeFigure(entry: SizedEntry): Promise<Figure> {
  const gzipped = gzipSync(await minifiedBundle(entry.contents), { level: 9 }).length / BYTES_PER_KB;
  return {
    name: `minified + gzip size of ${entry.label}, all dependencies bundled in`,
    baseline: '—',
    goal: entry.goalKB,
    unit: 'KB',
    median: gzipped,
    min: gzipped,
    max: gzipped,
    runs: 1,
  };
}

export const suite: Suite = {
  name: 'size',
  async run() {
    const figures: Figure[] = [];
    for (const entry of ENTRIES) figures.push(await sizeFigure(entry));
    return figures;
  },
};
