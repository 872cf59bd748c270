import { afterAll, describe, expect, it } from 'vitest';
import { readEventStream, type StreamEvent } from '../../demo/src/event-stream.js';
import type { AssistantMessage, CreatedMessage, ThreadListing } from '../../server/api-types.js';
import {
  INTERRUPTED_HEADING,
  INTERRUPTED_PROSE_HEADING,
  NEW_PROSE_HEADING,
  NEW_MESSAGE_HEADING,
  simulateAssistantReply,
  STEERED_INTRO,
} from '../../server/assistant.js';
import type { ReplyPacing } from '../../server/reply-stream.js';
import { terminal, textReferencing } from '../../support/records.js';
import { startTestHost, type TestHost, closeTestHost } from './support/test-host.js';

/**
 * Steering (SPEC §14): a message sent with `delivery: 'steer'` while a reply streams ends that
 * reply where it is (stored, stopped as `steered`), and the new reply answers both messages.
 */

/** Slow enough that the steer arrives after the first piece and long before the last. */
const SLOW: ReplyPacing = { durationMs: 1200, maxChunks: 8 };

const hosts: TestHost[] = [];
afterAll(async () => {
  for (const host of hosts) await closeTestHost(host);
});

async function slowHost(): Promise<TestHost> {
  const host = await startTestHost(undefined, { replyPacing: SLOW });
  hosts.push(host);
  return host;
}

const QUESTION = {
  text: `Why does this fail? ${textReferencing([terminal])}`,
  context: { version: 1, records: [terminal] },
};

function postStreaming(host: TestHost, threadId: string, body: unknown): Promise<Response> {
  return fetch(`${host.url}/api/threads/${threadId}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
}

const json = <T>(event: StreamEvent | undefined): T => JSON.parse(event!.data) as T;

async function readAll(response: Response): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of readEventStream(response.body!)) events.push(event);
  return events;
}

describe('a steer while a reply streams', () => {
  it('ends the running reply where it is and answers both messages in the new reply', async () => {
    const host = await slowHost();
    const first = await postStreaming(host, 'steer', QUESTION);
    const events = readEventStream(first.body!);
    const created = json<CreatedMessage>((await events.next()).value as StreamEvent);
    const firstPiece = json<{ text: string }>((await events.next()).value as StreamEvent).text;

    const steer = await postStreaming(host, 'steer', { text: 'Only the rounding, please.', delivery: 'steer' });
    const steerEvents = await readAll(steer);
    const steered = json<CreatedMessage>(steerEvents[0]);
    expect(steered.message).toMatchObject({
      text: 'Only the rounding, please.',
      parentId: created.reply.id,
      interruptedReplyId: created.reply.id,
    });

    // The interrupted stream ended with the reply as it was, marked steered.
    const rest: StreamEvent[] = [];
    for await (const event of events) rest.push(event);
    const interrupted = json<{ reply: AssistantMessage }>(rest.at(-1)).reply;
    expect(rest.at(-1)!.event).toBe('end');
    expect(interrupted).toMatchObject({ state: 'stopped', stopReason: 'steered' });
    const whole = simulateAssistantReply(created.message).text;
    expect(interrupted.text.startsWith(firstPiece)).toBe(true);
    expect(interrupted.text.length).toBeLessThan(whole.length);

    // The new reply streams whole: both messages, the interrupted one first.
    const answer = json<{ reply: AssistantMessage }>(steerEvents.at(-1)).reply;
    expect(answer.state).toBe('complete');
    const wholeInput = simulateAssistantReply(created.message).modelInput;
    expect(answer.modelInput).toBe(
      `${STEERED_INTRO}\n\n${INTERRUPTED_HEADING}\n${wholeInput}\n\n${NEW_MESSAGE_HEADING}\nOnly the rounding, please.`,
    );
    // The prose answers both, the interrupted message first.
    expect(answer.text.indexOf(INTERRUPTED_PROSE_HEADING)).toBeLessThan(answer.text.indexOf(NEW_PROSE_HEADING));
    expect(answer.text).toContain(`${NEW_PROSE_HEADING}\n\nYou asked:\n\n> Only the rounding, please.`);
    expect(answer.text).toBe(simulateAssistantReply(steered.message, created.message).text);

    const { body } = await host.getJson('/api/threads/steer/messages');
    const thread = body as ThreadListing;
    expect(thread.messages.map((message) => message.id)).toEqual([
      created.message.id,
      created.reply.id,
      steered.message.id,
      steered.reply.id,
    ]);
    expect(thread.messages[1]).toEqual(interrupted);
    expect(thread.messages[3]).toEqual(answer);
    expect((await host.getJson(`/api/replies/${steered.reply.id}`)).body).toEqual({ reply: answer });
  });

  it('is a plain new message when nothing is streaming', async () => {
    const host = await slowHost();
    const first = await postStreaming(host, 'steer-idle', QUESTION);
    await readAll(first);
    const response = await host.postMessage('steer-idle', { text: 'And now?', delivery: 'steer' });
    expect(response.status).toBe(201);
    const created = (await response.json()) as CreatedMessage;
    expect(created.message.interruptedReplyId).toBeNull();
    expect(created.reply.modelInput).toBe('And now?');
    const { body } = await host.getJson('/api/threads/steer-idle/messages');
    expect((body as ThreadListing).messages[1]).toMatchObject({ state: 'complete', stopReason: null });
  });

  it('a queued follow-up never cuts the running reply short', async () => {
    const host = await slowHost();
    const first = await postStreaming(host, 'queued', QUESTION);
    const events = readEventStream(first.body!);
    const created = json<CreatedMessage>((await events.next()).value as StreamEvent);
    await events.next();
    const queued = await host.postMessage('queued', { text: 'Next', delivery: 'queued' });
    expect(((await queued.json()) as CreatedMessage).message.interruptedReplyId).toBeNull();
    const rest: StreamEvent[] = [];
    for await (const event of events) rest.push(event);
    expect(json<{ reply: AssistantMessage }>(rest.at(-1)).reply).toMatchObject({
      id: created.reply.id,
      state: 'complete',
    });
  });
});
