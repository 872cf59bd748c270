import { describe, it, expect } from 'vitest';
import { decodeContextRecord, decodeMessageContext } from '../../src/core/records.js';
import { isKnownContextRecord, isUnknownContextRecord } from '../../src/core/grammar.js';
import { CONTEXT_KINDS, type ContextRecord } from '../../src/core/types.js';
import { fullPreviewAnnotation, fullReviewComment, minimalRecord } from '../../support/record-arbitraries.js';
import { decodeError, decodeOk, DELETE, withField, withSource } from './record-decoding.js';

describe('decodeContextRecord: valid records', () => {
  it.each(CONTEXT_KINDS)('decodes a minimal %s record unchanged', (kind) => {
    const record = minimalRecord(kind);
    expect(decodeOk(record)).toEqual(record);
  });

  it.each([
    ['element with source', withSource],
    ['preview-annotation with every optional field', fullPreviewAnnotation],
    ['review-comment with every optional field', fullReviewComment],
  ])('decodes a %s unchanged', (_name, record) => {
    expect(decodeOk(record)).toEqual(record);
  });

  it('accepts an empty label and a label of exactly 200 chars', () => {
    expect(decodeOk({ ...minimalRecord('file'), label: '' }).label).toBe('');
    expect(decodeOk({ ...minimalRecord('file'), label: 'x'.repeat(200) }).label).toHaveLength(200);
  });

  it('accepts equal range bounds', () => {
    expect(decodeOk({ ...minimalRecord('terminal'), lineStart: 7, lineEnd: 7 })).toMatchObject({
      lineStart: 7,
      lineEnd: 7,
    });
    expect(decodeOk({ ...minimalRecord('review-comment'), startIndex: 0, endIndex: 0 })).toMatchObject({ endIndex: 0 });
  });

  it('leaves out optional fields that are absent or undefined', () => {
    const record = decodeOk({ ...minimalRecord('review-comment'), fenceLanguage: undefined });
    expect(Object.keys(record)).not.toContain('fenceLanguage');
  });

  it('decodes -0 as 0, as a JSON round trip would', () => {
    const record = decodeOk({ ...minimalRecord('image'), sizeBytes: -0 }) as unknown as { sizeBytes: number };
    expect(Object.is(record.sizeBytes, 0)).toBe(true);
  });

  it('returns fresh objects, not the input', () => {
    const input = { ...withSource };
    const record = decodeOk(input) as unknown as typeof withSource;
    expect(record).not.toBe(input);
    expect(record.source).not.toBe(input.source);
  });
});

