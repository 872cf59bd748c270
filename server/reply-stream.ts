import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AssistantMessage, CreatedMessage, ReplyStreamEvents } from './api-types.js';
import { BASE_HEADERS } from './http-io.js';
import type { StopReason } from './reply-rows.js';
import type { Store } from './store.js';

/**
 * Streaming the simulated reply as Server-Sent Events over the response to the POST that created
 * the message: the reply's text a piece at a time, each piece stored before it is sent, so the
 * database always holds at least what the client has seen. A client that goes away (a reload, a
 * closed tab) does not stop it: the reply goes on to the end and is stored, and the page reads it
 * back with `GET /api/replies/:id`. A stop request or the host closing ends it as `stopped`; only a
 * reply that was written to the end is `complete`.
 */

export interface ReplyPacing {
  /** How long the whole reply takes to stream, whatever its length. */
  durationMs: number;
  /** Into how many pieces a long reply is cut, at most. */
  maxChunks: number;
}

/** Two seconds, a word or a few at a time: reads as typing, never keeps a long reply waiting. */
export const DEFAULT_REPLY_PACING: ReplyPacing = { durationMs: 2000, maxChunks: 200 };

/**
 * Cuts `text` into at most `maxChunks` pieces of whole words (each word with the space after it),
 * as even in word count as they can be; a text without words is one piece.
 */
export function replyChunks(text: string, maxChunks: number): string[] {
  const words = text.match(/^\s+|\S+\s*/g) ?? [];
  if (words.length === 0) return text === '' ? [] : [text];
  const count = Math.max(1, Math.min(maxChunks, words.length));
  const chunks: string[] = [];
  for (let index = 0; index < count; index++) {
    const from = Math.floor((index * words.length) / count);
    const to = Math.floor(((index + 1) * words.length) / count);
    chunks.push(words.slice(from, to).join(''));
  }
  return chunks;
}

/** The replies streaming now, so a stop request or the host's shutdown can end them. */
export class ReplyStreams {
  private readonly running = new Map<string, { stop: AbortController; done: Promise<void> }>();

  /** Stops a running reply and waits until its final state is stored; false when it was not running. */
  async stop(replyId: string, reason: StopReason): Promise<boolean> {
    const entry = this.running.get(replyId);
    if (!entry) return false;
    entry.stop.abort(reason);
    await entry.done;
    return true;
  }

  async stopAll(reason: StopReason): Promise<void> {
    await Promise.all([...this.running.keys()].map((replyId) => this.stop(replyId, reason)));
  }

  /**
   * Streams `text`, the whole reply of a message just created with `streamReply`; resolves when
   * the response has ended.
   */
  stream(
    req: IncomingMessage,
    res: ServerResponse,
    store: Store,
    created: CreatedMessage,
    text: string,
    pacing: ReplyPacing,
  ) {
    const stop = new AbortController();
    const done = runStream(res, store, created, text, pacing, stop.signal).finally(() =>
      this.running.delete(created.reply.id),
    );
    this.running.set(created.reply.id, { stop, done });
    req.resume();
    return done;
  }
}

async function runStream(
  res: ServerResponse,
  store: Store,
  created: CreatedMessage,
  whole: string,
  pacing: ReplyPacing,
  signal: AbortSignal,
): Promise<void> {
  res.writeHead(200, {
    ...BASE_HEADERS,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Accel-Buffering': 'no',
  });
  send(res, 'created', created);

  const messageId = created.message.id;
  const chunks = replyChunks(whole, pacing.maxChunks);
  const pause = chunks.length > 1 ? pacing.durationMs / (chunks.length - 1) : 0;
  let text = '';
  for (const [index, chunk] of chunks.entries()) {
    if (index > 0 && !(await paused(pause, signal))) break;
    text += chunk;
    store.saveReply({ messageId, state: 'streaming', stopReason: null, text });
    send(res, 'delta', { replyId: created.reply.id, text: chunk });
  }

  const reason = signal.aborted ? (signal.reason as StopReason) : null;
  store.saveReply({ messageId, state: reason ? 'stopped' : 'complete', stopReason: reason, text });
  const reply: AssistantMessage = {
    ...created.reply,
    text,
    state: reason ? 'stopped' : 'complete',
    stopReason: reason,
  };
  send(res, 'end', { reply });
  res.end();
}

/** Waits `ms`; false when the stream was stopped meanwhile. */
async function paused(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

function send<Name extends keyof ReplyStreamEvents>(res: ServerResponse, event: Name, data: ReplyStreamEvents[Name]) {
  // JSON never holds a raw line break, so each event's data is one `data:` line.
  if (!res.writableEnded && !res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** Whether the client asked for the reply as a stream of events. */
export function wantsEventStream(req: IncomingMessage): boolean {
  return (req.headers.accept ?? '').split(',').some((type) => type.split(';')[0]!.trim() === 'text/event-stream');
}
