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
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ThreadListing, UserMessage } from '../server/api-types.js';
import { buildSubmission, type ContextRecord, formatContextReference, type MessageContext } from '../src/core/index.js';
import { type Figure, type Suite, summarize } from './figures.js';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 25;
const WRITE_THREADS = 8;
const READ_THREAD = 'read-sample';
const READ_THREAD_MESSAGES = 10;
/** Every tenth write carries an image. */
const ATTACHMENT_EVERY = 10;
/** A 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PNG_BYTES = Buffer.from(PNG_BASE64, 'base64');
/** Goals, as multiples of the trivial baseline of the same round (see the figures). */
const WRITE_COST_GOAL = 25;
const WRITE_P99_GOAL = 50;
const READ_COST_GOAL = 25;
const READ_P99_GOAL = 50;

// ---- autocannon (CommonJS, no bundled types): the part of its API used here --------------------

interface BurstRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: BurstRequest, context: Record<string, unknown>) => BurstRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

interface BurstResult {
  requests: { average: number; total: number };
  latency: { p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
}

interface BurstInstance extends PromiseLike<BurstResult> {
  stop(): void;
}

type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: BurstRequest[];
}) => BurstInstance;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

// ---- The host in a child process ----------------------------------------------------------------

interface ChildHost {
  url: string;
  /** What the host printed on stderr (it logs unexpected errors there). */
  stderr(): string;
  stop(): Promise<void>;
}

/** `node --import tsx` rather than the tsx binary, so the pid signalled is the server itself. */
async function startChildHost(dataDir: string): Promise<ChildHost> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', T3_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async () => {
    process.off('exit', killOnExit);
    await stopChild(child);
  };
  try {
    const url = await announcedUrl(child, () => stderr);
    return { url, stderr: () => stderr, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function announcedUrl(child: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`the host did not start within 30 s: ${stderr()}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /t3-composer demo: (http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the host exited with ${code} before listening: ${stderr()}`));
    });
  });
}

/** SIGTERM (the host closes its database), then SIGKILL if it has not exited after 5 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

// ---- Message bodies -----------------------------------------------------------------------------

interface SentMessage {
  threadId: string;
  /** The JSON request body, as sent. */
  body: string;
  /** The image's name when the message carries one (names are unique, so the stored copy can be found). */
  attachmentName?: string;
}

/** A composer-like submission: a terminal excerpt, a file mention and sometimes an image, with non-ASCII prose. */
function messageBody(n: number, asciiOnly = false): { body: string; attachmentName?: string } {
  const terminal: ContextRecord = {
    version: 1,
    kind: 'terminal',
    contextId: `terminal_${n}`,
    label: `Terminal 1 lines ${n}-${n + 3}`,
    terminalId: 'terminal-1',
    terminalLabel: 'Terminal 1',
    lineStart: n,
    lineEnd: n + 3,
    text: `$ npm test -- --run ${n}\n  ✗ checkout total rounds half-cents up\n    expected 10.01, received 10.00\n1 failing`,
  };
  const mention: ContextRecord = {
    version: 1,
    kind: 'mention',
    contextId: `mention_${n}`,
    label: 'cart.ts',
    path: 'src/checkout/cart.ts',
  };
  const records: ContextRecord[] = [terminal, mention];
  const withImage = n % ATTACHMENT_EVERY === 0;
  const attachmentName = withImage ? `shot-${n}.png` : undefined;
  if (attachmentName) {
    records.push({
      version: 1,
      kind: 'image',
      contextId: `image_local_${n}`,
      label: attachmentName,
      attachmentId: `local_${n}`,
      name: attachmentName,
      mimeType: 'image/png',
      sizeBytes: PNG_BYTES.length,
    });
  }
  const prose = asciiOnly ? 'Message' : 'Message naïve — 日本語 🙂';
  const text = `${prose} ${n}: why does ${formatContextReference(terminal)} fail in ${formatContextReference(mention)}?${
    attachmentName ? ` See ${formatContextReference(records[2]!)}` : ''
  }`;
  const submission = buildSubmission({ text, records });
  const attachments = attachmentName
    ? [{ attachmentId: `local_${n}`, name: attachmentName, mimeType: 'image/png', dataBase64: PNG_BASE64 }]
    : [];
  const body = JSON.stringify({
    text: submission.text,
    context: submission.context ?? null,
    prompt: submission.prompt,
    inputAnnotations: submission.inputAnnotations,
    attachments,
  });
  return { body, attachmentName };
}

