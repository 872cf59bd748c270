import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMessage, ThreadListing, UserMessage } from '../../server/api-types.js';
import { startTestHost, type TestHost, closeTestHost } from './support/test-host.js';

/**
 * Edits make branches: a message posted after an earlier reply is a sibling of what followed that
 * reply; the thread shows the branch last chosen.
 */

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});

afterAll(() => closeTestHost(host));

async function send(threadId: string, text: string, parentId?: string | null): Promise<UserMessage> {
  const response = await host.postMessage(threadId, { text, ...(parentId !== undefined && { parentId }) });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return (body as CreatedMessage).message;
}

async function listing(threadId: string): Promise<ThreadListing> {
  const { status, body } = await host.getJson(`/api/threads/${threadId}/messages`);
  expect(status).toBe(200);
  return body as ThreadListing;
}

function choose(threadId: string, body: unknown, contentType = 'application/json'): Promise<Response> {
  return fetch(`${host.url}/api/threads/${threadId}/branch`, {
    method: 'PUT',
    headers: { 'Content-Type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function chooseOk(threadId: string, messageId: string): Promise<ThreadListing> {
  const response = await choose(threadId, { messageId });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as ThreadListing;
}

/** The texts of the user messages shown, in order. */
const shown = (thread: ThreadListing) => thread.messages.filter((m) => m.role === 'user').map((m) => m.text);

async function expectClientError(response: Response, status: number, pattern: RegExp): Promise<void> {
  const body = await response.json();
  expect({ status: response.status, body }).toEqual({ status, body: { error: expect.stringMatching(pattern) } });
}

describe('parents', () => {
  it('chains a thread: each message follows the reply before it, each reply the message it answers', async () => {
    const first = await send('chain', 'one');
    const second = await send('chain', 'two');
    const thread = await listing('chain');
    expect(thread.messages.map((message) => [message.id, message.parentId])).toEqual([
      [first.id, null],
      [`${first.id}_reply`, first.id],
      [second.id, `${first.id}_reply`],
      [`${second.id}_reply`, second.id],
    ]);
    expect(thread.versions).toEqual({});
    expect(second).toMatchObject({ parentId: `${first.id}_reply`, interruptedReplyId: null });
  });
});

describe('editing a message starts a sibling branch', () => {
  it('shows the new version with its versions, and the old branch again when it is chosen', async () => {
    const a = await send('edit', 'a');
    const b = await send('edit', 'b');
    const c = await send('edit', 'c');
    // An edit of b: posted after b's parent.
    const b2 = await send('edit', 'b, edited', b.parentId);
    expect(b2.parentId).toBe(`${a.id}_reply`);

    let thread = await listing('edit');
    expect(shown(thread)).toEqual(['a', 'b, edited']);
    expect(thread.versions).toEqual({ [b2.id]: { siblings: [b.id, b2.id], index: 1 } });

    // A message sent now follows the branch shown.
    const d = await send('edit', 'd');
    expect(d.parentId).toBe(`${b2.id}_reply`);

    thread = await chooseOk('edit', b.id);
    expect(shown(thread)).toEqual(['a', 'b', 'c']);
    expect(thread.versions).toEqual({ [b.id]: { siblings: [b.id, b2.id], index: 0 } });
    expect(await listing('edit')).toEqual(thread);
    expect((await send('edit', 'after c')).parentId).toBe(`${c.id}_reply`);

    // Choosing through b2 again ends at the newest message under it.
    expect(shown(await chooseOk('edit', b2.id))).toEqual(['a', 'b, edited', 'd']);
  });

  it('an edit of the first message starts the thread again (parentId null)', async () => {
    const first = await send('edit-first', 'first');
    await send('edit-first', 'second');
    const again = await send('edit-first', 'first, edited', null);
    expect(again.parentId).toBeNull();
    const thread = await listing('edit-first');
    expect(shown(thread)).toEqual(['first, edited']);
    expect(thread.versions).toEqual({ [again.id]: { siblings: [first.id, again.id], index: 1 } });
    expect(shown(await chooseOk('edit-first', first.id))).toEqual(['first', 'second']);
  });

  it('choosing a message shows the newest branch under it; a reply id chooses its message', async () => {
    const a = await send('latest', 'a');
    const b = await send('latest', 'b');
    await send('latest', 'c');
    const a2 = await send('latest', 'a2', null);
    // An edit of c under a: the newest message under a.
    await send('latest', 'c2', `${b.id}_reply`);
    expect(shown(await listing('latest'))).toEqual(['a', 'b', 'c2']);
    expect(shown(await chooseOk('latest', `${a2.id}_reply`))).toEqual(['a2']);
    const thread = await chooseOk('latest', a.id);
    expect(shown(thread)).toEqual(['a', 'b', 'c2']);
    expect(Object.keys(thread.versions).length).toBe(2);
  });

  it('keeps the branch chosen across a restart', async () => {
    const dataDir = host.dataDir;
    const a = await send('restart', 'a');
    await send('restart', 'b');
    await send('restart', 'a, edited', null);
    await chooseOk('restart', a.id);
    const before = await listing('restart');
    const other = await startTestHost(dataDir);
    try {
      expect((await other.getJson('/api/threads/restart/messages')).body).toEqual(before);
    } finally {
      await other.close();
    }
  });
});

describe('bad branch input', () => {
  it('answers 4xx with a JSON error naming the problem', async () => {
    const message = await send('bad-branch', 'hello');
    await send('other-thread', 'elsewhere');
    const elsewhere = (await listing('other-thread')).messages[1]!.id;

    await expectClientError(await host.postMessage('bad-branch', { text: 'x', parentId: 42 }), 400, /parentId/);
    await expectClientError(await host.postMessage('bad-branch', { text: 'x', parentId: 'a b' }), 400, /parentId/);
    await expectClientError(
      await host.postMessage('bad-branch', { text: 'x', parentId: message.id }),
      400,
      /names a user message/,
    );
    await expectClientError(
      await host.postMessage('bad-branch', { text: 'x', parentId: elsewhere }),
      400,
      /not a reply in thread bad-branch/,
    );
    await expectClientError(await host.postMessage('bad-branch', { text: 'x', delivery: 'later' }), 400, /delivery/);

    await expectClientError(await choose('bad-branch', { messageId: 'msg_missing' }), 404, /no message msg_missing/);
    await expectClientError(await choose('bad-branch', { messageId: elsewhere }), 404, /no message/);
    await expectClientError(await choose('bad-branch', {}), 400, /messageId/);
    await expectClientError(await choose('bad-branch', [message.id]), 400, /messageId/);
    await expectClientError(await choose('bad-branch', '{"messageId":'), 400, /JSON/);
    await expectClientError(await choose('bad-branch', { messageId: message.id }, 'text/plain'), 415, /Content-Type/);
    await expectClientError(await choose('bad id!', { messageId: message.id }), 400, /thread id/);
    const get = await fetch(`${host.url}/api/threads/bad-branch/branch`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('PUT');
    // Nothing was written by the refused requests.
    expect(shown(await listing('bad-branch'))).toEqual(['hello']);
  });
});
