import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { decodeContextRecord, decodeMessageContext } from '../../src/core/records.js';
import {
  hostileValueArb,
  validKnownRecordArb,
  validRecordArb,
  validUnknownRecordArb,
} from '../../support/record-arbitraries.js';
import { expectT3KeyOrder, integerPaths, setAt, shuffledKeys } from './record-shapes.js';

const padArb = fc.constantFrom(' ', '\n', '\t ', '\u00a0', '\ufeff', '\u2028');

/** Integers beyond `Number.MAX_SAFE_INTEGER`, which T3's `Int` rejects. */
const unsafeIntegerArb = fc.oneof(
  fc.constantFrom(2 ** 53, 2 ** 53 + 2, 1e21, Number.MAX_VALUE),
  fc.double({ min: 2 ** 53, max: Number.MAX_VALUE, noNaN: true }).map(Math.floor),
);

/** In a context between two valid siblings, `record` is dropped (index 1) and the siblings kept. */
function expectDropsAlone(record: unknown): void {
  const sibling = (contextId: string) => ({ version: 1, contextId, label: 'S', kind: 'skill', name: 'deploy' });
  const result = decodeMessageContext({ version: 1, records: [sibling('s_first'), record, sibling('s_last')] });
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.dropped.map((dropped) => dropped.index)).toEqual([1]);
  expect(result.context.records.map((kept) => kept.contextId)).toEqual(['s_first', 's_last']);
}

type Mutation = { path: number[]; action: { delete: true } | { set: unknown } };

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  path: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
  action: fc.oneof(
    fc.constant({ delete: true as const }),
    hostileValueArb.map((set) => ({ set })),
  ),
});

/** Only descend into what `structuredClone` of a valid record produced, not into set hostile values. */
function isPlainContainer(value: unknown): value is Record<string, unknown> {
  return (
    Array.isArray(value) ||
    (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype)
  );
}

/** Applies a mutation somewhere inside `root`, following `path` as indices into each level's keys. */
function applyMutation(root: Record<string, unknown>, { path, action }: Mutation): void {
  let parent: Record<string, unknown> = root;
  for (let depth = 0; depth < path.length; depth++) {
    const keys = Object.keys(parent);
    const key = keys.length > 0 ? keys[path[depth]! % keys.length]! : 'extra';
    const child = parent[key];
    const last = depth === path.length - 1 || !isPlainContainer(child);
    if (last) {
      if ('delete' in action) delete parent[key];
      else parent[key] = action.set;
      return;
    }
    parent = child as Record<string, unknown>;
  }
}

const mutatedRecordArb = fc
  .tuple(validRecordArb, fc.array(mutationArb, { minLength: 1, maxLength: 3 }))
  .map(([record, mutations]) => {
    const copy = structuredClone(record);
    for (const mutation of mutations) applyMutation(copy, mutation);
    return copy;
  });

