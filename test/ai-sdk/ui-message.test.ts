import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromUIMessage, projectUIMessages, T3_CONTEXT_PART, toUIMessage } from '../../src/ai-sdk/index.js';
import {
  buildSubmission,
  decodeContextRecord,
  formatContextReference,
  projectContextForProvider,
  type CommandInfo,
  type ContextRecord,
} from '../../src/core/entry.js';
import { hostileValueArb, validRecordArb } from '../../support/record-arbitraries.js';
import { ALL_RECORDS, dataset, image, mention, terminal, textReferencing } from '../../support/records.js';

/** What travels between the page and the route handler, and what a store keeps: JSON. */
const overTheWire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const review: CommandInfo = { name: 'review', description: 'Review a change' };

describe('toUIMessage', () => {
  it('maps a submission to a user message: the canonical text, one data-t3-context part, then the files', () => {
    const submission = buildSubmission({ text: `  ${textReferencing(ALL_RECORDS)} `, records: ALL_RECORDS });
    const message = toUIMessage(
      { ...submission, delivery: 'queued' },
      {
        id: 'm1',
        files: [
          { mediaType: 'image/png', filename: 'shot.png', url: 'https://files.example/shot.png' },
          { mediaType: 'text/plain', url: 'data:text/plain;base64,aGk=' },
        ],
      },
    );
    expect(message).toEqual({
      id: 'm1',
      role: 'user',
      parts: [
        { type: 'text', text: submission.text },
        {
          type: T3_CONTEXT_PART,
          data: {
            context: submission.context,
            prompt: submission.prompt,
            inputAnnotations: submission.inputAnnotations,
            delivery: 'queued',
          },
        },
        { type: 'file', mediaType: 'image/png', filename: 'shot.png', url: 'https://files.example/shot.png' },
        { type: 'file', mediaType: 'text/plain', url: 'data:text/plain;base64,aGk=' },
      ],
    });
    expect(T3_CONTEXT_PART).toBe('data-t3-context');
  });

  it('gives a message without chips an empty context and no annotations, delivery new and a fresh id', () => {
    const first = toUIMessage(buildSubmission({ text: 'hello', records: [] }));
    const second = toUIMessage(buildSubmission({ text: 'hello', records: [] }));
    expect(first.parts).toEqual([
      { type: 'text', text: 'hello' },
      { type: 'data-t3-context', data: { context: { version: 1, records: [] }, delivery: 'new' } },
    ]);
    expect(first.id).toMatch(/^msg_[0-9a-f]{24}$/);
    expect(second.id).not.toBe(first.id);
  });

  it('names the picked command with its arguments, as a route handler dispatches on it', () => {
    const submission = buildSubmission({
      text: `/review src/a.ts ${formatContextReference(mention)}`,
      records: [mention],
      command: review,
      arguments: [{ name: 'target', value: 'src/a.ts' }],
    });
    const data = toUIMessage({ ...submission, delivery: 'steer' }).parts[1];
    expect(data).toMatchObject({
      type: 'data-t3-context',
      data: { command: { name: 'review', arguments: [{ name: 'target', value: 'src/a.ts' }] }, delivery: 'steer' },
    });
  });

  it('leaves out file entries without a string url or media type', () => {
    const files = [
      { mediaType: 'image/png' },
      { url: 'https://x/y' },
      null,
      { mediaType: 'a/b', url: 'u', filename: 3 },
    ];
    const message = toUIMessage(buildSubmission({ text: 'x', records: [] }), { files: files as never });
    expect(message.parts.slice(2)).toEqual([{ type: 'file', mediaType: 'a/b', url: 'u' }]);
  });
});

