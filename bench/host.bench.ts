/**
 * The reference host under load: the host runs in a child process (`server/main.ts` under tsx,
 * on a free loopback port, with a temporary data folder); this process fires bounded bursts at it
 * with autocannon. Each round times three bursts side by side: a trivial baseline (listing an empty
 * thread), message writes (valid bodies with records, annotations and, for some, a small image)
 * and thread reads. Then every acknowledged write is listed back and compared with what was sent.
 *
 * `Figure` only knows ratios and sizes, so throughput and p99 latency are reported as ratios
 * against the baseline of the same round, with the absolute numbers in the figure's name.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Figure, type Suite, summarize } from './figures.js';
import { type ChildHost, startChildHost } from './host/child-host.js';
import {
  CONNECTIONS,
  READ_THREAD,
  READ_THREAD_MESSAGES,
  messageBody,
  type BurstOutcome,
  burst,
  baselineRequest,
  type WriteLog,
  writeRequest,
  type ReadLog,
  readRequest,
} from './host/load.js';
import { type Integrity, verifyWrites } from './host/integrity.js';

/** Goals, as multiples of the trivial baseline of the same round (see the figures). */
const WRITE_COST_GOAL = 25;
const WRITE_P99_GOAL = 50;
const READ_COST_GOAL = 25;
const READ_P99_GOAL = 50;

interface Round {
  baseline: BurstOutcome;
  writes: BurstOutcome;
  reads: BurstOutcome;
}

