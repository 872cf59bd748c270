import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  MAX_BODY_BYTES,
  MAX_TEXT_CHARS,
} from '../../server/limits.js';
import { base64, startTestHost, type TestHost, closeTestHost } from './support/test-host.js';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});

afterAll(() => closeTestHost(host));

/** Asserts a 4xx JSON `{error}` whose message matches `pattern`. */
async function expectClientError(response: Response, status: number, pattern: RegExp): Promise<void> {
  const body = await response.json();
  expect({ status: response.status, body }).toEqual({ status, body: { error: expect.stringMatching(pattern) } });
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

const post = (body: unknown, threadId = 'bad') => host.postMessage(threadId, body);
const attachment = (fields: Record<string, unknown>) => ({
  attachmentId: 'a1',
  name: 'a.txt',
  mimeType: 'text/plain',
  dataBase64: base64('abc'),
  ...fields,
});

type Connection = 'keep-alive' | 'close';

/**
 * Sends a raw POST on a fresh connection and resolves with the answer. `keep-alive` behaves like a
 * browser; `close` (Node's `agent: false`) asks the server to close after answering.
 */
function rawPost(
  headers: Record<string, string>,
  writeBody: (write: (chunk: Buffer) => Promise<boolean>) => Promise<void>,
  connection: Connection,
): Promise<{ status: number; body: string }> {
  const { port } = new URL(host.url);
  const agent = connection === 'keep-alive' ? new Agent({ keepAlive: true }) : false;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    let answered = false;
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/threads/big/messages', headers, agent },
      (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.flushHeaders();
    const write = (chunk: Buffer) =>
      new Promise<boolean>((done) => {
        if (answered || req.destroyed) return done(false);
        req.write(chunk, () => done(!answered));
      });
    writeBody(write).then(
      () => {
        if (!answered && !req.destroyed) req.end();
      },
      () => undefined,
    );
  }).finally(() => {
    if (agent) agent.destroy();
  });
}

const MEBIBYTE = Buffer.alloc(1024 * 1024, 'a');

/** Writes `bytes` bytes reusing one 1 MiB buffer, so a 33 MB body costs no 33 MB of memory. */
async function writeBytes(write: (chunk: Buffer) => Promise<boolean>, bytes: number): Promise<void> {
  for (let left = bytes; left > 0; left -= MEBIBYTE.length) {
    if (!(await write(left >= MEBIBYTE.length ? MEBIBYTE : MEBIBYTE.subarray(0, left)))) return;
  }
}

describe('oversized bodies', () => {
  for (const connection of ['keep-alive', 'close'] as const) {
    it(`refuses a body over 32 MB with 413 (Content-Length declared, connection ${connection})`, async () => {
      const result = await rawPost(
        { 'Content-Type': 'application/json', 'Content-Length': String(MAX_BODY_BYTES + 1) },
        (write) => writeBytes(write, MAX_BODY_BYTES + 1),
        connection,
      );
      expect(result.status, result.body).toBe(413);
      expect(JSON.parse(result.body)).toEqual({ error: expect.stringMatching(/at most 33554432 bytes/) });
    });

    it(`refuses a chunked body once it crosses 32 MB (connection ${connection})`, async () => {
      const result = await rawPost(
        { 'Content-Type': 'application/json' },
        (write) => writeBytes(write, 40 * MEBIBYTE.length),
        connection,
      );
      expect(result.status, result.body).toBe(413);
      expect(JSON.parse(result.body).error).toMatch(/request body must be at most/);
    });
  }

  it('answers an absurd declared length at once, without reading the body', async () => {
    const result = await rawPost(
      { 'Content-Type': 'application/json', 'Content-Length': String(1024 ** 4) },
      async () => undefined,
      'keep-alive',
    );
    expect(result.status).toBe(413);
  });

  it('refuses one attachment over the per-attachment limit with 413', async () => {
    const data = Buffer.alloc(MAX_ATTACHMENT_BYTES + 1).toString('base64');
    await expectClientError(
      await post({ text: 'big', attachments: [attachment({ dataBase64: data })] }),
      413,
      /attachments\[0\]\.dataBase64 decodes to 16777217 bytes/,
    );
  });
});

