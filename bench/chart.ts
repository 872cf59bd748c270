/**
 * Draws bench/results.json as docs/bench.svg: one row per figure, its median as a share of its goal
 * on a logarithmic axis (the goal is the line at 1), the spread of its runs as a whisker, green
 * where the goal is met and red where it is missed. `npm run bench` calls it after a full run;
 * `tsx bench/chart.ts` redraws from the last results.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type Figure, verdict } from './figures.js';

interface Results {
  machine: { date: string; chromium: string; node: string };
  figures: (Figure & { suite: string })[];
}

const ROW = 22;
const LABEL_WIDTH = 640;
const PLOT_WIDTH = 340;
const MARGIN = 12;
const TOP = 46;
/** The axis: from a hundredth of the goal to ten times it. */
const [LOW, HIGH] = [0.01, 10];
const TICKS = [0.01, 0.1, 0.5, 1, 2, 10];

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character]!);

function x(share: number): number {
  const clamped = Math.min(HIGH, Math.max(LOW, share));
  return LABEL_WIDTH + (PLOT_WIDTH * Math.log10(clamped / LOW)) / Math.log10(HIGH / LOW);
}

/** A figure's share of its goal; a goal of zero (integrity: no faults) reads as met at the floor. */
function share(value: number, goal: number): number {
  if (goal === 0) return value === 0 ? LOW : HIGH;
  return value / goal;
}

/** The figure's name without the measuring method, and its baseline up to the first comma. */
function label(figure: Figure): string {
  const name = figure.name
    .replace(/ ?\((Ctrl\+V|set) → [^)]*\)| → DOM updated → next frame| \(GC forced through CDP\)/g, '')
    .replace(/ \((append →|content-visibility:|JS \+ DOM)[^)]*\)/g, '')
    .replace(/^composer keystroke/, 'keystroke')
    .replace(/, all dependencies bundled in$/, '');
  const baseline = figure.baseline.split(',')[0]!;
  const text = baseline === '—' ? name : `${name} — vs ${baseline}`;
  return text.length > 112 ? `${text.slice(0, 111)}…` : text;
}

function row(figure: Figure, index: number): string {
  const y = TOP + index * ROW;
  const met = verdict(figure) === 'met';
  const colour = met ? '#2e7d32' : '#c62828';
  const [median, min, max] = [figure.median, figure.min, figure.max].map((value) => x(share(value, figure.goal)));
  const value =
    figure.unit === 'ratio' || figure.unit === '×'
      ? `${figure.median.toFixed(2)} / ${figure.goal}`
      : `${figure.median.toFixed(1)} ${figure.unit} / ${figure.goal}`;
  return [
    index % 2 ? '' : `<rect x="0" y="${y - 15}" width="100%" height="${ROW}" fill="#f6f6f6"/>`,
    `<text x="${MARGIN}" y="${y}" class="label">${escapeXml(label(figure))}</text>`,
    `<line x1="${min}" x2="${max}" y1="${y - 4}" y2="${y - 4}" stroke="${colour}" stroke-width="1.5"/>`,
    `<rect x="${x(LOW)}" y="${y - 9}" width="${Math.max(1, median - x(LOW))}" height="10" fill="${colour}" fill-opacity="0.35"/>`,
    `<circle cx="${median}" cy="${y - 4}" r="3.5" fill="${colour}"/>`,
    `<text x="${LABEL_WIDTH + PLOT_WIDTH + 8}" y="${y}" class="value" fill="${colour}">${escapeXml(value)}${met ? '' : ' ✗'}</text>`,
  ].join('');
}

export function chartSvg(results: Results): string {
  const { figures, machine } = results;
  const width = LABEL_WIDTH + PLOT_WIDTH + 130;
  const height = TOP + figures.length * ROW + 10;
  const ticks = TICKS.map(
    (tick) =>
      `<line x1="${x(tick)}" x2="${x(tick)}" y1="${TOP - 20}" y2="${height - 6}" stroke="${tick === 1 ? '#000' : '#ccc'}" stroke-width="${tick === 1 ? 1.5 : 1}"/>` +
      `<text x="${x(tick)}" y="${TOP - 24}" class="tick">${tick === 1 ? 'goal' : `${tick}×`}</text>`,
  );
  const missed = figures.filter((figure) => verdict(figure) === 'MISSED').length;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">
<style>.label{font-size:11px}.value{font-size:11px;font-variant-numeric:tabular-nums}.tick{font-size:10px;text-anchor:middle;fill:#555}.title{font-size:13px;font-weight:600}</style>
<rect width="100%" height="100%" fill="#fff"/>
<text x="${MARGIN}" y="16" class="title">npm run bench, ${escapeXml(machine.date.slice(0, 10))}: median ÷ goal per figure (log scale; left of the goal line is met). ${figures.length - missed} of ${figures.length} met.</text>
${figures.map(row).join('\n')}
${ticks.join('\n')}
</svg>
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = JSON.parse(readFileSync(new URL('./results.json', import.meta.url), 'utf8')) as Results;
  writeFileSync(new URL('../docs/bench.svg', import.meta.url), chartSvg(results));
}