// ---- Bursts ------------------------------------------------------------------------------------

interface BurstOutcome {
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
}

/** One autocannon burst, stopped by its duration, or forcibly 30 s after it should have ended. */
async function burst(url: string, seconds: number, request: BurstRequest): Promise<BurstOutcome> {
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, timeout: 10, requests: [request] });
  const guard = setTimeout(() => instance.stop(), (seconds + 30) * 1000);
  try {
    const result = await instance;
    const statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, Number(count)]),
    );
    return {
      requestsPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors,
      timeouts: result.timeouts,
      statuses,
    };
  } finally {
    clearTimeout(guard);
  }
}

function baselineRequest(): BurstRequest {
  return { method: 'GET', path: '/api/threads/empty/messages' };
}

interface WriteLog {
  sent: SentMessage[];
  /** Acknowledged writes: the stored id and the index into `sent`. */
  acknowledged: { id: string; index: number }[];
  /** Responses whose status was not 201, or whose body named no message id. */
  failures: string[];
}

/**
 * Each connection sends one write at a time (no pipelining), so the response that arrives is the
 * answer to the body the connection's context last recorded.
 */
function writeRequest(log: WriteLog): BurstRequest {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    setupRequest(request, context) {
      const index = log.sent.length;
      const threadId = `load-${index % WRITE_THREADS}`;
      const { body, attachmentName } = messageBody(index);
      log.sent.push({ threadId, body, attachmentName });
      context.index = index;
      return { ...request, path: `/api/threads/${threadId}/messages`, body };
    },
    onResponse(status, body, context) {
      // autocannon decodes each chunk on its own, so non-ASCII text in this body may be mangled;
      // only the (ASCII) id is read here. The stored message is compared later through fetch.
      const id = /"id":"(msg_[0-9a-f]+)"/.exec(body)?.[1];
      if (status === 201 && id) log.acknowledged.push({ id, index: context.index as number });
      else log.failures.push(`write ${String(context.index)}: ${status} ${body.slice(0, 200)}`);
    },
  };
}

interface ReadLog {
  /** Responses that were not 200 with exactly the expected listing. */
  failures: string[];
}

/** The read thread holds only ASCII text, so autocannon's per-chunk decoding keeps its bytes exact. */
function readRequest(expectedListing: string, log: ReadLog): BurstRequest {
  return {
    method: 'GET',
    path: `/api/threads/${READ_THREAD}/messages`,
    onResponse(status, body) {
      if (status !== 200 || body !== expectedListing) log.failures.push(`read: ${status} ${body.slice(0, 200)}`);
    },
  };
}

// ---- Verification -------------------------------------------------------------------------------

/** JSON with object keys sorted, so two structures compare by content, not key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : item,
  );
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

async function listUserMessages(url: string, threadId: string): Promise<UserMessage[]> {
  const listing = await getJson<ThreadListing>(`${url}/api/threads/${threadId}/messages`);
  return listing.messages.filter((message): message is UserMessage => message.role === 'user');
}

/** The sent body as the host should store it: the image record rebound to the stored attachment's id. */
function expectedStoredFields(sent: SentMessage, stored: UserMessage): unknown {
  const body = JSON.parse(sent.body) as {
    text: string;
    prompt: string;
    inputAnnotations: unknown[];
    context: MessageContext;
  };
  const storedImage = stored.attachments.find((attachment) => attachment.name === sent.attachmentName);
  const records = body.context.records.map((record) =>
    record.kind === 'image' && storedImage ? { ...record, attachmentId: storedImage.attachmentId } : record,
  );
  return {
    text: body.text,
    prompt: body.prompt,
    inputAnnotations: body.inputAnnotations,
    context: { version: 1, records },
  };
}