describe('malformed requests get 4xx with a JSON error naming the problem', () => {
  it('malformed, empty and non-UTF-8 JSON', async () => {
    await expectClientError(await post('{"text": "unterminated'), 400, /not valid JSON/);
    await expectClientError(await post(''), 400, /body is empty/);
    const invalidUtf8 = await fetch(`${host.url}/api/threads/bad/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
    });
    await expectClientError(invalidUtf8, 400, /UTF-8/);
  });

  it('a body that is not a JSON object', async () => {
    for (const body of ['[]', '"text"', 'null', '42', 'true']) {
      await expectClientError(await post(body), 400, /must be a JSON object/);
    }
  });

  it('a Content-Type other than application/json', async () => {
    const response = await fetch(`${host.url}/api/threads/bad/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ text: 'cross-site form?' }),
    });
    await expectClientError(response, 415, /Content-Type must be application\/json/);
  });

  it('bad thread ids', async () => {
    for (const threadId of ['a.b', 'x'.repeat(65), 'a%2Fb', '%ZZ', '%20', 'caf%C3%A9']) {
      await expectClientError(await post({ text: 'hi' }, threadId), 400, /thread id/);
      await expectClientError(await fetch(`${host.url}/api/threads/${threadId}/messages`), 400, /thread id/);
    }
  });

  it('text, prompt and inputAnnotations of the wrong type or size', async () => {
    await expectClientError(await post({}), 400, /text is required/);
    await expectClientError(await post({ text: 42 }), 400, /text must be a string/);
    await expectClientError(
      await post({ text: 'x'.repeat(MAX_TEXT_CHARS + 1) }),
      400,
      /text must be at most 1000000 chars/,
    );
    await expectClientError(await post({ text: 'x', prompt: ['p'] }), 400, /prompt must be a string/);
    await expectClientError(
      await post({ text: 'x', inputAnnotations: { 0: {} } }),
      400,
      /inputAnnotations must be an array/,
    );
    await expectClientError(await post({ text: '   ' }), 400, /message is empty/);
  });

  it('a context that fails as a whole', async () => {
    const record = { version: 1, contextId: 'dup', kind: 'skill', label: 's', name: 'n' };
    await expectClientError(await post({ text: 'x', context: 'ctx' }), 400, /context rejected: .*object/);
    await expectClientError(
      await post({ text: 'x', context: { version: 2, records: [] } }),
      400,
      /context rejected: context\.version/,
    );
    await expectClientError(
      await post({ text: 'x', context: { version: 1, records: [record, { ...record, contextId: ' dup ' }] } }),
      400,
      /context rejected: .*duplicates/,
    );
    const tooMany = Array.from({ length: 201 }, (_, index) => ({ ...record, contextId: `r${index}` }));
    await expectClientError(
      await post({ text: 'x', context: { version: 1, records: tooMany } }),
      400,
      /at most 200 records/,
    );
  });

  it('bad attachments', async () => {
    const cases: [unknown, RegExp][] = [
      ['nope', /attachments must be an array/],
      [[42], /attachments\[0\] must be an object/],
      [[attachment({ attachmentId: 'bad id' })], /attachments\[0\]\.attachmentId must be/],
      [[attachment({ attachmentId: undefined })], /attachments\[0\]\.attachmentId must be/],
      [[attachment({ name: '  ' })], /attachments\[0\]\.name must be a non-empty string/],
      [[attachment({ mimeType: 'text/html\r\nX-Injected: 1' })], /attachments\[0\]\.mimeType must be a MIME type/],
      [[attachment({ mimeType: 'png' })], /mimeType must be a MIME type/],
      [[attachment({}), attachment({ attachmentId: 'a1' })], /attachments\[1\]\.attachmentId duplicates/],
      [
        Array.from({ length: MAX_ATTACHMENTS_PER_MESSAGE + 1 }, (_, i) => attachment({ attachmentId: `a${i}` })),
        /at most 32 entries/,
      ],
    ];
    for (const [attachments, pattern] of cases) {
      await expectClientError(await post({ text: 'x', attachments }), 400, pattern);
    }
  });

  it('base64 that does not decode', async () => {
    for (const dataBase64 of ['abc', 'ab$=', 'YW=J', '====a', 'YWJj\n', 42]) {
      await expectClientError(
        await post({ text: 'x', attachments: [attachment({ dataBase64 })] }),
        400,
        /dataBase64 (is not valid base64|must be a base64 string)/,
      );
    }
  });

  it('unknown routes get 404 and wrong methods 405, both as JSON', async () => {
    await expectClientError(await fetch(`${host.url}/api/nope`), 404, /no API route \/api\/nope/);
    await expectClientError(await fetch(`${host.url}/api`), 404, /no API route/);
    await expectClientError(await fetch(`${host.url}/api/threads/a/messages/extra`), 404, /no API route/);
    await expectClientError(await fetch(`${host.url}/no-such-page.html`), 404, /no such page/);

    const put = await fetch(`${host.url}/api/threads/a/messages`, { method: 'PUT', body: '{}' });
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    await expectClientError(put, 405, /method PUT is not allowed/);
    await expectClientError(await fetch(`${host.url}/api/attachments/att_1`, { method: 'DELETE' }), 405, /DELETE/);
    await expectClientError(await fetch(`${host.url}/index.html`, { method: 'POST', body: 'x' }), 405, /POST/);
  });

  it('answers a request Node cannot parse with a JSON 400', async () => {
    const { port } = new URL(host.url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect(reply).toContain('{"error":"malformed HTTP request');
  });
});

