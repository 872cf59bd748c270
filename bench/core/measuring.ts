import { type Figure, pairedRatios, summarize } from '../figures.js';

/** How the core figures are measured: paired runs against a baseline, ratios and growth between sizes. */
export const MB = 1_000_000;
export const KB_100 = 100_000;

/** T3's link scanner, the baseline our linear scanner must match and keep up with. */
export const T3_REFERENCE_PATTERN = /(!?)\[([^\]\n]{0,512})\]\((t3-context:\/\/v1\/[^\s)]{1,200})\)/g;

/**
 * T3's first pass of the legacy upgrade (review openings, with whole terminal, element and
 * preview blocks skipped), the one regex scan every upgrade has to make over the whole text.
 */
export const T3_LEGACY_SCAN_PATTERN =
  /<review_comment\b([^>]*)>|^<(terminal_context|element_context|preview_annotation)>\n[\s\S]*?\n<\/\2>/gm;

export interface Budget {
  /** Pairs per figure. */
  runs: number;
  /** Pairs for figures whose baseline takes about a second per run. */
  slowRuns: number;
  warmup: number;
  /** Each sample repeats its work until the cheaper side takes about this long. */
  sampleMs: number;
}

export const FULL: Budget = { runs: 15, slowRuns: 5, warmup: 2, sampleMs: 10 };
export const QUICK: Budget = { runs: 3, slowRuns: 1, warmup: 1, sampleMs: 2 };

/** Repetitions of `work` that take about `targetMs` (at least one). */
function repetitionsFor(work: () => unknown, targetMs: number): number {
  work();
  const start = performance.now();
  work();
  const elapsed = performance.now() - start;
  return Math.max(1, Math.ceil(targetMs / Math.max(elapsed, 0.001)));
}

export function repeated(work: () => unknown, times: number): () => unknown {
  return () => {
    let last: unknown;
    for (let i = 0; i < times; i++) last = work();
    return last;
  };
}

/**
 * `ours / baseline` (or `big / small` for scaling), both sides repeated equally so that the
 * cheaper one (`reference`) takes about `sampleMs` per sample.
 */
export function measure(
  ours: () => unknown,
  baseline: () => unknown,
  budget: Budget,
  { runs = budget.runs, cheaper = 'baseline' }: { runs?: number; cheaper?: 'ours' | 'baseline' } = {},
): number[] {
  const times = repetitionsFor(cheaper === 'ours' ? ours : baseline, budget.sampleMs);
  return pairedRatios(repeated(ours, times), repeated(baseline, times), runs, budget.warmup);
}

export function ratioFigure(name: string, baseline: string, goal: number, ratios: readonly number[]): Figure {
  return { name, baseline, goal, unit: 'ratio', ...summarize(ratios) };
}

/** Seconds per call of `work`, repeated so that one sample takes about `sampleMs`. */
function perCall(work: () => unknown, times: number): number {
  const start = performance.now();
  for (let i = 0; i < times; i++) work();
  return (performance.now() - start) / times;
}

interface Growth {
  /** Ours at 1 MB ÷ ours at 100 KB, per round. */
  ours: number[];
  /** The baseline at 1 MB ÷ the baseline at 100 KB, per round. */
  baseline: number[];
}

/**
 * How much slower each side gets from 100 KB to 1 MB, measured in the same rounds: each round
 * times the four (ours and the baseline, big and small) in a rotating order, so the machine's
 * state hits both growths alike.
 */
export function growth(
  ours: { big: () => unknown; small: () => unknown },
  baseline: { big: () => unknown; small: () => unknown },
  budget: Budget,
): Growth {
  const parts = [ours.big, ours.small, baseline.big, baseline.small];
  const times = parts.map((work) => repetitionsFor(work, budget.sampleMs));
  for (let i = 0; i < budget.warmup; i++) parts.forEach((work, index) => perCall(work, times[index]!));
  const result: Growth = { ours: [], baseline: [] };
  for (let round = 0; round < budget.runs; round++) {
    const taken: number[] = [];
    for (let step = 0; step < parts.length; step++) {
      const index = (round + step) % parts.length;
      taken[index] = perCall(parts[index]!, times[index]!);
    }
    result.ours.push(taken[0]! / taken[1]!);
    result.baseline.push(taken[2]! / taken[3]!);
  }
  return result;
}

export function growthFigure(name: string, baselineName: string, measured: Growth): Figure {
  const ours = summarize(measured.ours).median;
  const baseline = summarize(measured.baseline).median;
  return {
    name: `growth from 100 KB to 1 MB: ${name} (${ours.toFixed(1)}× slower; the baseline ${baseline.toFixed(1)}×)`,
    baseline: `${baselineName}, on the same inputs in the same rounds: its own growth`,
    goal: 1.15,
    unit: 'ratio',
    ...summarize(measured.ours.map((value, index) => value / measured.baseline[index]!)),
  };
}

export function expect(condition: boolean, message: string): void {
  if (!condition) throw new Error(`core bench input: ${message}`);
}
