/**
 * Server rendering: a thread of 1,000 messages (the message mount figure's: 0.2–4 KB of Markdown,
 * 5 chips each) rendered to one HTML string with `@lit-labs/ssr` and the built `t3-composer/ssr`,
 * against React 19's `renderToString` of the same texts with `react-markdown` and `remark-gfm`,
 * chips drawn by its link components as in the mount figure. Both run in one Node process of their
 * own (`ssr/render-worker.ts`, `NODE_ENV=production`, garbage collected before each render),
 * alternating, with React and what runs on it bundled by esbuild from the benchmark's React 19
 * workspace in its production build. Each side's HTML is checked to hold every message's words and
 * chips before a timing counts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { react19 } from './browser/serve.js';
import { type Figure, type Suite, summarize } from './figures.js';
import type { WorkerResult } from './ssr/render-worker.js';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const MESSAGES = 1000;

/** The baseline, with React 19, react-markdown and remark-gfm in it, as one CommonJS file for Node. */
export async function bundleReactRenderer(outdir: string): Promise<string> {
  const outfile = join(outdir, 'react-render.cjs');
  await build({
    entryPoints: [join(projectRoot, 'bench/ssr/react-render.ts')],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    define: { 'process.env.NODE_ENV': '"production"' },
    tsconfig: join(projectRoot, 'tsconfig.json'),
    plugins: [react19],
    logLevel: 'warning',
  });
  return outfile;
}

async function renderInWorker(reactBundle: string, runs: number, warmup: number): Promise<WorkerResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      join(projectRoot, 'bench/ssr/render-worker.ts'),
      `--react=${reactBundle}`,
      `--runs=${runs}`,
      `--warmup=${warmup}`,
      `--messages=${MESSAGES}`,
    ],
    { cwd: projectRoot, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as WorkerResult;
}

const median = (values: readonly number[]) => summarize(values).median;

export const suite: Suite = {
  name: 'ssr',
  async run({ quick }) {
    const outdir = mkdtempSync(join(tmpdir(), 't3-bench-ssr-'));
    try {
      const result = await renderInWorker(await bundleReactRenderer(outdir), quick ? 3 : 15, quick ? 1 : 2);
      const { times, cpuTimes } = result;
      const ratios = times.ours.map((ours, index) => ours / times.react[index]!);
      const cpuRatios = cpuTimes.ours.map((ours, index) => ours / cpuTimes.react[index]!);
      const cpu = summarize(cpuRatios);
      const size = (length: number) => `${(length / 2 ** 20).toFixed(1)} MB of HTML`;
      console.log(
        `  ${MESSAGES} messages, ${(result.markdownChars / 1024).toFixed(0)} KB of Markdown: ours ` +
          `${median(times.ours).toFixed(0)} ms (${size(result.htmlLength.ours)}, ${result.chips.ours} chips), ` +
          `React ${median(times.react).toFixed(0)} ms (${size(result.htmlLength.react)}, ${result.chips.react} chips), ` +
          `medians; in CPU time ${cpu.median.toFixed(2)}× (${cpu.min.toFixed(2)}–${cpu.max.toFixed(2)})`,
      );
      const figure: Figure = {
        name: `server-render ${MESSAGES} <t3-user-message> to HTML with @lit-labs/ssr (0.2–4 KB Markdown, 5 chips each)`,
        baseline:
          'React 19 renderToString + react-markdown 10 (+ remark-gfm), chips of the same look as link components',
        goal: 1,
        unit: 'ratio',
        ...summarize(ratios),
      };
      return [figure];
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  },
};
