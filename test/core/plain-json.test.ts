import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainJsonWithin } from '../../src/core/plain-json.js';
import { hostileValueArb } from '../../support/record-arbitraries.js';

const plain = fc.jsonValue({ stringUnit: 'binary' });

describe('plainJsonWithin', () => {
  it('copies plain data as a JSON round trip does', () => {
    fc.assert(
      fc.property(plain, (value) => {
        expect(plainJsonWithin(value, Number.MAX_SAFE_INTEGER, true)).toEqual({
          copy: JSON.parse(JSON.stringify(value)),
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('writes -0 as 0 and non-finite numbers as null, as JSON does', () => {
    const { copy } = plainJsonWithin({ a: -0, b: [Number.NaN, Infinity] }, 1_000, true)!;
    expect(Object.is((copy as { a: number }).a, 0)).toBe(true);
    expect(copy).toEqual({ a: 0, b: [null, null] });
  });

  it('answers only when the JSON text really fits the limit', () => {
    fc.assert(
      fc.property(fc.oneof(plain, hostileValueArb), fc.nat({ max: 2_000 }), (value, limit) => {
        if (plainJsonWithin(value, limit, false) === undefined) return;
        expect(JSON.stringify(value).length).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 3000 },
    );
  });

  it('answers for plain data whose bound fits: 6 chars per code unit, 24 per number', () => {
    expect(plainJsonWithin(['ab', 1], 2 + (2 + 12) + 1 + 24 + 1, false)).toBeDefined();
    expect(plainJsonWithin(['ab', 1], 2 + (2 + 12) + 1 + 24, false)).toBeUndefined();
  });

  it('never answers for what is not plain data, so the caller serialises it', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const throwingGetter = Object.defineProperty({}, 'x', {
      enumerable: true,
      get: () => {
        throw new Error('no');
      },
    });
    for (const value of [
      cyclic,
      [1n],
      { toJSON: () => 'x' },
      new Array(3),
      new Date(0),
      { a: undefined },
      [() => 1],
      new (class Point {})(),
      throwingGetter,
    ]) {
      expect(plainJsonWithin(value, Number.MAX_SAFE_INTEGER, true)).toBeUndefined();
    }
  });

  it('keeps "__proto__" as an own key of the copy, as JSON.parse does', () => {
    const value = JSON.parse('{"__proto__":{"polluted":true}}') as object;
    const { copy } = plainJsonWithin(value, 1_000, true)!;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy as object)).toEqual(['__proto__']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('stops at the limit on structure shared many times over', () => {
    let shared: unknown = 'x'.repeat(10);
    for (let depth = 0; depth < 60; depth++) shared = [shared, shared];
    expect(plainJsonWithin(shared, 1_000_000, false)).toBeUndefined();
  });
});
