import { decodeContextRecord } from '../../src/core/records.js';
import type { ContextRecord } from '../../src/core/types.js';
import { fullPreviewAnnotation, fullReviewComment, minimalRecord } from '../../support/record-arbitraries.js';
import { elementDetails } from '../../support/records.js';

/** What the record decoding tests share: edits of a record, and decoding that must succeed or fail. */

export type Json = Record<string, unknown>;
export const DELETE = Symbol('delete');

/** A deep copy of `record` with the value at `path` replaced (or deleted with `DELETE`). */
export function withField(record: Json, path: readonly (string | number)[], value: unknown): Json {
  const copy = structuredClone(record);
  let target: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === DELETE) delete target[last];
  else target[last] = value;
  return copy;
}

export function decodeOk(value: unknown): ContextRecord {
  const result = decodeContextRecord(value);
  if (!result.ok) throw new Error(`expected the record to decode, got: ${result.error}`);
  return result.record;
}

export function decodeError(value: unknown): string {
  const result = decodeContextRecord(value);
  if (result.ok) throw new Error(`expected the record to fail, got: ${JSON.stringify(result.record)}`);
  return result.error;
}

export const withSource = { ...minimalRecord('element'), source: elementDetails.source };
export const withElements = { ...fullPreviewAnnotation };
export const withPullRequest = { ...fullReviewComment };

/** The error path of a field: `kind.a[0].b`. */
export function fieldPathOf(record: Json, path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${key}`),
    String(record.kind),
  );
}

export const chars = (n: number) => 'x'.repeat(n);
export const items = (n: number, item: unknown = 'x') => Array.from({ length: n }, () => item);