describe('decodeContextRecord: base fields', () => {
  it.each([2, '1', 1.0000001, null, undefined])('rejects version %s', (version) => {
    expect(decodeError({ ...minimalRecord('mention'), version })).toBe('mention.version: expected 1');
  });

  it('requires a string label of at most 200 chars, kept byte-exact', () => {
    expect(decodeError({ ...minimalRecord('skill'), label: 'x'.repeat(201) })).toBe(
      'skill.label: must be at most 200 chars',
    );
    expect(decodeError({ ...minimalRecord('skill'), label: 5 })).toBe('skill.label: expected a string');
    expect(decodeError(withField(minimalRecord('skill'), ['label'], DELETE))).toBe('skill.label: expected a string');
    expect(decodeOk({ ...minimalRecord('skill'), label: '  padded label \n' }).label).toBe('  padded label \n');
  });

  describe('contextId', () => {
    it('is trimmed before its checks and decodes trimmed', () => {
      expect(decodeOk({ ...minimalRecord('skill'), contextId: '  ctx_1\n' }).contextId).toBe('ctx_1');
      expect(decodeOk({ ...minimalRecord('skill'), contextId: ` ${'a'.repeat(128)} ` }).contextId).toBe(
        'a'.repeat(128),
      );
    });
    it('accepts upper case', () => {
      expect(decodeOk({ ...minimalRecord('skill'), contextId: 'CTX_Upper-1' }).contextId).toBe('CTX_Upper-1');
    });
    it('accepts 128 chars and rejects 129', () => {
      expect(decodeOk({ ...minimalRecord('skill'), contextId: 'a'.repeat(128) }).contextId).toHaveLength(128);
      expect(decodeError({ ...minimalRecord('skill'), contextId: 'a'.repeat(129) })).toBe(
        'skill.contextId: must be at most 128 chars',
      );
    });
    it.each([
      ['   ', 'must not be empty'],
      ['', 'must not be empty'],
      ['a b', 'must contain only letters, digits, _ and -'],
      ['ctx.1', 'must contain only letters, digits, _ and -'],
      ['ctx?x=1', 'must contain only letters, digits, _ and -'],
      [42, 'expected a string'],
      [null, 'expected a string'],
    ])('rejects %j', (contextId, problem) => {
      expect(decodeError({ ...minimalRecord('skill'), contextId })).toBe(`skill.contextId: ${problem}`);
    });
  });

  describe('kind', () => {
    it('drops a padded known kind (SPEC 3.9)', () => {
      expect(decodeError({ ...minimalRecord('skill'), kind: ' skill ' })).toBe(
        'record.kind: a known kind must not be padded with whitespace',
      );
      expect(decodeError({ ...minimalRecord('file'), kind: '\ufefffile' })).toMatch(/^record\.kind: a known kind/);
    });
    it('trims an unknown kind with String.prototype.trim (SPEC 3.9)', () => {
      const record = (kind: string) => ({ version: 1, contextId: 'x', kind, label: '', payload: { n: 1 } });
      expect(decodeOk(record(' future '))).toEqual(record('future'));
      expect(decodeOk(record('\ufeffx'))).toEqual(record('x'));
      expect(decodeOk(record('\tfuture\n')).kind).toBe('future');
      expect(decodeOk(record(` ${'a'.repeat(40)}\u00a0`)).kind).toBe('a'.repeat(40));
      expect(decodeError(record(` ${'a'.repeat(41)} `))).toBe('record.kind: must be at most 40 chars');
      expect(decodeError(record(' Future '))).toMatch(/^record\.kind: must be lower-case/);
    });
    it('accepts 40 chars and rejects 41', () => {
      const record = (kind: string) => ({ version: 1, contextId: 'x', kind, label: '', payload: 1 });
      expect(decodeOk(record('a'.repeat(40))).kind).toHaveLength(40);
      expect(decodeError(record('a'.repeat(41)))).toBe('record.kind: must be at most 40 chars');
    });
    it.each(['Image', 'IMAGE', 'future_thing', '1future', '-x', 'a b', 'é'])('rejects %j', (kind) => {
      expect(decodeError({ version: 1, contextId: 'x', kind, label: '' })).toMatch(/^record\.kind: must be lower-case/);
    });
    it.each([
      ['', 'must not be empty'],
      ['  ', 'must not be empty'],
      [7, 'expected a string'],
      [undefined, 'expected a string'],
    ])('rejects %j', (kind, problem) => {
      expect(decodeError({ version: 1, contextId: 'x', kind, label: '' })).toBe(`record.kind: ${problem}`);
    });
  });
});

/** [base record, path, wrong value, expected error] */

