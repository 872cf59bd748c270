import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMessage, ThreadListing, UploadedAttachment, UserMessage } from '../../server/api-types.js';
import { MAX_UPLOAD_BYTES } from '../../server/limits.js';
import { image } from '../../support/records.js';
import { base64, closeTestHost, startTestHost, type TestHost } from './support/test-host.js';

/**
 * Uploads that start on attach (SPEC §22): `POST /api/uploads` stores one file, `GET
 * /api/uploads/:id` serves it with its type, a disposition and no sniffing; a message naming it
 * links it; deleting a thread deletes the uploads and attachments that were its alone.
 */

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost(undefined, { replyPacing: { durationMs: 3000, maxChunks: 30 } });
});

afterAll(() => closeTestHost(host));

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function upload(
  body: BodyInit,
  { type, name = 'shot.png', threadId }: { type?: string; name?: string | null; threadId?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (type !== undefined) headers['Content-Type'] = type;
  if (name !== null) headers['X-Upload-Name'] = encodeURIComponent(name);
  const query = threadId === undefined ? '' : `?threadId=${encodeURIComponent(threadId)}`;
  return fetch(`${host.url}/api/uploads${query}`, { method: 'POST', headers, body });
}

async function uploaded(response: Response): Promise<UploadedAttachment> {
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as UploadedAttachment;
}

async function expectClientError(response: Response, status: number, pattern: RegExp): Promise<void> {
  const body = await response.json();
  expect({ status: response.status, body }).toEqual({ status, body: { error: expect.stringMatching(pattern) } });
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

const get = (url: string, method = 'GET') => fetch(`${host.url}${url}`, { method });

describe('POST /api/uploads and GET /api/uploads/:id', () => {
  it('stores a file and serves it back with its type, an inline disposition, no sniffing and a sandbox', async () => {
    const answer = await uploaded(await upload(PNG, { type: 'image/png', name: 'shot 1 “final”.png', threadId: 't1' }));
    expect(answer).toEqual({
      attachmentId: expect.stringMatching(/^att_[0-9a-f]{24}$/),
      url: `/api/uploads/${answer.attachmentId}`,
      name: 'shot 1 “final”.png',
      mimeType: 'image/png',
      sizeBytes: PNG.length,
    });
    const response = await get(answer.url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-length')).toBe(String(PNG.length));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent('shot 1 “final”.png')}`,
    );
    expect(response.headers.get('content-security-policy')).toMatch(/sandbox/);
    const head = await get(answer.url, 'HEAD');
    expect([head.status, await head.text()]).toEqual([200, '']);
    // The same file under the attachments route, as a message lists it.
    expect(Buffer.from(await (await get(`/api/attachments/${answer.attachmentId}`)).arrayBuffer())).toEqual(PNG);
  });

  it('keeps the type it was given, checked: HTML and unknown types download, plain text shows with its charset', async () => {
    const html = await uploaded(await upload('<script>alert(1)</script>', { type: 'text/html', name: 'page.html' }));
    const served = await get(html.url);
    expect(served.headers.get('content-type')).toBe('text/html');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''page\.html$/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');

    const svg = await uploaded(await upload('<svg/>', { type: 'Image/SVG+XML', name: 'a.svg' }));
    expect(svg.mimeType).toBe('image/svg+xml');
    expect((await get(svg.url)).headers.get('content-disposition')).toMatch(/^attachment;/);

    const text = await uploaded(
      await upload('héllo', { type: 'text/plain;charset=UTF-8;format=flowed', name: 'a.txt' }),
    );
    expect(text.mimeType).toBe('text/plain; charset=utf-8');
    const plain = await get(text.url);
    expect(plain.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(plain.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(await plain.text()).toBe('héllo');

    const untyped = await uploaded(await upload(new Uint8Array([1, 2, 3]), { name: 'blob.bin' }));
    expect(untyped.mimeType).toBe('application/octet-stream');
    expect((await get(untyped.url)).headers.get('content-disposition')).toMatch(/^attachment;/);

    await expectClientError(await upload('x', { type: 'not a type' }), 400, /Content-Type must be a media type/);
    await expectClientError(await upload('x', { type: 'text/<script>' }), 400, /Content-Type must be a media type/);
    await expectClientError(await upload('x', { type: `text/${'x'.repeat(120)}` }), 400, /at most 100 characters/);
  });

  it('needs the file name in X-Upload-Name (which no cross-site form can send), decoded and checked', async () => {
    await expectClientError(await upload('x', { type: 'text/plain', name: null }), 400, /X-Upload-Name must give/);
    const badEncoding = await fetch(`${host.url}/api/uploads`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'X-Upload-Name': '%E0%A4%A' },
      body: 'x',
    });
    await expectClientError(badEncoding, 400, /not valid percent-encoding/);
    await expectClientError(await upload('x', { type: 'text/plain', name: 'a'.repeat(256) }), 400, /at most 255/);
    await expectClientError(await upload('x', { type: 'text/plain', name: '\u0007\u0000' }), 400, /must give/);
    const cleaned = await uploaded(await upload('x', { type: 'text/plain', name: 'line\nbreak.txt' }));
    expect(cleaned.name).toBe('linebreak.txt');
    await expectClientError(await upload('x', { type: 'text/plain', threadId: 'no/such' }), 400, /threadId must be/);
  });

  it('takes a file of exactly the size limit and answers one byte more with 413', async () => {
    const limit = await uploaded(await upload(Buffer.alloc(MAX_UPLOAD_BYTES, 7), { type: 'application/octet-stream' }));
    expect(limit.sizeBytes).toBe(MAX_UPLOAD_BYTES);
    await expectClientError(
      await upload(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 7), { type: 'application/octet-stream' }),
      413,
      new RegExp(`at most ${MAX_UPLOAD_BYTES} bytes`),
    );
    const empty = await uploaded(await upload(new Uint8Array(), { type: 'text/plain', name: 'empty.txt' }));
    expect(empty.sizeBytes).toBe(0);
  });

  it('answers unknown ids with 404 and other methods with 405', async () => {
    await expectClientError(await get('/api/uploads/att_000000000000000000000000'), 404, /no attachment/);
    await expectClientError(await get('/api/uploads/..%2Fsecret'), 404, /no attachment/);
    expect((await get('/api/uploads')).status).toBe(405);
    const answer = await uploaded(await upload('x', { type: 'text/plain' }));
    expect((await fetch(`${host.url}${answer.url}`, { method: 'POST', body: 'y' })).status).toBe(405);
  });

  it('a message whose record names an upload links it, as its attachment', async () => {
    const answer = await uploaded(await upload(PNG, { type: 'image/png', threadId: 'linked' }));
    const record = { ...image, attachmentId: answer.attachmentId };
    const response = await host.postMessage('linked', {
      text: `See ![shot.png](t3-context://v1/image/${image.contextId})`,
      context: { version: 1, records: [record] },
    });
    const created = (await response.json()) as CreatedMessage;
    expect(created.message.context!.records).toEqual([record]);
    expect(created.message.attachments).toEqual([
      {
        attachmentId: answer.attachmentId,
        name: 'shot.png',
        mimeType: 'image/png',
        sizeBytes: PNG.length,
        url: `/api/attachments/${answer.attachmentId}`,
      },
    ]);
  });
});

describe('DELETE /api/threads/:threadId', () => {
  const user = (listing: ThreadListing) =>
    listing.messages.filter((message): message is UserMessage => message.role === 'user');

  it('deletes the thread, its messages and replies, and the uploads and attachments that were its alone', async () => {
    const orphan = await uploaded(await upload('never sent', { type: 'text/plain', threadId: 'doomed' }));
    const sent = await uploaded(await upload(PNG, { type: 'image/png', threadId: 'doomed' }));
    const theirs = await uploaded(await upload('for another thread', { type: 'text/plain', threadId: 'kept' }));
    const shared = await uploaded(await upload(PNG, { type: 'image/png', threadId: 'doomed' }));
    const recordOf = (contextId: string, attachmentId: string) => ({ ...image, contextId, attachmentId });
    const linkOf = (contextId: string) => `![shot.png](t3-context://v1/image/${contextId})`;
    const first = await host.postMessage('doomed', {
      text: `${linkOf('img_sent')} ${linkOf('img_shared')}`,
      context: {
        version: 1,
        records: [recordOf('img_sent', sent.attachmentId), recordOf('img_shared', shared.attachmentId)],
      },
      attachments: [
        { attachmentId: 'local_1', name: 'notes.txt', mimeType: 'text/plain', dataBase64: base64('notes') },
      ],
    });
    const posted = (await first.json()) as CreatedMessage;
    const inline = posted.message.attachments.find((attachment) => attachment.name === 'notes.txt')!;
    await host.postMessage('doomed', { text: 'second' });
    // Another thread names the shared image (a chip copied over): it stays for that thread.
    await host.postMessage('kept', {
      text: linkOf('img_shared'),
      context: { version: 1, records: [recordOf('img_shared', shared.attachmentId)] },
    });

    const response = await fetch(`${host.url}/api/threads/doomed`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ threadId: 'doomed', deleted: { messages: 2, attachments: 3 } });
    for (const gone of [orphan.url, sent.url, inline.url]) expect((await get(gone)).status, gone).toBe(404);
    for (const kept of [theirs.url, shared.url]) expect((await get(kept)).status, kept).toBe(200);
    expect((await host.getJson('/api/threads/doomed/messages')).body.messages).toEqual([]);
    expect((await host.getJson(`/api/replies/${posted.reply.id}`)).status).toBe(404);
    const threads = (await host.getJson('/api/threads')).body.threads as { threadId: string }[];
    expect(threads.map((thread) => thread.threadId)).not.toContain('doomed');
    expect(user((await host.getJson('/api/threads/kept/messages')).body as ThreadListing)).toHaveLength(1);

    await expectClientError(await fetch(`${host.url}/api/threads/doomed`, { method: 'DELETE' }), 404, /no thread/);
    // Deleting the other thread now takes the shared image, which is no longer named anywhere else.
    expect(await (await fetch(`${host.url}/api/threads/kept`, { method: 'DELETE' })).json()).toEqual({
      threadId: 'kept',
      deleted: { messages: 1, attachments: 2 },
    });
    expect((await get(shared.url)).status).toBe(404);
  });

  it('deletes a thread that only has uploads, and one whose reply is still streaming', async () => {
    await uploaded(await upload('draft only', { type: 'text/plain', threadId: 'fresh' }));
    const fresh = await fetch(`${host.url}/api/threads/fresh`, { method: 'DELETE' });
    expect(await fresh.json()).toEqual({ threadId: 'fresh', deleted: { messages: 0, attachments: 1 } });

    const streaming = await fetch(`${host.url}/api/threads/streaming/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ text: 'a long answer please' }),
    });
    const reader = streaming.body!.getReader();
    await reader.read();
    const deleted = await fetch(`${host.url}/api/threads/streaming`, { method: 'DELETE' });
    expect(await deleted.json()).toEqual({ threadId: 'streaming', deleted: { messages: 1, attachments: 0 } });
    while (!(await reader.read()).done);
    expect((await host.getJson('/api/threads/streaming/messages')).body.messages).toEqual([]);
  });

  it('refuses a bad thread id and other methods', async () => {
    await expectClientError(await fetch(`${host.url}/api/threads/no%20way`, { method: 'DELETE' }), 400, /thread id/);
    expect((await get('/api/threads/some-thread')).status).toBe(405);
  });
});
