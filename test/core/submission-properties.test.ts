import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sanitizeInputAnnotations } from '../../src/core/annotations.js';
import { buildSubmission, remapContextAttachments } from '../../src/core/submission.js';
import type { ContextRecord, MessageContext } from '../../src/core/types.js';
import { link, image, file, terminal, mention, skill, hostKind, referenceAnnotations } from './submission-fixtures.js';

describe('buildSubmission properties', () => {
  const KINDS = ['image', 'file', 'terminal', 'mention', 'skill', 'dataset', 'thread'] as const;
  const prose = fc.string({
    unit: fc.oneof(
      fc.constantFrom(' ', '\n', '@', '[', ']', '(', ')', '文', '😀', '/'),
      fc.string({ unit: 'grapheme', maxLength: 1 }),
    ),
    maxLength: 20,
  });

  const chip = fc.record({
    kind: fc.constantFrom(...KINDS),
    contextId: fc.stringMatching(/^[a-z0-9_-]{1,6}$/),
    label: fc.string({ unit: 'grapheme', maxLength: 12 }),
    path: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
    serialized: fc.option(fc.string({ unit: 'grapheme', maxLength: 12 })),
    hasRecord: fc.boolean(),
  });

  type Chip = typeof chip extends fc.Arbitrary<infer T> ? T : never;

  const recordFor = ({ kind, contextId, label, path, serialized }: Chip): ContextRecord => {
    switch (kind) {
      case 'image':
        return { ...image(contextId), label };
      case 'file':
        return { ...file(contextId), label };
      case 'terminal':
        return { ...terminal(contextId), label };
      case 'mention':
        return mention(contextId, path);
      case 'skill':
        return skill(contextId, path);
      case 'dataset':
        return hostKind('dataset', contextId, { serialized: serialized ?? undefined });
      default:
        return { version: 1, contextId, kind, label, environmentId: 'env-1', threadId: 'th-1', title: label };
    }
  };

  const draft = fc
    .tuple(prose, fc.array(fc.tuple(chip, prose), { maxLength: 12 }), fc.option(fc.constantFrom('plan', 'help')))
    .map(([head, parts, commandName]) => {
      const records: ContextRecord[] = [];
      let text = commandName ? `/${commandName} ${head}` : head;
      for (const [c, tail] of parts) {
        text += link(c.kind, c.contextId, c.label) + tail;
        if (c.hasRecord) records.push(recordFor(c));
      }
      return { text, records, command: commandName ? { name: commandName } : undefined };
    });

  it('annotates ranges of the prompt that hold exactly their text, sorted, disjoint and valid', () => {
    fc.assert(
      fc.property(draft, (input) => {
        const submission = buildSubmission(input);
        let previousEnd = 0;
        for (const annotation of submission.inputAnnotations) {
          expect(submission.prompt.slice(annotation.start, annotation.end)).toBe(annotation.text);
          expect(annotation.start).toBeGreaterThanOrEqual(previousEnd);
          previousEnd = annotation.end;
        }
        expect(sanitizeInputAnnotations(submission.prompt, submission.inputAnnotations)).toEqual(
          submission.inputAnnotations,
        );
        expect(submission.text).toBe(input.text.trim());
      }),
      { numRuns: 1_000 },
    );
  });

  it('annotates every chip and keeps exactly the referenced records in first-reference order', () => {
    fc.assert(
      fc.property(draft, (input) => {
        const submission = buildSubmission(input);
        const references = referenceAnnotations(submission.inputAnnotations);
        const chipCount = (submission.text.match(/\]\(t3-context:\/\/v1\//g) ?? []).length;
        expect(references.length).toBe(chipCount);
        const firstById = new Map<string, ContextRecord>();
        for (const record of input.records)
          if (!firstById.has(record.contextId)) firstById.set(record.contextId, record);
        const expected: ContextRecord[] = [];
        for (const { reference } of references) {
          const record = firstById.get(reference.id);
          if (record && !expected.includes(record)) expected.push(record);
        }
        expect(submission.context?.records ?? []).toEqual(expected);
        if (expected.length === 0) expect(submission.context).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });
});

describe('remapContextAttachments', () => {
  const context = (): MessageContext => ({
    version: 1,
    records: [
      image('img_1', 'att_old'),
      file('f_1', 'att_file'),
      mention('m_1', 'a.ts'),
      image('img_2', 'toString'),
      file('f_2', '__proto__'),
    ],
  });

  it('rewrites attachmentId of image and file records from a Map', () => {
    const input = context();
    const snapshot = structuredClone(input);
    const result = remapContextAttachments(
      input,
      new Map([
        ['att_old', 'att_new'],
        ['att_file', 'att_file_2'],
        ['a.ts', 'x'],
      ]),
    );
    expect(result.records.map((r) => ('attachmentId' in r ? r.attachmentId : null))).toEqual([
      'att_new',
      'att_file_2',
      null,
      'toString',
      '__proto__',
    ]);
    expect(result.records.map((r) => r.contextId)).toEqual(input.records.map((r) => r.contextId));
    expect(input).toEqual(snapshot);
    expect(result).not.toBe(input);
    result.records.forEach((record, index) => expect(record).not.toBe(input.records[index]));
    expect(result.records[2]).toEqual(input.records[2]);
  });

  it('uses only own properties of a plain object map', () => {
    const result = remapContextAttachments(context(), { att_old: 'att_new' });
    expect(result.records.map((r) => ('attachmentId' in r ? r.attachmentId : null))).toEqual([
      'att_new',
      'att_file',
      null,
      'toString',
      '__proto__',
    ]);
    const inherited = Object.create({ att_old: 'att_inherited' }) as Record<string, string>;
    expect((remapContextAttachments(context(), inherited).records[0] as { attachmentId: string }).attachmentId).toBe(
      'att_old',
    );
  });

  it('matches toString and __proto__ only when they are own keys', () => {
    const parsed = JSON.parse('{"__proto__": "att_proto", "toString": "att_to_string"}') as Record<string, string>;
    const result = remapContextAttachments(context(), parsed);
    expect((result.records[3] as { attachmentId: string }).attachmentId).toBe('att_to_string');
    expect((result.records[4] as { attachmentId: string }).attachmentId).toBe('att_proto');
    const nullProto = Object.assign(Object.create(null) as Record<string, string>, { att_old: 'att_np' });
    expect((remapContextAttachments(context(), nullProto).records[0] as { attachmentId: string }).attachmentId).toBe(
      'att_np',
    );
  });

  it('ignores mapped values that are not valid attachment ids', () => {
    const result = remapContextAttachments(
      context(),
      new Map<string, unknown>([
        ['att_old', 'bad id'],
        ['att_file', 3],
      ]) as Map<string, string>,
    );
    expect((result.records[0] as { attachmentId: string }).attachmentId).toBe('att_old');
    expect((result.records[1] as { attachmentId: string }).attachmentId).toBe('att_file');
  });

  it('never throws on bad input', () => {
    expect(remapContextAttachments(null as unknown as MessageContext, {})).toEqual({ version: 1, records: [] });
    expect(remapContextAttachments(context(), null as unknown as Record<string, string>).records).toHaveLength(5);
    const throwing = new Proxy(
      {},
      {
        getOwnPropertyDescriptor: () => {
          throw new Error('boom');
        },
      },
    );
    expect(remapContextAttachments(context(), throwing).records).toHaveLength(5);
  });
});
