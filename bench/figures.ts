/** One measured figure of `npm run bench`: ours against a baseline run side by side, as a ratio. */
export interface Figure {
  /** What is measured, e.g. "collectContextReferences, 1 MB with 5,000 links". */
  name: string;
  /** What it is compared with. */
  baseline: string;
  /** The goal the ratio (or value) must not exceed. */
  goal: number;
  /** How the value reads: a ratio (ours / baseline), a size in KB, a heap delta in MB. */
  unit: 'ratio' | 'KB' | 'MB' | '×';
  /** Median, with the spread of the repeated runs. */
  median: number;
  min: number;
  max: number;
  runs: number;
}

export interface Suite {
  name: string;
  /** `groups`, when given, names the groups of figures to run (a suite without groups runs whole). */
  run(options: { quick: boolean; groups?: readonly string[] }): Promise<Figure[]>;
}

export function verdict(figure: Figure): 'met' | 'MISSED' {
  return figure.median <= figure.goal ? 'met' : 'MISSED';
}

export function summarize(values: readonly number[]): Pick<Figure, 'median' | 'min' | 'max' | 'runs'> {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: sorted.length };
}

/**
 * Times `ours` and `baseline` alternately (so machine noise hits both alike) and returns the
 * ratio of each pair: ours / baseline.
 */
export function pairedRatios(ours: () => unknown, baseline: () => unknown, runs: number, warmup = 2): number[] {
  for (let i = 0; i < warmup; i++) {
    ours();
    baseline();
  }
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    const first = i % 2 === 0;
    const a = time(first ? ours : baseline);
    const b = time(first ? baseline : ours);
    ratios.push(first ? a / b : b / a);
  }
  return ratios;
}

function time(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}
