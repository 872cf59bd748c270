import type { IncomingMessage, ServerResponse } from 'node:http';

/** A failure with the status and message the client should see. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/**
 * The strict policy the demo pages run under, as a host would set it: no inline scripts or styles,
 * images only from the page's origin and `blob:` URLs, and Trusted Types for every HTML sink (Lit's
 * templates go through its `lit-html` policy). The package needs nothing beyond it.
 */
export function contentSecurityPolicy(extraTrustedTypesPolicies: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    ['trusted-types lit-html', ...extraTrustedTypesPolicies].join(' '),
  ].join('; ');
}

/** The policy of every page that needs nothing beyond the package's own. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** Headers on every response: the page policy, no MIME sniffing, nothing leaks through the referrer. */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const payload = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, {
    ...BASE_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(payload.length),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : payload);
}

export function sendError(req: IncomingMessage, res: ServerResponse, error: HttpError): void {
  sendJson(req, res, error.status, { error: error.message }, error.headers);
}

/**
 * How much of an oversized upload is read and thrown away before the 413 goes out. Answering
 * while the client is still sending, then closing, makes the kernel answer its next bytes with a
 * reset, which can destroy the 413 before the client reads it; draining first avoids that for
 * every upload up to this much past the limit. Larger ones are answered at once and cut off.
 */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;

type BodyOutcome = { kind: 'body'; body: Buffer } | { kind: 'too-large'; drained: boolean } | { kind: 'gone' };

/**
 * Reads the whole body, refusing more than `maxBytes` with a 413: past the limit nothing more is
 * kept, the rest is drained (see {@link DISCARD_MAX_BYTES}), then the 413 is sent.
 */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  const outcome: BodyOutcome =
    Number.isFinite(declared) && declared > maxBytes + DISCARD_MAX_BYTES
      ? { kind: 'too-large', drained: false }
      : await collectBody(req, maxBytes);
  if (outcome.kind === 'body') return outcome.body;
  if (outcome.kind === 'gone') throw new HttpError(400, 'request body was cut off');
  // An upload still arriving cannot be followed by another request on this connection.
  const headers: Record<string, string> = outcome.drained ? {} : { Connection: 'close' };
  throw new HttpError(413, `request body must be at most ${maxBytes} bytes`, headers);
}

function collectBody(req: IncomingMessage, maxBytes: number): Promise<BodyOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (outcome: BodyOutcome) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) chunks.push(chunk);
      else chunks.length = 0;
      if (received > maxBytes + DISCARD_MAX_BYTES) finish({ kind: 'too-large', drained: false });
    };
    const onEnd = () =>
      finish(
        received > maxBytes
          ? { kind: 'too-large', drained: true }
          : { kind: 'body', body: Buffer.concat(chunks, received) },
      );
    // `close` after `end` never gets here (finish removed it); before it, the client went away.
    const onGone = () => finish({ kind: 'gone' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onGone);
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses a JSON body; invalid UTF-8 and malformed JSON are client errors. */
export function parseJsonBody(body: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new HttpError(400, 'request body must be UTF-8 encoded JSON');
  }
  if (text.trim() === '') throw new HttpError(400, 'request body is empty; expected a JSON object');
  try {
    return JSON.parse(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? `: ${error.message}` : '';
    throw new HttpError(400, `request body is not valid JSON${detail}`);
  }
}

/** `application/json`, with or without parameters such as `charset=utf-8`. */
export function requireJsonContentType(req: IncomingMessage): void {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
}