describe('decodeContextRecord: unknown fields and unknown kinds', () => {
  it('strips unknown fields on known kinds, nested ones included', () => {
    const record = decodeOk({
      ...withSource,
      extra: 1,
      payload: { x: 1 },
      source: { ...withSource.source, extra: true },
    });
    expect(record).toEqual(withSource);
  });

  it('never decodes a known kind as unknown', () => {
    const error = decodeError({ version: 1, contextId: 'x', kind: 'image', label: '', payload: { name: 'a.png' } });
    expect(error).toBe('image.attachmentId: expected a string');
  });

  // T3's vector: "keeps unknown kinds with their payload" (packages/contracts/src/composerContext.test.ts).
  it("keeps an unknown kind with its payload (mirrors T3's `keeps unknown kinds with their payload`)", () => {
    const record = {
      version: 1,
      contextId: 'ctx_1',
      kind: 'future-thing',
      label: 'Future',
      payload: { anything: [1, 2, 3] },
    };
    expect(decodeOk(record)).toEqual(record);
  });

  it('keeps the payload of a host kind', () => {
    const record = {
      version: 1,
      contextId: 'ds_1',
      kind: 'dataset',
      label: 'Users',
      payload: { value: 'users', serialized: '@users', metadata: [1, null] },
    };
    expect(decodeOk(record)).toEqual(record);
  });

  it("drops an unknown kind without a payload, as T3's schema does, and alone in a context", () => {
    for (const payload of [undefined, () => 1, Symbol('s')]) {
      const record = { version: 1, contextId: 'a', kind: 'app', label: 'App', name: 'Helium', payload };
      expect(decodeContextRecord(record).ok).toBe(false);
    }
    expect(decodeError({ version: 1, contextId: 'a', kind: 'app', label: 'App' })).toBe(
      'app.payload: expected a JSON value',
    );
    // T3's app record of composerContext.test.ts, written with top-level fields: not a record to T3 or here.
    const app = {
      version: 1,
      contextId: 'ctx-app',
      kind: 'app',
      label: 'Helium',
      name: 'Helium',
      bundleId: 'net.imput.helium',
    };
    const result = decodeMessageContext({ version: 1, records: [app, minimalRecord('skill')] });
    expect(result).toMatchObject({ ok: true, dropped: [{ index: 0, error: 'app.payload: expected a JSON value' }] });
    expect(decodeOk({ version: 1, contextId: 'a', kind: 'app', label: '', payload: null })).toMatchObject({
      payload: null,
    });
  });

  it('keeps the payload as a detached JSON copy and strips every other top-level field', () => {
    const payload = { at: new Date(0), nested: { n: 1 } };
    const record = decodeOk({
      version: 1,
      contextId: 'a',
      kind: 'future',
      label: '',
      payload,
      when: new Date(0),
      big: 10n,
      skip: undefined,
    });
    expect(Object.keys(record)).toEqual(['version', 'contextId', 'label', 'kind', 'payload']);
    expect(record).toEqual({
      version: 1,
      contextId: 'a',
      kind: 'future',
      label: '',
      payload: { at: '1970-01-01T00:00:00.000Z', nested: { n: 1 } },
    });
    expect(isUnknownContextRecord(record) && record.payload).not.toBe(payload);
  });

  it('leaves an extra "__proto__" field out without touching the prototype', () => {
    const record = decodeOk(
      JSON.parse('{"version":1,"contextId":"a","kind":"future","label":"","payload":1,"__proto__":{"polluted":true}}'),
    );
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(record, '__proto__')).toBe(false);
    expect((record as Record<string, unknown>).polluted).toBeUndefined();
  });

  // T3's vectors: "bounds the serialized payload of future context kinds" (composerContext.test.ts).
  it("limits the payload JSON to 64,000 chars (mirrors T3's `bounds the serialized payload of future context kinds`)", () => {
    const record = (payload: unknown) => ({
      version: 1,
      contextId: 'ctx_1',
      kind: 'future-thing',
      label: 'Future',
      payload,
    });
    expect(JSON.stringify('x'.repeat(63_998))).toHaveLength(64_000);
    expect(decodeContextRecord(record('x'.repeat(63_998))).ok).toBe(true);
    expect(decodeError(record('x'.repeat(63_999)))).toBe('future-thing.payload: JSON must be at most 64000 chars');
    expect(decodeContextRecord(record('"'.repeat(32_000))).ok).toBe(false);
    const skill = { ...minimalRecord('skill'), contextId: 'ctx_skill' };
    const context = decodeMessageContext({ version: 1, records: [record('x'.repeat(64_000)), skill] });
    expect(context.ok && context.context.records).toEqual([skill]);
  });

  it.each([
    ['a BigInt', 1n],
    [
      'a cycle',
      (() => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      })(),
    ],
    [
      'a throwing toJSON',
      {
        toJSON() {
          throw new Error('no');
        },
      },
    ],
    ['a function', () => 1],
    ['a symbol', Symbol('s')],
  ])('rejects a payload that is %s', (_name, payload) => {
    expect(decodeError({ version: 1, contextId: 'a', kind: 'future', label: '', payload })).toBe(
      'future.payload: must be JSON-serialisable',
    );
  });

  it('ignores an extra field that does not serialise, since it is not kept', () => {
    expect(decodeOk({ version: 1, contextId: 'a', kind: 'future', label: '', payload: 1, size: 10n })).toEqual({
      version: 1,
      contextId: 'a',
      label: '',
      kind: 'future',
      payload: 1,
    });
  });

  it('checks the base fields of unknown kinds', () => {
    expect(decodeError({ version: 2, contextId: 'a', kind: 'future', label: '' })).toBe('future.version: expected 1');
    expect(decodeError({ version: 1, contextId: 'a', kind: 'future', label: 'x'.repeat(201) })).toBe(
      'future.label: must be at most 200 chars',
    );
    expect(decodeOk({ version: 1, contextId: ' a ', kind: 'future', label: '', payload: 0 }).contextId).toBe('a');
  });
});

