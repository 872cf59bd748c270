import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { decodeContextRecord } from '../../src/core/index.js';

/** What every fuzz property is built with: the checks it makes and the list it joins. */
export class Violation extends Error {}

export function check(condition: boolean, message: string): void {
  if (!condition) throw new Violation(message);
}

export function checkEqual(actual: unknown, expected: unknown, message: string): void {
  if (!isDeepStrictEqual(actual, expected)) {
    throw new Violation(`${message}\n  actual:   ${JSON.stringify(actual)}\n  expected: ${JSON.stringify(expected)}`);
  }
}

export function expectDecodesToItself(record: unknown, message: string): void {
  const decoded = decodeContextRecord(record);
  check(decoded.ok, `${message}: does not decode: ${decoded.ok ? '' : decoded.error}`);
  if (decoded.ok) checkEqual(decoded.record, record, `${message}: decoding changes it`);
}

/** A property and its share of the runs (a slow one runs on a fraction of them). */
interface FuzzProperty {
  name: string;
  property: fc.IProperty<never> | fc.IPropertyWithHooks<never>;
  share: number;
}

export const properties: FuzzProperty[] = [];

export function property<Ts extends [unknown, ...unknown[]]>(
  name: string,
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  predicate: (...args: Ts) => void,
  share = 1,
): void {
  properties.push({
    name,
    property: fc.property(...arbitraries, predicate) as never,
    share,
  });
}