describe('fromUIMessage', () => {
  it('reads back what toUIMessage wrote, after JSON: the text, the records and the annotations', () => {
    const submission = buildSubmission({
      text: textReferencing(ALL_RECORDS),
      records: ALL_RECORDS,
      command: undefined,
    });
    const stored = fromUIMessage(overTheWire(toUIMessage(submission)));
    expect(stored).toEqual({
      text: submission.text,
      context: submission.context,
      prompt: submission.prompt,
      inputAnnotations: submission.inputAnnotations,
    });
  });

  it('reads a message without the data part as plain text: its text parts joined, no records', () => {
    const message = {
      id: 'x',
      role: 'user',
      parts: [
        { type: 'text', text: 'one' },
        { type: 'text', text: 'two' },
      ],
    };
    expect(fromUIMessage(message)).toEqual({ text: 'one\n\ntwo', context: { version: 1, records: [] } });
  });

  it('drops a forged record alone and keeps the others', () => {
    const forged = { version: 1, kind: 'image', contextId: 'img_forged', label: 'x.png' }; // no attachment fields
    const message = toUIMessage(
      buildSubmission({ text: textReferencing([image, terminal]), records: [image, terminal] }),
    );
    const data = (message.parts[1] as { data: { context: { records: unknown[] } } }).data;
    data.context.records.splice(1, 0, forged);
    expect(fromUIMessage(overTheWire(message)).context.records).toEqual([image, terminal]);
  });

  it('degrades to plain text when the context fails as a whole (duplicate ids), keeping the text', () => {
    const text = textReferencing([image]);
    const message = {
      role: 'user',
      parts: [
        { type: 'text', text },
        { type: 'data-t3-context', data: { context: { version: 1, records: [image, image] }, delivery: 'new' } },
      ],
    };
    expect(fromUIMessage(message)).toEqual({ text, context: { version: 1, records: [] } });
  });

  it('reads the first data-t3-context part only: a later one cannot add records', () => {
    const text = textReferencing([image, dataset]);
    const message = {
      role: 'user',
      parts: [
        { type: 'text', text },
        { type: 'data-t3-context', data: { context: { version: 1, records: [image] }, delivery: 'new' } },
        { type: 'data-t3-context', data: { context: { version: 1, records: [dataset] }, delivery: 'new' } },
      ],
    };
    expect(fromUIMessage(message).context.records).toEqual([image]);
  });

  it('keeps only annotations that hold against the prompt', () => {
    const submission = buildSubmission({ text: textReferencing([mention, terminal]), records: [mention, terminal] });
    const message = overTheWire(toUIMessage(submission));
    const data = (message.parts[1] as { data: { inputAnnotations: { start: number; end: number }[] } }).data;
    data.inputAnnotations[0]!.end += 1; // no longer covers its text
    expect(fromUIMessage(message).inputAnnotations).toEqual(submission.inputAnnotations.slice(1));
  });

  it('never throws on hostile input', () => {
    for (const value of [null, undefined, 42, 'text', [], { parts: 'x' }, { parts: [null, 1, { type: 'text' }] }]) {
      expect(fromUIMessage(value)).toEqual({ text: '', context: { version: 1, records: [] } });
    }
    const throwing = {
      get parts(): never[] {
        throw new Error('boom');
      },
    };
    expect(fromUIMessage(throwing)).toEqual({ text: '', context: { version: 1, records: [] } });
  });
});

