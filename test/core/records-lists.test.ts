import { describe, it, expect } from 'vitest';
import { decodeContextRecord, decodeContextRecordList, decodeMessageContext } from '../../src/core/records.js';
import { minimalRecord } from '../../support/record-arbitraries.js';
import { decodeError, type Json } from './record-decoding.js';

describe('decodeContextRecord: hostile input never throws', () => {
  it.each([null, undefined, 0, 'image', true, [], [minimalRecord('image')], Symbol('x'), 1n, () => 1])(
    'rejects %s',
    (value) => {
      expect(decodeError(value)).toBe('record: expected an object');
    },
  );

  it('names the field whose getter throws', () => {
    const record = { ...minimalRecord('skill') };
    Object.defineProperty(record, 'name', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(decodeError(record)).toBe('skill.name: could not be read');
  });

  it('reads only own properties', () => {
    const record = Object.create({ name: 'inherited' }) as Json;
    Object.assign(record, { version: 1, contextId: 'a', kind: 'skill', label: '' });
    expect(decodeError(record)).toBe('skill.name: expected a string');
  });

  it('survives proxies whose traps throw', () => {
    const trap = () => {
      throw new Error('trap');
    };
    const everything = new Proxy(
      {},
      { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap },
    );
    expect(decodeContextRecord(everything).ok).toBe(false);
    const keysOnly = new Proxy({ version: 1, contextId: 'a', kind: 'future', label: '' }, { ownKeys: trap });
    expect(decodeError(keysOnly)).toBe('future.payload: expected a JSON value');
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(decodeContextRecord(proxy).ok).toBe(false);
    expect(decodeMessageContext({ version: 1, records: [proxy] }).ok).toBe(false);
    expect(decodeMessageContext(proxy).ok).toBe(false);
  });

  it('survives a throwing array element getter', () => {
    const styleChanges = ['a'];
    Object.defineProperty(styleChanges, 0, {
      get() {
        throw new Error('boom');
      },
    });
    expect(decodeError({ ...minimalRecord('preview-annotation'), styleChanges })).toBe(
      'preview-annotation.styleChanges[0]: could not be read',
    );
  });
});

describe('decodeContextRecordList', () => {
  it('drops invalid records alone and keeps valid siblings in order', () => {
    const { records, dropped } = decodeContextRecordList([
      minimalRecord('skill'),
      { kind: 'image' },
      'x',
      minimalRecord('mention'),
    ]);
    expect(records.map((record) => record.kind)).toEqual(['skill', 'mention']);
    expect(dropped).toEqual([
      { index: 1, error: 'image.version: expected 1' },
      { index: 2, error: 'record: expected an object' },
    ]);
  });

  it('never throws on an unreadable or non-array value', () => {
    const { proxy, revoke } = Proxy.revocable([], {});
    revoke();
    const throwingLength = new Proxy([minimalRecord('skill')], {
      get(target, key) {
        if (key === 'length') throw new Error('no');
        return Reflect.get(target, key);
      },
    });
    for (const value of [proxy, throwingLength, null, 'abc', { length: 1, 0: minimalRecord('skill') }]) {
      expect(decodeContextRecordList(value as unknown[])).toEqual({ records: [], dropped: [] });
    }
  });
});

describe('decodeMessageContext', () => {
  const context = (records: unknown[]) => ({ version: 1, records });
  const skill = (n: number) => ({ ...minimalRecord('skill'), contextId: `s_${n}` });

  it('decodes a valid context and strips unknown context fields', () => {
    const result = decodeMessageContext({ ...context([minimalRecord('skill'), minimalRecord('image')]), extra: true });
    expect(result).toEqual({
      ok: true,
      context: context([minimalRecord('skill'), minimalRecord('image')]),
      dropped: [],
    });
  });

  it('accepts an empty record list', () => {
    expect(decodeMessageContext(context([]))).toEqual({ ok: true, context: context([]), dropped: [] });
  });

  it.each([
    [null, 'context: expected an object'],
    [[], 'context: expected an object'],
    ['{}', 'context: expected an object'],
    [{ version: 2, records: [] }, 'context.version: expected 1'],
    [{ records: [] }, 'context.version: expected 1'],
    [{ version: 1 }, 'context.records: expected an array'],
    [{ version: 1, records: {} }, 'context.records: expected an array'],
  ])('rejects %j', (value, error) => {
    expect(decodeMessageContext(value)).toEqual({ ok: false, error });
  });

  it('accepts 200 records and rejects 201, counting records that would be dropped', () => {
    const two = Array.from({ length: 200 }, (_, n) => skill(n));
    expect(decodeMessageContext(context(two))).toMatchObject({ ok: true, dropped: [] });
    expect(decodeMessageContext(context([...two.slice(0, 199), 'invalid'])).ok).toBe(true);
    expect(decodeMessageContext(context([...two, 'invalid']))).toEqual({
      ok: false,
      error: 'context.records: must have at most 200 records',
    });
  });

  it('limits the raw records JSON to 16,000,000 chars before dropping anything', () => {
    // One invalid record holding a long string: `["…"]` is the string plus 4 chars.
    const atBound = decodeMessageContext(context(['x'.repeat(16_000_000 - 4)]));
    expect(atBound).toEqual({
      ok: true,
      context: context([]),
      dropped: [{ index: 0, error: 'record: expected an object' }],
    });
    expect(decodeMessageContext(context(['x'.repeat(16_000_000 - 3)]))).toEqual({
      ok: false,
      error: 'context.records: JSON must be at most 16000000 chars',
    });
  });

  it('limits the JSON of many valid records too', () => {
    const payload = 'p'.repeat(63_990);
    const records = Array.from({ length: 200 }, (_, n) => ({
      version: 1,
      contextId: `f_${n}`,
      kind: 'future',
      label: '',
      payload,
      extra: payload,
    }));
    expect(JSON.stringify(records).length).toBeGreaterThan(16_000_000);
    expect(decodeMessageContext(context(records))).toEqual({
      ok: false,
      error: 'context.records: JSON must be at most 16000000 chars',
    });
    expect(decodeMessageContext(context(records.slice(0, 120))).ok).toBe(true);
  });

  it('fails when the records do not serialise', () => {
    const cyclic: Json = { ...skill(1) };
    cyclic.self = cyclic;
    expect(decodeMessageContext(context([cyclic]))).toEqual({
      ok: false,
      error: 'context.records: must be JSON-serialisable',
    });
    expect(decodeMessageContext(context([{ ...skill(1), n: 1n }]))).toEqual({
      ok: false,
      error: 'context.records: must be JSON-serialisable',
    });
  });

  it('drops undecodable records alone and lists them with their original index', () => {
    const result = decodeMessageContext(
      context([{ ...skill(1), name: '' }, skill(2), { ...minimalRecord('terminal'), lineEnd: 0 }, skill(3)]),
    );
    expect(result).toEqual({
      ok: true,
      context: context([skill(2), skill(3)]),
      dropped: [
        { index: 0, error: 'skill.name: must not be empty' },
        { index: 2, error: 'terminal.lineEnd: must be >= lineStart' },
      ],
    });
  });

  it('fails the whole context on duplicate ids, compared after trimming', () => {
    const result = decodeMessageContext(context([skill(1), 'dropped', { ...skill(2), contextId: ' s_1 ' }]));
    expect(result).toEqual({ ok: false, error: 'context.records[2].contextId: duplicates records[0] ("s_1")' });
  });

  it('compares ids case-sensitively, as T3 does', () => {
    expect(
      decodeMessageContext(
        context([
          { ...skill(1), contextId: 'A' },
          { ...skill(2), contextId: 'a' },
        ]),
      ).ok,
    ).toBe(true);
  });

  it('ignores a duplicate id on a record that is dropped anyway', () => {
    const result = decodeMessageContext(context([skill(1), { ...skill(1), name: 5 }]));
    expect(result).toMatchObject({ ok: true, dropped: [{ index: 1, error: 'skill.name: expected a string' }] });
  });
});