function storedFields(stored: UserMessage): unknown {
  return {
    text: stored.text,
    prompt: stored.prompt,
    inputAnnotations: stored.inputAnnotations,
    context: stored.context,
  };
}

interface Integrity {
  lost: number;
  corrupted: number;
  /** Stored writes this process got no 201 for: in flight when a burst stopped, or a response lost to a timeout. */
  unacknowledged: number;
  /** Stored messages that match no body sent. */
  unknown: number;
  stored: number;
  problems: string[];
}

/** Which sent body a stored message came from: the number in its text. */
function sentIndexOf(message: UserMessage): number | undefined {
  const match = /^Message[^:]* (\d+): /.exec(message.text);
  return match ? Number(match[1]) : undefined;
}

/**
 * Every acknowledged write must be listed back; every stored write (acknowledged or caught in
 * flight when a burst stopped) must hold the fields it was sent with, and its image the same bytes.
 */
async function verifyWrites(url: string, log: WriteLog): Promise<Integrity> {
  const stored = new Map<string, UserMessage>();
  for (let thread = 0; thread < WRITE_THREADS; thread++) {
    for (const message of await listUserMessages(url, `load-${thread}`)) stored.set(message.id, message);
  }
  const acknowledged = new Set(log.acknowledged.map(({ id }) => id));
  const integrity: Integrity = {
    lost: 0,
    corrupted: 0,
    unacknowledged: 0,
    unknown: 0,
    stored: stored.size,
    problems: [],
  };
  for (const { id, index } of log.acknowledged) {
    if (stored.get(id)?.threadId === log.sent[index]!.threadId) continue;
    integrity.lost++;
    integrity.problems.push(`write ${index} (${id}) is not listed in ${log.sent[index]!.threadId}`);
  }
  const images: { id: string; url: string }[] = [];
  for (const message of stored.values()) {
    if (!acknowledged.has(message.id)) integrity.unacknowledged++;
    const index = sentIndexOf(message);
    const sent = index === undefined ? undefined : log.sent[index];
    if (!sent) {
      integrity.unknown++;
      integrity.problems.push(`stored message ${message.id} matches no sent body`);
      continue;
    }
    const imageIntact =
      !sent.attachmentName ||
      message.attachments.some(
        (attachment) => attachment.name === sent.attachmentName && attachment.sizeBytes === PNG_BYTES.length,
      );
    if (
      !imageIntact ||
      message.threadId !== sent.threadId ||
      canonicalJson(storedFields(message)) !== canonicalJson(expectedStoredFields(sent, message))
    ) {
      integrity.corrupted++;
      integrity.problems.push(`stored message ${message.id} (write ${index}) differs from what was sent`);
      continue;
    }
    for (const attachment of message.attachments) images.push({ id: message.id, url: `${url}${attachment.url}` });
  }
  for (const bad of await imagesWithOtherBytes(images)) {
    integrity.corrupted++;
    integrity.problems.push(`the image of ${bad} has other bytes than were sent`);
  }
  return integrity;
}

/** Fetches the stored images a few at a time; returns the ids of messages whose image bytes differ. */
async function imagesWithOtherBytes(images: readonly { id: string; url: string }[]): Promise<string[]> {
  const bad: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < images.length) {
      const image = images[next++]!;
      const response = await fetch(image.url);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (!response.ok || !bytes.equals(PNG_BYTES)) bad.push(image.id);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return bad;
}

// ---- The suite ------------------------------------------------------------------------------------

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