async function prepareReadThread(url: string): Promise<string> {
  for (let n = 0; n < READ_THREAD_MESSAGES; n++) {
    const response = await fetch(`${url}/api/threads/${READ_THREAD}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: messageBody(1_000_000 + n, true).body,
    });
    if (response.status !== 201) throw new Error(`could not fill the read thread: ${response.status}`);
  }
  return (await fetch(`${url}/api/threads/${READ_THREAD}/messages`)).text();
}

function median(values: readonly number[]): number {
  return summarize(values).median;
}

const formatCount = (value: number) => Math.round(value).toLocaleString('en-US');
const formatMs = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toString());

function describeBursts(rounds: readonly Round[], seconds: number): string {
  return `median of ${rounds.length} × ${seconds} s bursts, ${CONNECTIONS} connections`;
}

function baselineLabel(rounds: readonly Round[]): string {
  const baselines = rounds.map((round) => round.baseline);
  return `GET of an empty thread, same rounds: ${formatCount(median(baselines.map((b) => b.requestsPerSecond)))} req/s, p99 ${formatMs(median(baselines.map((b) => b.p99Ms)))} ms`;
}

/** Throughput as a cost: trivial requests per second ÷ these requests per second (lower is better). */
function throughputFigure(
  label: string,
  pick: (round: Round) => BurstOutcome,
  rounds: readonly Round[],
  seconds: number,
  goal: number,
): Figure {
  const outcomes = rounds.map(pick);
  return {
    name: `host ${label}: ${formatCount(median(outcomes.map((o) => o.requestsPerSecond)))} req/s (${describeBursts(rounds, seconds)}); baseline req/s ÷ these`,
    baseline: baselineLabel(rounds),
    goal,
    unit: 'ratio',
    ...summarize(rounds.map((round) => round.baseline.requestsPerSecond / pick(round).requestsPerSecond)),
  };
}

function latencyFigure(
  label: string,
  pick: (round: Round) => BurstOutcome,
  rounds: readonly Round[],
  seconds: number,
  goal: number,
): Figure {
  const outcomes = rounds.map(pick);
  return {
    name: `host ${label} p99 latency: ${formatMs(median(outcomes.map((o) => o.p99Ms)))} ms (${describeBursts(rounds, seconds)}); these ÷ baseline p99`,
    baseline: baselineLabel(rounds),
    goal,
    unit: 'ratio',
    // autocannon reports latency in whole milliseconds; a 0 ms baseline counts as 1 ms.
    ...summarize(rounds.map((round) => pick(round).p99Ms / Math.max(1, round.baseline.p99Ms))),
  };
}

type BurstKind = 'baseline' | 'write' | 'read';

/** Every burst of the run, measured or not, for the fault count. */
type BurstRecord = { kind: BurstKind; outcome: BurstOutcome }[];

const EXPECTED_STATUS: Record<BurstKind, string> = { baseline: '200', write: '201', read: '200' };

interface Faults {
  serverErrors: number;
  otherStatuses: number;
  errors: number;
  readMismatches: number;
  requests: number;
  reads: number;
}

function countFaults(bursts: BurstRecord, readMismatches: number): Faults {
  const faults: Faults = { serverErrors: 0, otherStatuses: 0, errors: 0, readMismatches, requests: 0, reads: 0 };
  for (const { kind, outcome } of bursts) {
    faults.requests += outcome.requests;
    if (kind === 'read') faults.reads += outcome.requests;
    faults.errors += outcome.errors;
    for (const [code, count] of Object.entries(outcome.statuses)) {
      if (code.startsWith('5')) faults.serverErrors += count;
      else if (code !== EXPECTED_STATUS[kind]) faults.otherStatuses += count;
    }
  }
  return faults;
}

function integrityFigure(faults: Faults, integrity: Integrity, writes: number, stderr: string): Figure {
  const total =
    integrity.lost +
    integrity.corrupted +
    integrity.unknown +
    faults.serverErrors +
    faults.otherStatuses +
    faults.errors +
    faults.readMismatches;
  const rate = total / Math.max(1, faults.requests);
  return {
    name:
      `host load integrity: ${integrity.lost} lost of ${formatCount(writes)} acknowledged writes, ${integrity.corrupted} corrupted and ` +
      `${integrity.unknown} unknown of ${formatCount(integrity.stored)} stored (${integrity.unacknowledged} caught in flight); ${faults.serverErrors} 5xx, ${faults.otherStatuses} other unexpected statuses, ` +
      `${faults.errors} errors/timeouts, ${faults.readMismatches} wrong reads of ${formatCount(faults.reads)}; server stderr ${stderr ? 'NOT empty' : 'empty'}`,
    baseline: 'every 201 write listed back identical; faults ÷ requests',
    goal: 0,
    unit: 'ratio',
    ...summarize([rate]),
  };
}

interface LoadRun {
  url: string;
  writes: WriteLog;
  reads: ReadLog;
  readListing: string;
  bursts: BurstRecord;
}

async function recordedBurst(run: LoadRun, kind: BurstKind, seconds: number): Promise<BurstOutcome> {
  const request =
    kind === 'baseline'
      ? baselineRequest()
      : kind === 'write'
        ? writeRequest(run.writes)
        : readRequest(run.readListing, run.reads);
  const outcome = await burst(run.url, seconds, request);
  run.bursts.push({ kind, outcome });
  return outcome;
}

/** The baseline, writes and reads in turn, `rounds` times, after one unmeasured round to warm up. */
async function measureRounds(run: LoadRun, rounds: number, seconds: number): Promise<Round[]> {
  for (const kind of ['baseline', 'write', 'read'] as const) await recordedBurst(run, kind, 1);
  const results: Round[] = [];
  for (let i = 0; i < rounds; i++) {
    const baseline = await recordedBurst(run, 'baseline', seconds);
    const writes = await recordedBurst(run, 'write', seconds);
    const reads = await recordedBurst(run, 'read', seconds);
    results.push({ baseline, writes, reads });
  }
  return results;
}

/** Writes and reads at once, for the integrity check only. */
async function mixedBurst(run: LoadRun, seconds: number): Promise<void> {
  await Promise.all([recordedBurst(run, 'write', seconds), recordedBurst(run, 'read', seconds)]);
}

function reportProblems(integrity: Integrity, run: LoadRun, serverStderr: string): void {
  const problems = [...integrity.problems, ...run.writes.failures, ...run.reads.failures];
  for (const problem of problems.slice(0, 20)) process.stderr.write(`host bench: ${problem}\n`);
  if (serverStderr) process.stderr.write(`host bench: server stderr:\n${serverStderr.slice(0, 4_000)}\n`);
}

export const suite: Suite = {
  name: 'host',
  async run({ quick }) {
    // Short bursts in many rounds keep each ratio's two bursts close in time, so machine noise hits both alike.
    const seconds = 1;
    const dataDir = mkdtempSync(path.join(tmpdir(), 't3-host-bench-'));
    let host: ChildHost | undefined;
    try {
      host = await startChildHost(dataDir);
      const run: LoadRun = {
        url: host.url,
        writes: { sent: [], acknowledged: [], failures: [] },
        reads: { failures: [] },
        readListing: await prepareReadThread(host.url),
        bursts: [],
      };
      const rounds = await measureRounds(run, quick ? 2 : 10, seconds);
      await mixedBurst(run, seconds);
      const integrity = await verifyWrites(host.url, run.writes);
      const faults = countFaults(run.bursts, run.reads.failures.length);
      reportProblems(integrity, run, host.stderr());
      const reads = `GET thread reads (${READ_THREAD_MESSAGES} messages)`;
      return [
        throughputFigure('POST message writes', (round) => round.writes, rounds, seconds, WRITE_COST_GOAL),
        latencyFigure('POST message writes', (round) => round.writes, rounds, seconds, WRITE_P99_GOAL),
        throughputFigure(reads, (round) => round.reads, rounds, seconds, READ_COST_GOAL),
        latencyFigure(reads, (round) => round.reads, rounds, seconds, READ_P99_GOAL),
        integrityFigure(faults, integrity, run.writes.acknowledged.length, host.stderr()),
      ];
    } finally {
      await host?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