/** Wraps objects (deeply) in proxies whose traps throw for the chosen keys. */
function booby(value: unknown, trapped: ReadonlySet<string>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const fail = (key: string | symbol) => {
    if (typeof key === 'string' && trapped.has(key)) throw new Error(`trap ${key}`);
  };
  return new Proxy(value, {
    get(target, key, receiver) {
      fail(key);
      return booby(Reflect.get(target, key, receiver), trapped);
    },
    getOwnPropertyDescriptor(target, key) {
      fail(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      if (trapped.has('*keys')) throw new Error('trap keys');
      return Reflect.ownKeys(target);
    },
  });
}

function expectIdempotent(value: unknown): void {
  const first = decodeContextRecord(value);
  if (!first.ok) return;
  const second = decodeContextRecord(first.record);
  expect(second).toEqual(first);
  // The decoded record is plain JSON data: a JSON round trip changes nothing.
  expect(JSON.parse(JSON.stringify(first.record))).toEqual(first.record);
}

describe('record decoding properties', () => {
  it('decodeContextRecord never throws on anything', () => {
    fc.assert(
      fc.property(hostileValueArb, (value) => {
        const result = decodeContextRecord(value);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 2_000 },
    );
  });

  it('decodeContextRecord never throws on JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => void decodeContextRecord(value)),
      { numRuns: 1_000 },
    );
  });

  it('decodeMessageContext never throws on anything', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hostileValueArb,
          fc.array(hostileValueArb).map((records) => ({ version: 1, records })),
        ),
        (value) => {
          const result = decodeMessageContext(value);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('valid records decode, known ones unchanged', () => {
    fc.assert(
      fc.property(validKnownRecordArb, (record) => {
        expect(decodeContextRecord(record)).toEqual({ ok: true, record });
      }),
    );
    fc.assert(
      fc.property(validUnknownRecordArb, (record) => {
        expect(decodeContextRecord(record).ok).toBe(true);
      }),
    );
  });

  it('an unknown kind keeps its payload alone, as T3 does: other top-level fields go, and without a payload it drops', () => {
    const extrasArb = fc.dictionary(
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((key) => !['version', 'contextId', 'kind', 'label', 'payload'].includes(key)),
      fc.jsonValue({ maxDepth: 2 }),
      { maxKeys: 4 },
    );
    fc.assert(
      fc.property(validUnknownRecordArb, extrasArb, (record, extras) => {
        const decoded = decodeContextRecord(record);
        expect(decodeContextRecord({ ...extras, ...record })).toEqual(decoded);
        const { payload: _payload, ...withoutPayload } = record;
        expect(decodeContextRecord({ ...extras, ...withoutPayload }).ok).toBe(false);
        expectDropsAlone({ ...extras, ...withoutPayload });
      }),
    );
  });

  it('ids decode the same with surrounding whitespace', () => {
    fc.assert(
      fc.property(validRecordArb, padArb, padArb, (record, before, after) => {
        const decoded = decodeContextRecord(record);
        const padded = { ...record, contextId: `${before}${String(record.contextId)}${after}` };
        expect(decodeContextRecord(padded)).toEqual(decoded);
      }),
    );
  });

  const padKind = (kind: string, pad: string, where: 'before' | 'after' | 'both') =>
    where === 'before' ? `${pad}${kind}` : where === 'after' ? `${kind}${pad}` : `${pad}${kind}${pad}`;
  const whereArb = fc.constantFrom('before' as const, 'after' as const, 'both' as const);

  it('a padded known kind never decodes, and in a context its record drops alone', () => {
    fc.assert(
      fc.property(validKnownRecordArb, padArb, whereArb, (record, pad, where) => {
        const padded = { ...record, kind: padKind(String(record.kind), pad, where) };
        expect(decodeContextRecord(padded)).toMatchObject({
          ok: false,
          error: expect.stringMatching(/^record\.kind: /),
        });
        expectDropsAlone(padded);
      }),
    );
  });

  it('a padded unknown kind decodes as its trimmed kind', () => {
    fc.assert(
      fc.property(validUnknownRecordArb, padArb, whereArb, (record, pad, where) => {
        const padded = { ...record, kind: padKind(String(record.kind), pad, where) };
        expect(decodeContextRecord(padded)).toEqual(decodeContextRecord(record));
      }),
    );
  });

  it('an unsafe integer in any integer field never decodes, and in a context its record drops alone', () => {
    fc.assert(
      fc.property(
        validKnownRecordArb.filter((record) => integerPaths(record).length > 0),
        fc.nat(),
        unsafeIntegerArb,
        (record, pick, unsafe) => {
          const paths = integerPaths(record);
          const copy = structuredClone(record);
          setAt(copy, paths[pick % paths.length] ?? [], unsafe);
          expect(decodeContextRecord(copy).ok).toBe(false);
          expectDropsAlone(copy);
        },
      ),
    );
  });

  it("decoded records' keys come in T3's order, whatever the input's order", () => {
    fc.assert(
      fc.property(validRecordArb, fc.integer(), (record, seed) => {
        const decoded = decodeContextRecord(shuffledKeys(record, seed));
        expect(decoded.ok).toBe(true);
        if (decoded.ok) expectT3KeyOrder(decoded.record);
      }),
      { numRuns: 500 },
    );
  });

  it('mutated valid records never throw, and what decodes re-decodes to the same record', () => {
    fc.assert(
      fc.property(mutatedRecordArb, (value) => {
        expectIdempotent(value);
      }),
      { numRuns: 2_000 },
    );
  });

  it('valid records decode idempotently', () => {
    fc.assert(
      fc.property(validRecordArb, (record) => expectIdempotent(record)),
      { numRuns: 500 },
    );
  });

  it('proxies with throwing traps never make a decoder throw', () => {
    const trappedArb = fc.uniqueArray(
      fc.constantFrom(
        '*keys',
        'version',
        'contextId',
        'kind',
        'label',
        'payload',
        'name',
        'source',
        'elements',
        '0',
        'length',
        'toJSON',
      ),
      { maxLength: 3 },
    );
    fc.assert(
      fc.property(fc.oneof(validRecordArb, mutatedRecordArb), trappedArb, (record, trapped) => {
        const hostile = booby(record, new Set(trapped));
        expect(typeof decodeContextRecord(hostile).ok).toBe('boolean');
        expect(typeof decodeMessageContext(booby({ version: 1, records: [record] }, new Set(trapped))).ok).toBe(
          'boolean',
        );
      }),
      { numRuns: 1_000 },
    );
  });

  it('a context of valid records with distinct ids decodes with nothing dropped', () => {
    const recordsArb = fc.uniqueArray(validRecordArb, { maxLength: 8, selector: (record) => String(record.contextId) });
    fc.assert(
      fc.property(recordsArb, (records) => {
        const result = decodeMessageContext({ version: 1, records });
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.dropped).toEqual([]);
        expect(result.context.records).toEqual(
          records.map((record) => (decodeContextRecord(record) as { record: unknown }).record),
        );
      }),
      { numRuns: 300 },
    );
  });
});
