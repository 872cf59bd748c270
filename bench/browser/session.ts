/** What the browser figures share on the Node side: the page session, statistics and notes. */
import type { CDPSession, Page } from 'playwright-core';
import { type Figure, summarize } from '../figures.js';

export interface Plan {
  messages: number;
  mountRuns: number;
  keyRounds: number;
  /**
   * Rounds typing right before a chip: that figure is the noisiest (its ratio hangs on a few
   * milliseconds per key), so it gets more rounds, the same for every editor.
   */
  beforeChipRounds: number;
  keysPerRound: number;
  /** Rounds of typing beside mounted messages; each round takes 1,000 messages out and back. */
  besideRounds: number;
  pasteRuns: number;
  valueSetRuns: number;
  cycles: number;
  warmupCycles: number;
  heapRuns: number;
  /** Messages in the long transcript, rounds of typing beside it, and appends to it. */
  transcriptMessages: number;
  transcriptRounds: number;
  appendRuns: number;
}

export interface Session {
  page: Page;
  cdp: CDPSession;
  plan: Plan;
}

export function ratioFigure(name: string, baseline: string, goal: number, ratios: number[]): Figure {
  return { name, baseline, goal, unit: 'ratio', ...summarize(ratios) };
}

export function median(values: readonly number[]): number {
  return summarize(values).median;
}

/** The nearest-rank 95th percentile. */
export function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

export function note(text: string): void {
  process.stdout.write(`  ${text}\n`);
}

export async function collectGarbage(cdp: CDPSession): Promise<void> {
  await cdp.send('HeapProfiler.collectGarbage');
}

/** `items` rotated by `by`, so each takes its turn first. */
export function rotated<T>(items: readonly T[], by: number): T[] {
  const shift = by % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}
