import path from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { BlockSplitter, readEventStream, type StreamEvent } from '../../demo/src/event-stream.js';
import type { AssistantMessage, CreatedMessage, ReplyStatus, ThreadListing } from '../../server/api-types.js';
import { simulateAssistantReply } from '../../server/assistant.js';
import { createMessage } from '../../server/messages.js';
import { replyChunks, type ReplyPacing } from '../../server/reply-stream.js';
import { DATABASE_FILE_NAME, openStore } from '../../server/store.js';
import { terminal, textReferencing } from '../../support/records.js';
import { makeTempDir, startTestHost, type TestHost, closeTestHost } from './support/test-host.js';

/** Streamed replies: pieces as Server-Sent Events, each stored as it goes; stopped ones never read as complete. */

const FAST: ReplyPacing = { durationMs: 20, maxChunks: 8 };
/** So slow that a test stops it long before the second piece. */
const STALLED: ReplyPacing = { durationMs: 3_600_000, maxChunks: 8 };

const hosts: TestHost[] = [];
afterAll(async () => {
  for (const host of hosts) await closeTestHost(host);
});

async function hostWith(pacing: ReplyPacing, dataDir?: string): Promise<TestHost> {
  const host = await startTestHost(dataDir, { replyPacing: pacing });
  hosts.push(host);
  return host;
}

const MESSAGE = { text: textReferencing([terminal]), context: { version: 1, records: [terminal] } };

function postStreaming(host: TestHost, threadId: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${host.url}/api/threads/${threadId}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(MESSAGE),
    signal,
  });
}

const json = <T>(event: StreamEvent | undefined): T => JSON.parse(event!.data) as T;

async function stopReply(host: TestHost, replyId: string, contentType = 'application/json'): Promise<Response> {
  return fetch(`${host.url}/api/replies/${replyId}/stop`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: '{}',
  });
}

async function replyState(host: TestHost, replyId: string): Promise<AssistantMessage> {
  const { status, body } = await host.getJson(`/api/replies/${replyId}`);
  expect(status).toBe(200);
  return (body as ReplyStatus).reply;
}

describe('replyChunks', () => {
  it('cuts any text into at most maxChunks pieces that join back to it, never splitting a surrogate pair', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer({ min: 1, max: 50 }), (text, max) => {
        const chunks = replyChunks(text, max);
        expect(chunks.join('')).toBe(text);
        expect(chunks.length).toBeLessThanOrEqual(Math.max(1, max));
        for (const chunk of chunks) {
          expect(chunk).not.toBe('');
          expect(/^[\uDC00-\uDFFF]/.test(chunk)).toBe(false);
        }
      }),
    );
  });
});

describe('BlockSplitter', () => {
  it('cuts text at blank lines the same whatever pieces it arrives in', () => {
    const piece = fc.string({ unit: fc.constantFrom('a', 'b', ':', ' ', '\n', '\r'), maxLength: 40 });
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const splitter = new BlockSplitter();
        const blocks = pieces.flatMap((text) => splitter.push(text));
        expect(blocks).toEqual(
          pieces
            .join('')
            .split(/\r\n\r\n|\n\n|\r\r/)
            .slice(0, -1),
        );
      }),
      { numRuns: 2000 },
    );
  });
});