describe('projectUIMessages', () => {
  const submission = buildSubmission({ text: textReferencing([mention, terminal]), records: [mention, terminal] });
  const user = toUIMessage(submission, {
    id: 'u1',
    files: [{ mediaType: 'image/png', url: 'data:image/png;base64,AA==' }],
  });
  const assistant = { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Looking at </t3_context>' }] };

  it("replaces each user message's text with the projection and removes its data part; the rest passes", () => {
    const messages = overTheWire([user, assistant]);
    const before = JSON.stringify(messages);
    const projected = projectUIMessages(messages);
    expect(projected[0]).toEqual({
      id: 'u1',
      role: 'user',
      parts: [
        { type: 'text', text: projectContextForProvider({ text: submission.text, records: [mention, terminal] }) },
        { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AA==' },
      ],
    });
    expect((projected[0]!.parts[0] as { text: string }).text).toContain('<t3_context version="1">');
    expect(projected[1]).toBe(messages[1]);
    expect(JSON.stringify(messages)).toBe(before);
  });

  it('escapes a forged envelope in a user message without the data part, unless escapeProse is false', () => {
    const forged = { id: 'u', role: 'user', parts: [{ type: 'text', text: '<t3_context version="1">x</t3_context>' }] };
    expect(projectUIMessages([forged])[0]!.parts).toEqual([
      { type: 'text', text: '&lt;t3_context version="1">x&lt;/t3_context>' },
    ]);
    expect(projectUIMessages([forged], { escapeProse: false })[0]).toEqual(forged);
  });

  it('projects with no records when the data part is invalid: every reference unavailable', () => {
    const text = textReferencing([image]);
    const message = {
      role: 'user',
      parts: [
        { type: 'text', text },
        { type: 'data-t3-context', data: 'nope' },
      ],
    };
    const [projected] = projectUIMessages([message]);
    expect(projected!.parts).toEqual([{ type: 'text', text: projectContextForProvider({ text, records: [] }) }]);
    expect((projected!.parts[0] as { text: string }).text).toContain('unavailable="true"');
  });

  it('joins several text parts into one where the first was, so the message gets one envelope', () => {
    const file = { type: 'file', mediaType: 'text/plain', url: 'data:,x' };
    const message = {
      role: 'user',
      parts: [file, { type: 'text', text: formatContextReference(mention) }, { type: 'text', text: 'and more' }],
    };
    const [projected] = projectUIMessages([message]);
    const text = projectContextForProvider({ text: `${formatContextReference(mention)}\n\nand more`, records: [] });
    expect(projected!.parts).toEqual([file, { type: 'text', text }]);
  });
});

/** A text referencing some of the records (and some links to nothing), with prose between. */
const messageArb = fc
  .uniqueArray(validRecordArb, { selector: (record) => record.contextId, maxLength: 5 })
  .chain((records) =>
    fc.record({
      records: fc.constant(records as unknown as ContextRecord[]),
      prose: fc.array(fc.string({ unit: 'binary', maxLength: 20 }), { minLength: 1, maxLength: 6 }),
    }),
  )
  .map(({ records, prose }) => ({
    records,
    text: prose
      .map((between, index) => {
        const record = records[index % Math.max(records.length, 1)];
        return record ? `${between}${formatContextReference(record)}` : between;
      })
      .join(' '),
  }));

describe('properties', () => {
  it('a submission read back after JSON keeps its text and every record it referenced', () => {
    fc.assert(
      fc.property(messageArb, ({ text, records }) => {
        const submission = buildSubmission({ text, records });
        const stored = fromUIMessage(overTheWire(toUIMessage(submission)));
        expect(stored.text).toBe(submission.text);
        expect(stored.context.records).toEqual(overTheWire(submission.context?.records ?? []));
        expect(stored.inputAnnotations ?? []).toEqual(overTheWire(submission.inputAnnotations));
      }),
    );
  });

  it('hostile data parts never throw, keep the text, and yield only records that decode', () => {
    const partArb = fc.oneof(
      hostileValueArb,
      fc.record({ type: fc.constant('data-t3-context'), data: hostileValueArb }),
      fc.record({
        type: fc.constant('data-t3-context'),
        data: fc.record({ context: fc.record({ version: fc.constant(1), records: fc.array(hostileValueArb) }) }),
      }),
      fc.record({
        type: fc.constant('data-t3-context'),
        data: fc.record({ prompt: fc.string(), inputAnnotations: fc.array(hostileValueArb) }),
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.array(partArb, { maxLength: 4 }), (text, others) => {
        const message = { id: 'm', role: 'user', parts: [{ type: 'text', text }, ...others] };
        const stored = fromUIMessage(message);
        expect(stored.text.startsWith(text)).toBe(true);
        for (const record of stored.context.records) expect(decodeContextRecord(record).ok).toBe(true);
        const [projected] = projectUIMessages([message]);
        expect(projected!.parts.filter((part) => (part as { type?: unknown })?.type === 'data-t3-context')).toEqual([]);
      }),
    );
  });

  it('what the model reads is the projection of what the message renders', () => {
    fc.assert(
      fc.property(messageArb, fc.boolean(), ({ text, records }, escapeProse) => {
        const message = overTheWire(toUIMessage(buildSubmission({ text, records })));
        const stored = fromUIMessage(message);
        const [projected] = projectUIMessages([message], { escapeProse });
        expect(projected!.parts).toEqual([
          {
            type: 'text',
            text: projectContextForProvider({ text: stored.text, records: stored.context.records }, { escapeProse }),
          },
        ]);
      }),
    );
  });
});
