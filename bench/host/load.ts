import { buildSubmission, type ContextRecord, formatContextReference } from '../../src/core/index.js';
import { type BurstRequest, autocannon } from './child-host.js';

/** What the load is made of: message bodies, and bursts of baseline, write and read requests. */
export const CONNECTIONS = 25;
export const WRITE_THREADS = 8;
export const READ_THREAD = 'read-sample';
export const READ_THREAD_MESSAGES = 10;
/** Every tenth write carries an image. */
const ATTACHMENT_EVERY = 10;
/** A 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
export const PNG_BYTES = Buffer.from(PNG_BASE64, 'base64');

export interface SentMessage {
  threadId: string;
  /** The JSON request body, as sent. */
  body: string;
  /** The image's name when the message carries one (names are unique, so the stored copy can be found). */
  attachmentName?: string;
}

/** A composer-like submission: a terminal excerpt, a file mention and sometimes an image, with non-ASCII prose. */
export function messageBody(n: number, asciiOnly = false): { body: string; attachmentName?: string } {
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

export interface BurstOutcome {
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
}

/** One autocannon burst, stopped by its duration, or forcibly 30 s after it should have ended. */
export async function burst(url: string, seconds: number, request: BurstRequest): Promise<BurstOutcome> {
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

export function baselineRequest(): BurstRequest {
  return { method: 'GET', path: '/api/threads/empty/messages' };
}

export interface WriteLog {
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
export function writeRequest(log: WriteLog): BurstRequest {
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

export interface ReadLog {
  /** Responses that were not 200 with exactly the expected listing. */
  failures: string[];
}

/** The read thread holds only ASCII text, so autocannon's per-chunk decoding keeps its bytes exact. */
export function readRequest(expectedListing: string, log: ReadLog): BurstRequest {
  return {
    method: 'GET',
    path: `/api/threads/${READ_THREAD}/messages`,
    onResponse(status, body) {
      if (status !== 200 || body !== expectedListing) log.failures.push(`read: ${status} ${body.slice(0, 200)}`);
    },
  };
}
