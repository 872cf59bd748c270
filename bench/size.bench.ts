/**
 * Size figures: each public entry as a host's page pays for it. The page imports the built package
 * by its public names (`t3-composer/message`, …), as an app that installed it does, and a host's
 * bundler bundles it with every dependency (lit, marked and CodeMirror included), minified: esbuild,
 * and Vite 8, whose Rolldown cuts a page into files its own way. Each file the page loads is
 * gzipped on its own, as a browser fetches it; where the page loads more on demand (the message's
 * Markdown renderer), a figure of its own counts that too. `npm run bench` builds the package first.
 */
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as viteBuild, type Plugin, type Rolldown } from 'vite';
import type { Figure, Suite } from './figures.js';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

interface SizedEntry {
  /** What the figure names: the entry, and the registration bundled with it. */
  label: string;
  /** The page's module, importing the package by its public names. */
  contents: string;
  goalKB: number;
  /**
   * Which files count: those the page loads with it, plus the chunks it loads on demand whose file
   * name matches `onDemand` (as a page whose messages need Markdown loads that chunk).
   */
  onDemand?: RegExp;
}

const MESSAGE_PAGE = `export * from 't3-composer/message';\nimport 't3-composer/define-message';`;

const ENTRIES: SizedEntry[] = [
  { label: '`core`', contents: `export * from 't3-composer/core';`, goalKB: 12 },
  {
    // Only hosts that read messages written before inline references load it, beside `core`; the
    // goal holds the two together to what `core` weighed with the upgrade inside (14.7 KB).
    label: '`core` + `core/legacy`',
    contents: `export * from 't3-composer/core';\nexport * from 't3-composer/core/legacy';`,
    goalKB: 15,
  },
  {
    // The Markdown renderer and marked are a chunk loaded only when a message needs Markdown.
    label: '`message` + `define-message`, as a page whose messages are `format="text"` loads it (no Markdown)',
    contents: MESSAGE_PAGE,
    goalKB: 32,
  },
  {
    label: '`message` + `define-message` with the Markdown chunk it loads for Markdown messages',
    contents: MESSAGE_PAGE,
    goalKB: 50,
    onDemand: /(^|\/)markdown-[^/]*\.js$/,
  },
  {
    // The composer draws its chips as <t3-context-chip>, so a page showing a composer loads the
    // entry with `define-composer`, which registers the composer, the chip and the scope.
    label: '`composer` + `define-composer` (CodeMirror included)',
    contents: `export * from 't3-composer/composer';\nimport 't3-composer/define-composer';`,
    goalKB: 140,
  },
];

/** kB as bundlers report them (1,000 bytes), which reads slightly larger than KiB. */
const BYTES_PER_KB = 1000;

/** The page's module, named inside the project, so that it imports the package by its own name. */
const PAGE_NAME = 'size-page.js';
const PAGE_FILE = `${projectRoot}${PAGE_NAME}`;

/** One file of a bundled page: its gzipped size, the files it imports, and the ones it loads on demand. */
interface PageFile {
  gzipped: number;
  imports: readonly string[];
  dynamicImports: readonly string[];
}

/** What a host's bundler makes of the page: its files by name, and the page's own. */
interface BundledPage {
  files: Map<string, PageFile>;
  entry: string;
}

const gzipped = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;

async function withEsbuild(contents: string): Promise<BundledPage> {
  const result = await esbuild({
    stdin: { contents, resolveDir: projectRoot, sourcefile: PAGE_NAME, loader: 'js' },
    absWorkingDir: projectRoot,
    outdir: 'size-out',
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const files = new Map<string, PageFile>();
  for (const output of result.outputFiles) {
    const name = output.path.slice(projectRoot.length);
    const { imports } = outputs[name]!;
    files.set(name, {
      gzipped: gzipped(output.contents),
      imports: imports.filter((entry) => entry.kind === 'import-statement').map((entry) => entry.path),
      dynamicImports: imports.filter((entry) => entry.kind === 'dynamic-import').map((entry) => entry.path),
    });
  }
  const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint === PAGE_NAME);
  if (!entry) throw new Error('esbuild produced no page file');
  return { files, entry };
}

async function withVite(contents: string): Promise<BundledPage> {
  const page: Plugin = {
    name: 'size-page',
    resolveId: (id) => (id === PAGE_FILE ? id : undefined),
    load: (id) => (id === PAGE_FILE ? contents : undefined),
  };
  const result = (await viteBuild({
    configFile: false,
    logLevel: 'silent',
    root: projectRoot,
    plugins: [page],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      rolldownOptions: { input: PAGE_FILE, preserveEntrySignatures: 'strict' },
    },
  })) as Rolldown.RolldownOutput;
  const files = new Map<string, PageFile>();
  let entry: string | undefined;
  for (const output of result.output) {
    if (output.type !== 'chunk') continue;
    if (output.isEntry) entry = output.fileName;
    files.set(output.fileName, {
      gzipped: gzipped(output.code),
      imports: output.imports,
      dynamicImports: output.dynamicImports,
    });
  }
  if (!entry) throw new Error('Vite produced no page file');
  return { files, entry };
}

/** The gzipped bytes of the files the page loads: its own, their imports, and the on-demand ones `onDemand` names. */
function pageBytes({ files, entry }: BundledPage, onDemand: RegExp | undefined): number {
  const counted = new Set<string>();
  const visit = (name: string) => {
    if (counted.has(name)) return;
    counted.add(name);
    const file = files.get(name)!;
    file.imports.forEach(visit);
    if (onDemand) file.dynamicImports.filter((path) => onDemand.test(path)).forEach(visit);
  };
  visit(entry);
  if (onDemand && ![...counted].some((name) => onDemand.test(name))) throw new Error(`no chunk matches ${onDemand}`);
  return [...counted].reduce((bytes, name) => bytes + files.get(name)!.gzipped, 0);
}

const BUNDLERS = [
  { name: 'esbuild', bundle: withEsbuild },
  { name: 'Vite 8', bundle: withVite },
];

/** The newest change under `directory`, in milliseconds. */
function newestChange(directory: string): number {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((newest, entry) => Math.max(newest, statSync(`${entry.parentPath}/${entry.name}`).mtimeMs), 0);
}

/** The figures must be those of the sources as they are: a package built before they last changed is refused. */
function checkBuildIsCurrent(): void {
  const built = `${projectRoot}dist/message.js`;
  let builtAt: number;
  try {
    builtAt = statSync(built).mtimeMs;
  } catch {
    throw new Error('no built package: run `npm run build` first');
  }
  if (newestChange(`${projectRoot}src`) > builtAt) {
    throw new Error('the built package is older than the sources: run `npm run build` first');
  }
}

export const suite: Suite = {
  name: 'size',
  async run() {
    checkBuildIsCurrent();
    const figures: Figure[] = [];
    for (const entry of ENTRIES) {
      for (const bundler of BUNDLERS) {
        const size = pageBytes(await bundler.bundle(entry.contents), entry.onDemand) / BYTES_PER_KB;
        figures.push({
          name: `minified + gzip size of ${entry.label}, from the built package, all dependencies bundled in by ${bundler.name}`,
          baseline: '—',
          goal: entry.goalKB,
          unit: 'KB',
          median: size,
          min: size,
          max: size,
          runs: 1,
        });
      }
    }
    return figures;
  },
};
