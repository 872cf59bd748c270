/**
 * Size figures: each public entry bundled with everything it imports (lit, marked and CodeMirror
 * included, so shared chunks count in each), minified and gzipped, the way a page that loads only
 * that entry pays for it: what loads with the entry, and where it loads more on demand (the
 * message's Markdown renderer), that too in a figure of its own.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { cssLiteralsEsbuildPlugin } from '../scripts/build/css-literals.mjs';
import type { Figure, Suite } from './figures.js';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

interface SizedEntry {
  /** What the figure names: the entry, and the registration bundled with it. */
  label: string;
  contents: string;
  goalKB: number;
  /**
   * Which chunks count: those the entry loads with it, plus the chunks it loads on demand whose
   * file name matches `onDemand` (as a page whose messages need Markdown loads that chunk).
   */
  onDemand?: RegExp;
}

const MESSAGE_ENTRY = `export * from './src/message.ts';\nimport './src/define-message.ts';`;

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
    // The Markdown renderer and marked are a chunk loaded only when a message needs Markdown.
    label: '`message` + `define-message`, as a page whose messages are `format="text"` loads it (no Markdown)',
    contents: MESSAGE_ENTRY,
    goalKB: 32,
  },
  {
    label: '`message` + `define-message` with the Markdown chunk it loads for Markdown messages',
    contents: MESSAGE_ENTRY,
    goalKB: 50,
    onDemand: /\/markdown-[^/]*\.js$/,
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

const ENTRY_FILE = 'size-entry.ts';

/**
 * The entry bundled with code splitting, minified, as gzipped bytes per chunk counted: the entry's
 * file and the chunks it imports statically, plus the on-demand chunks `onDemand` names. Each
 * chunk is gzipped on its own, as a browser fetches it.
 */
async function gzippedBytes(entry: SizedEntry): Promise<number> {
  const result = await build({
    stdin: { contents: entry.contents, resolveDir: projectRoot, sourcefile: ENTRY_FILE, loader: 'ts' },
    absWorkingDir: projectRoot,
    outdir: 'size-out',
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    tsconfig: `${projectRoot}tsconfig.json`,
    metafile: true,
    write: false,
    logLevel: 'silent',
    // The stylesheets minified as the package build ships them.
    plugins: [cssLiteralsEsbuildPlugin],
  });
  const outputs = result.metafile.outputs;
  // Chunks loaded on demand are entry points too: the entry is the one built from the stdin file.
  const entryFile = Object.keys(outputs).find((file) => outputs[file]!.entryPoint === ENTRY_FILE);
  if (!entryFile) throw new Error('esbuild produced no entry file');
  const counted = new Set<string>();
  const visit = (file: string) => {
    if (counted.has(file)) return;
    counted.add(file);
    for (const { path, kind } of outputs[file]!.imports) {
      if (kind === 'import-statement' || (kind === 'dynamic-import' && entry.onDemand?.test(path))) visit(path);
    }
  };
  visit(entryFile);
  let bytes = 0;
  for (const output of result.outputFiles) {
    const file = output.path.slice(projectRoot.length);
    if (counted.has(file)) bytes += gzipSync(output.contents, { level: 9 }).length;
  }
  if (bytes === 0) throw new Error('no chunk counted');
  return bytes;
}

async function sizeFigure(entry: SizedEntry): Promise<Figure> {
  const gzipped = (await gzippedBytes(entry)) / BYTES_PER_KB;
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
