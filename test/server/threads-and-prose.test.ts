import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Citation,
  formatCitationLink,
  formatContextReference,
  projectContextForProvider,
} from '../../src/core/index.js';
import type { CreatedMessage, ThreadList } from '../../server/api-types.js';
import { simulateAssistantReply } from '../../server/assistant.js';
import { replyProse } from '../../server/reply-prose.js';
import { replyChunks } from '../../server/reply-stream.js';
import { DEMO_THREAD_ID } from '../../server/seed.js';
import { threadTitle, TITLE_MAX_CHARS, UNTITLED } from '../../server/thread-titles.js';
import { dataset, image, reviewComment, terminal, textReferencing } from '../../support/records.js';
import { closeTestHost, startTestHost, type TestHost } from './support/test-host.js';

/** Thread titles and the thread list, and the simulated assistant's answer in prose. */

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(() => closeTestHost(host));

async function create(threadId: string, body: Record<string, unknown>): Promise<CreatedMessage> {
  const response = await host.postMessage(threadId, { context: null, attachments: [], ...body });
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedMessage;
}

const listThreads = async () => (await host.getJson('/api/threads')).body as ThreadList;

/** A quote of an earlier reply, as Cite in composer makes it. */
const citation: Citation = {
  version: 1,
  environmentId: 'demo-host',
  threadId: 'prose',
  messageId: 'msg_1_reply',
  text: 'avoids reading the file',
  start: 30,
  end: 53,
  prefix: 'Caching the parsed config ',
  suffix: ' on every request.',
};

describe('thread titles', () => {
  it('read the first message with chips as their labels', () => {
    const text = `Why does ${formatContextReference(terminal)} fail?`;
    expect(threadTitle(text, { version: 1, records: [terminal] })).toBe('Why does Terminal 1 lines 3-4 fail?');
  });

  it('cut a long message to 60 characters at a word, with an ellipsis', () => {
    const title = threadTitle('word '.repeat(40), null);
    expect([...title].length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(title).toMatch(/^word( word)*…$/);
  });

  it('upgrade a legacy message first, and name an empty one New chat', () => {
    const legacy = 'See <terminal_context>\n- Build lines 1-1:\n  1 | $ make\n</terminal_context>';
    expect(threadTitle(legacy, null)).not.toContain('terminal_context');
    expect(threadTitle('   ', null)).toBe(UNTITLED);
  });

  it('read a cited passage as its quote, never its link', () => {
    const title = threadTitle(`${formatCitationLink(citation)} why so slow?`, null);
    expect(title).toBe('“avoids reading the file” why so slow?');
  });

  it('are at most 60 characters of one line and never show a reference link, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ maxLength: 40 }), (text, label) => {
        const linked = `${text}${formatContextReference({ kind: 'mention', contextId: 'm1', label: label || 'x' })}`;
        const title = threadTitle(linked, null);
        expect([...title].length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
        expect(title).not.toMatch(/[\n\r\t]|t3-context:/);
        expect(title.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('GET /api/threads', () => {
  it('lists threads with messages, the one written to last first, each titled from its first message', async () => {
    await create('older', { text: 'First question about the cart' });
    await create('newer', {
      text: `Look at ${formatContextReference(image)}`,
      context: { version: 1, records: [image] },
    });
    await create('older', { text: 'A second message does not rename it' });
    const { threads } = await listThreads();
    const ids = threads.map((thread) => thread.threadId);
    expect(ids.slice(0, 2)).toEqual(['older', 'newer']);
    expect(ids).toContain(DEMO_THREAD_ID);
    expect(threads[0]!.title).toBe('First question about the cart');
    expect(threads[1]!.title).toBe('Look at shot.png');
    const dates = threads.map((thread) => thread.updatedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('never lists a thread that has no message', async () => {
    await host.getJson('/api/threads/empty-one/messages');
    expect((await listThreads()).threads.map((thread) => thread.threadId)).not.toContain('empty-one');
  });
});

describe('the reply in prose', () => {
  const records = [terminal, reviewComment, image];
  const text = `Fix ${textReferencing(records)} please`;

  it('names each chip by kind and label, the terminal first line, the review file and line, the image name', () => {
    const prose = replyProse({ text, records });
    expect(prose).toContain('**Terminal excerpt** `Terminal 1 lines 3-4`');
    expect(prose).toContain('`npm test`');
    expect(prose).toContain('**Review comment** `b.ts L4` on `src/a/b.ts` at `L4`');
    expect(prose).toContain('**Image** `shot.png`, named `shot.png`');
    expect(prose).toMatch(/^### What I received$/m);
    expect(prose).toMatch(/^```text\nnpm test\n```$/m);
    expect(prose).not.toContain('t3-context://');
  });

  it('is the same for the same message, and quotes user Markdown as text', async () => {
    const { message, reply } = await create('prose', { text, context: { version: 1, records } });
    expect(reply.text).toBe(simulateAssistantReply(message).text);
    expect(reply.text).toBe(replyProse({ text: message.text, records: message.context!.records }));
    expect(reply.modelInput).toBe(projectContextForProvider({ text: message.text, records: message.context!.records }));
    expect(replyProse({ text: '# not a heading <b>x</b>', records: [] })).toContain(
      '\\# not a heading \\<b\\>x\\</b\\>',
    );
  });

  it('names a host kind by its label and value', () => {
    expect(replyProse({ text: 'x', records: [dataset] })).toContain('- **Dataset** `users`, a `dataset` from the host');
  });

  it('quotes back a cited passage and its comment as quotes, never as a link', () => {
    const prose = replyProse({ text: `${formatCitationLink(citation)} why so slow?`, records: [] });
    expect(prose).toContain('You asked:\n\n> “avoids reading the file” why so slow?');
    expect(prose).toContain('You quoted my earlier answer:\n\n> avoids reading the file');
    expect(prose).not.toContain('No context came with it');
    const commented = replyProse({
      text: formatCitationLink({ ...citation, comment: 'Is this *cached*?' }),
      records: [],
    });
    expect(commented).toContain('> avoids reading the file\n>\n> Your note: Is this \\*cached\\*?');
    for (const text of [prose, commented]) {
      expect(text).not.toMatch(/t3-citation:|Assistant quote/);
    }
  });

  it('names the files of a message that has attachments but no chips', () => {
    expect(replyProse({ text: 'see attached', records: [] }, ['notes.txt'])).toContain('**Attachment** `notes.txt`');
  });

  it('never throws and never lets a label break out of its code span, for any label', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (label) => {
        const prose = replyProse({ text: 'x', records: [{ ...image, label, name: label }] });
        expect(prose).toContain('**Image**');
      }),
    );
  });
});

describe('streaming word by word', () => {
  it('cuts any text only between words: every piece but the last ends in whitespace, none is empty', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.integer({ min: 1, max: 400 }), (text, max) => {
        const pieces = replyChunks(text, max);
        expect(pieces.join('')).toBe(text);
        for (const piece of pieces.slice(0, -1)) expect(piece).toMatch(/\s$/);
        for (const piece of pieces) expect(piece).not.toBe('');
      }),
    );
  });

  it('sends a short answer one word at a time', () => {
    expect(replyChunks('One two  three', 200)).toEqual(['One ', 'two  ', 'three']);
  });
});
