/**
 * `npm run bench`: every figure as a ratio against a baseline measured in the same run, with its
 * goal and verdict, printed as a table and written to bench/results.json; a full run (every suite,
 * not `--quick`) also writes the table into docs/performance.md and draws it as docs/bench.svg. `--quick`
 * runs each figure a few times only (a smoke check that the benchmarks execute). `--suite=browser`
 * runs one suite, `--groups=keystrokes,paste` only those groups of the browser suite. `--repeat=3`
 * runs everything three times over and reports each figure as the median of the three runs' medians,
 * its spread across all of them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { chartSvg } from './chart.js';
import { type Figure, type Suite, summarize, verdict } from './figures.js';

const quick = process.argv.includes('--quick');
const only = process.argv.find((arg) => arg.startsWith('--suite='))?.slice('--suite='.length);
const groups = process.argv
  .find((arg) => arg.startsWith('--groups='))
  ?.slice('--groups='.length)
  .split(',');
const repeat = Math.max(
  1,
  Number(process.argv.find((arg) => arg.startsWith('--repeat='))?.slice('--repeat='.length)) || 1,
);

const suites: Suite[] = [];
for (const path of ['./core.bench.js', './browser.bench.js', './ssr.bench.js', './size.bench.js', './host.bench.js']) {
  try {
    suites.push(((await import(path)) as { suite: Suite }).suite);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
  }
}

const rounds: (Figure & { suite: string })[][] = [];
for (let round = 1; round <= repeat; round++) {
  const measured: (Figure & { suite: string })[] = [];
  for (const suite of suites) {
    if (only && suite.name !== only) continue;
    process.stdout.write(`running ${suite.name}${repeat > 1 ? ` (run ${round} of ${repeat})` : ''}…\n`);
    for (const figure of await suite.run({ quick, groups })) measured.push({ ...figure, suite: suite.name });
  }
  rounds.push(measured);
}
const figures = rounds.length === 1 ? rounds[0]! : medianOfRounds(rounds);

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
  repeat,
  date: new Date().toISOString(),
};
writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify({ machine, figures }, null, 2)}\n`);
if (!quick && !only) {
  writePerformanceTable();
  writeFileSync(new URL('../docs/bench.svg', import.meta.url), chartSvg({ machine, figures }));
}
const missed = figures.filter((figure) => verdict(figure) === 'MISSED');
console.log(`\n${figures.length} figures, ${missed.length} missed their goal. Results in bench/results.json.`);

/**
 * Each figure as the median of the rounds' medians, with the spread of all their runs. Figures are
 * matched by their place in the run (every round runs the same figures in the same order), since
 * some names carry what the run measured (a growth, a request rate); the name is the last round's.
 */
function medianOfRounds(all: (Figure & { suite: string })[][]): (Figure & { suite: string })[] {
  if (all.some((round) => round.length !== all[0]!.length)) throw new Error('the rounds ran different figures');
  return all[0]!.map((_first, index) => {
    const same = all.map((round) => round[index]!);
    return {
      ...same[same.length - 1]!,
      median: summarize(same.map((figure) => figure.median)).median,
      min: Math.min(...same.map((figure) => figure.min)),
      max: Math.max(...same.map((figure) => figure.max)),
      runs: same.reduce((sum, figure) => sum + figure.runs, 0),
    };
  });
}

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
  const runs = repeat > 1 ? `${repeat} full runs` : 'Latest run';
  const median =
    repeat > 1
      ? `the median of the ${repeat} runs' medians, the spread of all their runs`
      : 'median, the spread of the repeated runs';
  const heading =
    `${runs} (${machine.date.slice(0, 10)}; ${cpu}, ${machine.memoryGiB} GiB, Node ${machine.node.slice(1)}, ` +
    `${machine.chromium}, shared machine): ${median}, and the goal.`;
  writeFileSync(page, `${text.slice(0, from + start.length)}\n${heading}\n\n${table}\n${text.slice(to)}`);
}