describe('robustness', () => {
  it('survives a burst of hostile requests and keeps serving', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const deepPayload = {
      text: 'x',
      context: {
        version: 1,
        records: [
          { version: 1, contextId: 'u', kind: 'later', label: '', payload: JSON.parse('[[[[[[[[[[1]]]]]]]]]]') },
        ],
      },
    };
    const hostile: (() => Promise<Response>)[] = [
      () => post(deep),
      () => post(`{"text":"x","context":${deep}}`),
      () => post({ text: 'x', __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } }),
      () => post(JSON.parse('{"text":"x","__proto__":{"polluted":true}}')),
      () =>
        post({ text: 'x', inputAnnotations: Array.from({ length: 5000 }, () => ({ type: 'reference', start: -1 })) }),
      () =>
        post({ text: '\uD800 lone surrogate', prompt: '\uDFFF', attachments: [attachment({ name: '\uD800.txt' })] }),
      () => post(deepPayload),
      () => post({ text: 'x', context: { version: 1, records: [null, 1, 'r', [], { kind: '__proto__' }] } }),
      () => fetch(`${host.url}/api/threads/${'%'.repeat(30)}/messages`),
      () => fetch(`${host.url}/api/attachments/${'a'.repeat(5000)}`),
      () => fetch(`${host.url}/..%2F..%2Fetc%2Fpasswd`),
      () =>
        fetch(`${host.url}/api/threads/a/messages`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '\u0000',
        }),
    ];
    const responses = await Promise.all(Array.from({ length: 8 }, () => hostile.map((send) => send())).flat());
    for (const response of responses) {
      expect(response.status).toBeLessThan(500);
      await response.arrayBuffer();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const ok = await post({ text: 'still alive' }, 'after-burst');
    expect(ok.status).toBe(201);
    const { body } = await host.getJson('/api/threads/after-burst/messages');
    expect(body.messages[0].text).toBe('still alive');
  });
});