describe('POST /api/threads/:id/messages with Accept: text/event-stream', () => {
  it('streams the reply in several pieces, then stores and lists it as complete', async () => {
    const host = await hostWith(FAST);
    const response = await postStreaming(host, 'streamed');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const events: StreamEvent[] = [];
    for await (const event of readEventStream(response.body!)) events.push(event);

    expect(events[0]!.event).toBe('created');
    const created = json<CreatedMessage>(events[0]);
    expect(created.reply).toMatchObject({ state: 'streaming', text: '', stopReason: null });
    // What the model receives is whole from the start; only the answer streams.
    expect(created.reply.modelInput).toContain('<t3_context version="1">');
    const deltas = events.filter((event) => event.event === 'delta').map((event) => json<{ text: string }>(event).text);
    expect(deltas.length).toBeGreaterThan(1);
    expect(events.at(-1)!.event).toBe('end');
    expect(events.filter((event) => event.event === 'end')).toHaveLength(1);
    const { reply } = json<{ reply: AssistantMessage }>(events.at(-1));
    const whole = simulateAssistantReply(created.message).text;
    expect(whole).toContain('### What I received');
    expect(deltas.join('')).toBe(whole);
    // Word by word: a piece never ends inside a word.
    for (const delta of deltas.slice(0, -1)) expect(delta).toMatch(/\s$/);
    expect(reply).toMatchObject({ id: created.reply.id, state: 'complete', stopReason: null, text: whole });

    const { body } = await host.getJson('/api/threads/streamed/messages');
    expect((body as ThreadListing).messages).toEqual([created.message, reply]);
    expect(await replyState(host, reply.id)).toEqual(reply);
  });

  it('a stop request ends the stream: the reply is stored as stopped with the text sent so far', async () => {
    const host = await hostWith(STALLED);
    const response = await postStreaming(host, 'stopped');
    const events = readEventStream(response.body!);
    const created = json<CreatedMessage>((await events.next()).value as StreamEvent);
    const first = (await events.next()).value as StreamEvent;
    expect(first.event).toBe('delta');
    expect(await replyState(host, created.reply.id)).toMatchObject({
      state: 'streaming',
      text: json<{ text: string }>(first).text,
    });

    const stop = await stopReply(host, created.reply.id);
    expect(stop.status).toBe(200);
    const stopped = (await stop.json()) as ReplyStatus;
    expect(stopped.stopped).toBe(true);
    expect(stopped.reply).toMatchObject({
      state: 'stopped',
      stopReason: 'stop-request',
      text: json<{ text: string }>(first).text,
    });
    expect(stopped.reply.text.length).toBeLessThan(simulateAssistantReply(created.message).text.length);

    const rest: StreamEvent[] = [];
    for await (const event of events) rest.push(event);
    expect(rest.map((event) => event.event)).toEqual(['end']);
    expect(json<{ reply: AssistantMessage }>(rest[0]).reply).toEqual(stopped.reply);

    const { body } = await host.getJson('/api/threads/stopped/messages');
    expect((body as ThreadListing).messages[1]).toEqual(stopped.reply);
    // Stopping again changes nothing and says so.
    const again = (await (await stopReply(host, created.reply.id)).json()) as ReplyStatus;
    expect(again).toEqual({ reply: stopped.reply, stopped: false });
  });

  it('a client that goes away mid-stream does not stop the reply: it is stored whole and complete', async () => {
    const host = await hostWith({ durationMs: 400, maxChunks: 8 });
    const abort = new AbortController();
    const response = await postStreaming(host, 'gone', abort.signal);
    const events = readEventStream(response.body!);
    const created = json<CreatedMessage>((await events.next()).value as StreamEvent);
    await events.next();
    abort.abort();
    expect((await replyState(host, created.reply.id)).state).toBe('streaming');
    await expect.poll(async () => (await replyState(host, created.reply.id)).state).toBe('complete');
    expect(await replyState(host, created.reply.id)).toMatchObject({
      stopReason: null,
      text: simulateAssistantReply(created.message).text,
    });
  });

  it('a reply streaming when the host closes reads as stopped after the restart', async () => {
    const dataDir = await makeTempDir('restart');
    const host = await startTestHost(dataDir, { replyPacing: STALLED });
    const response = await postStreaming(host, 'restart');
    const events = readEventStream(response.body!);
    const created = json<CreatedMessage>((await events.next()).value as StreamEvent);
    await events.next();
    await host.close();

    const again = await hostWith(FAST, dataDir);
    expect(await replyState(again, created.reply.id)).toMatchObject({ state: 'stopped', stopReason: 'host-restart' });
  });

  it('a reply left streaming by a host that died reads as stopped when the host starts again', async () => {
    const dataDir = await makeTempDir('crash');
    const store = openStore(dataDir);
    const { reply } = createMessage(
      store,
      'crashed',
      {
        text: 'hi',
        prompt: null,
        context: null,
        dropped: [],
        inputAnnotations: [],
        droppedAnnotations: 0,
        uploads: [],
      },
      { streamReply: true },
    );
    store.saveReply({ messageId: reply.replyTo, state: 'streaming', stopReason: null, text: 'h' });
    store.close(); // as a killed process leaves it: the row still says streaming

    const host = await hostWith(FAST, dataDir);
    const { body } = await host.getJson('/api/threads/crashed/messages');
    expect((body as ThreadListing).messages[1]).toMatchObject({
      state: 'stopped',
      stopReason: 'host-restart',
      text: 'h',
    });
  });

  it('a database from before replies were stored gains the table; its messages read as answered', async () => {
    const dataDir = await makeTempDir('v1');
    const first = await startTestHost(dataDir);
    const created = (await (await first.postMessage('old', MESSAGE)).json()) as CreatedMessage;
    await first.close();
    const db = new Database(path.join(dataDir, DATABASE_FILE_NAME));
    db.exec('DROP TABLE replies');
    db.pragma('user_version = 1');
    db.close();

    const host = await hostWith(FAST, dataDir);
    expect(await replyState(host, created.reply.id)).toEqual(created.reply);
    const streamed = await postStreaming(host, 'old');
    for await (const event of readEventStream(streamed.body!)) void event;
    const { body } = await host.getJson('/api/threads/old/messages');
    expect((body as ThreadListing).messages.map((message) => message.role === 'assistant' && message.state)).toEqual([
      false,
      'complete',
      false,
      'complete',
    ]);
  });

  it('without the stream header the reply comes whole in the 201', async () => {
    const host = await hostWith(STALLED);
    const response = await host.postMessage('whole', MESSAGE);
    expect(response.status).toBe(201);
    const created = (await response.json()) as CreatedMessage;
    expect(created.reply).toMatchObject({ state: 'complete', text: simulateAssistantReply(created.message).text });
  });

  it('answers bad stop and status requests with a JSON error', async () => {
    const host = await hostWith(FAST);
    expect((await stopReply(host, 'msg_nothing_reply')).status).toBe(404);
    expect((await stopReply(host, 'not-a-reply')).status).toBe(404);
    expect((await host.getJson('/api/replies/msg_nothing_reply')).status).toBe(404);
    const created = (await (await host.postMessage('bad-stop', MESSAGE)).json()) as CreatedMessage;
    const form = await stopReply(host, created.reply.id, 'text/plain');
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ error: 'Content-Type must be application/json' });
    const get = await fetch(`${host.url}/api/replies/${created.reply.id}/stop`);
    expect(get.status).toBe(405);
  });
});