describe('decodeContextRecord: thread, as T3 decodes its ThreadContextRecord', () => {
  // T3's vector: `knownRecords.thread` of packages/contracts/src/composerContext.test.ts.
  const t3Thread = {
    version: 1,
    contextId: 'ctx_1',
    kind: 'thread',
    label: 'Fix login flow',
    environmentId: 'environment-1',
    threadId: 'thread-1',
    title: 'Fix login flow',
  };

  it("round-trips T3's thread record as a known record (mirrors T3's `round-trips a %s record`)", () => {
    const record = decodeOk(t3Thread);
    expect(record).toEqual(t3Thread);
    expect(Object.keys(record)).toEqual([
      'version',
      'contextId',
      'label',
      'kind',
      'environmentId',
      'threadId',
      'title',
    ]);
    expect(isKnownContextRecord(record)).toBe(true);
  });

  it('trims environmentId and threadId, with no maximum; keeps the title as written, empty included', () => {
    const long = 'e'.repeat(5_000);
    expect(decodeOk({ ...t3Thread, environmentId: ` ${long}\n`, threadId: '\tthread-1 ', title: '' })).toMatchObject({
      environmentId: long,
      threadId: 'thread-1',
      title: '',
    });
    expect(decodeOk({ ...t3Thread, title: '  Plan B \n' })).toMatchObject({ title: '  Plan B \n' });
    expect(decodeOk({ ...t3Thread, title: 'x'.repeat(200) })).toMatchObject({ title: 'x'.repeat(200) });
  });

  it.each([
    [{ environmentId: undefined }, 'thread.environmentId: expected a string'],
    [{ environmentId: '   ' }, 'thread.environmentId: must not be empty'],
    [{ threadId: undefined }, 'thread.threadId: expected a string'],
    [{ threadId: '\n' }, 'thread.threadId: must not be empty'],
    [{ threadId: 9 }, 'thread.threadId: expected a string'],
    [{ title: undefined }, 'thread.title: expected a string'],
    [{ title: 'x'.repeat(201) }, 'thread.title: must be at most 200 chars'],
  ])('drops a thread record with %j', (change, error) => {
    const record = { ...t3Thread, ...change };
    expect(decodeError(record)).toBe(error);
    const { context, dropped } = decodeMessageContext({ version: 1, records: [record, minimalRecord('skill')] }) as {
      context: { records: ContextRecord[] };
      dropped: unknown[];
    };
    expect(context.records.map((kept) => kept.kind)).toEqual(['skill']);
    expect(dropped).toEqual([{ index: 0, error }]);
  });

  it('strips fields the schema does not have, and never reads a thread as an unknown kind', () => {
    expect(decodeOk({ ...t3Thread, extra: 1, payload: { a: 1 } })).toEqual(t3Thread);
    expect(decodeError({ version: 1, contextId: 'x', kind: 'thread', label: '', payload: { threadId: 't' } })).toBe(
      'thread.environmentId: expected a string',
    );
  });
});
