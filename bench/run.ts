/**
 * `npm run bench`: every figure as a ratio against a baseline measured in the same run, with its
 * goal and verdict, printed as a table and written to bench/results.json; a full run (every suite,
 * not `--quick`) also writes the table into docs/performance.md and draws it as docs/bench.svg. `--quick`
 * runs each figure a few times only (a smoke check that the benchmarks execute). `--suite=browser`
 * runs one suite, `--groups=keystrokes,paste` only those groups of the browser suite.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { chartSvg } from './chart.js';
import { type Figure, type Suite, verdict } from './figures.js';

const quick = process.argv.includes('--quick');
const only = process.argv.find((arg) => arg.startsWith('--suite='))?.slice('--suite='.length);
const groups = process.argv
  .find((arg) => arg.startsWith('--groups='))
  ?.slice('--groups='.length)
  .split(',');

const suites: Suite[] = [];
for (const path of ['./core.bench.js', './browser.bench.js', './ssr.bench.js', './size.bench.js', './host.bench.js']) {
  try {
    suites.push(((await import(path)) as { suite: Suite }).suite);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
  }
}

const figures: (Figure & { suite: string })[] = [];
for (const suite of suites) {
  if (only && suite.name !== only) continue;
  process.stdout.write(`running ${suite.name}…\n`);
  for (const figure of await suite.run({ quick, groups })) figures.push({ ...figure, suite: suite.name });
}

const format = (value: number, unit: Figure['unit']) =>
  unit === 'ratio' ? value.toFixed(2) : `${value.toFixed(unit === 'KB' ? 1 : 2)} ${unit}`;
const rows = figures.map((figure) => [
  figure.name,
  figure.baseline,
  format(figure.median, figure.unit),
  `${format(figure.min, figure.unit)}–${format(figure.max, figure.unit)}`,
  String(figure.runs),
  `≤ ${format(figure.goal, figure.unit)}`,
  verdict(figure),
]);
const headers = ['figure', 'baseline', 'median', 'spread', 'runs', 'goal', 'verdict'];
const table = [
  `| ${headers.join(' | ')} |`,
  `| ${headers.map(() => '---').join(' | ')} |`,
  ...rows.map((row) => `| ${row.join(' | ')} |`),
].join('\n');
console.log(`\n${table}`);

const machine = {
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  chromium: chromiumVersion(),
  platform: `${os.platform()} ${os.release()}`,
  quick,
  date: new Date().toISOString(),
};
writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify({ machine, figures }, null, 2)}\n`);
if (!quick && !only) {
  writePerformanceTable();
  writeFileSync(new URL('../docs/bench.svg', import.meta.url), chartSvg({ machine, figures }));
}
const missed = figures.filter((figure) => verdict(figure) === 'MISSED');
console.log(`\n${figures.length} figures, ${missed.length} missed their goal. Results in bench/results.json.`);

function chromiumVersion(): string {
  try {
    return execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .replace(/ built on .*/s, '')
      .trim();
  } catch {
    return 'not found';
  }
}

/** The table and the machine it ran on, between the bench markers of docs/performance.md. */
function writePerformanceTable(): void {
  const page = new URL('../docs/performance.md', import.meta.url);
  const [start, end] = ['<!-- bench:start -->', '<!-- bench:end -->'];
  const text = readFileSync(page, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to < from) return;
  const cpu = machine.cpus.replace(/ \d+-Core Processor|\s+/g, ' ').trim();
  const heading =
    `Latest run (${machine.date.slice(0, 10)}; ${cpu}, ${machine.memoryGiB} GiB, Node ${machine.node.slice(1)}, ` +
    `${machine.chromium}, shared machine): median, the spread of the repeated runs, and the goal.`;
  writeFileSync(page, `${text.slice(0, from + start.length)}\n${heading}\n\n${table}\n${text.slice(to)}`);
}
