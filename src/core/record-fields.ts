import { MESSAGE_CONTEXT_MAX_RECORDS } from './grammar.js';

/**
 * Small composable field readers behind the record and clipboard decoders.
 *
 * A reader validates one value and returns its decoded form (fresh objects, trimmed strings where
 * the wire says so). On bad input it throws a `FieldError` naming the field path; the public
 * decoders catch it at their boundary, so nothing escapes `core` as an exception.
 */

export class FieldError extends Error {
  constructor(
    readonly path: string,
    problem: string,
    /** The value had the wrong type (as opposed to breaking a constraint of the right type). */
    readonly typeMismatch = false,
  ) {
    super(`${path}: ${problem}`);
  }
}

export interface Field<T> {
  /** What the field holds, for messages: "a string", "a non-negative integer". */
  readonly expected: string;
  read(value: unknown, path: string): T;
}

/** A field that may be absent (or `undefined`); when absent it is left out of the decoded object. */
interface OptionalField<T> extends Field<T> {
  readonly optional: true;
}

/** One reader per property of `T`; the optional properties of `T` need optional readers. */
export type FieldTable<T> = {
  readonly [K in keyof T]-?: undefined extends T[K] ? OptionalField<Exclude<T[K], undefined>> : Field<T[K]>;
};

export function isObjectLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads an own property only (inherited or polluted prototype properties are ignored); a throwing getter becomes a
 * `FieldError`.
 */
export function readOwn(source: object, key: string | number, path: string): unknown {
  try {
    return Object.prototype.hasOwnProperty.call(source, key)
      ? (source as Record<string | number, unknown>)[key]
      : undefined;
  } catch {
    throw new FieldError(path, 'could not be read');
  }
}

function mismatch(path: string, expected: string): FieldError {
  return new FieldError(path, `expected ${expected}`, true);
}

/** `value` when it is an object (not null, not an array); else a type mismatch at `path`. */
export function readObject(value: unknown, path: string): object {
  if (!isObjectLike(value)) throw mismatch(path, 'an object');
  return value;
}

/** `source[key]` (an own property only) read by `field`, the error naming `path`. */
export function readField<T>(source: object, key: string, path: string, field: Field<T>): T {
  return field.read(readOwn(source, key, path), path);
}

function readString(value: unknown, path: string): string {
  if (typeof value !== 'string') throw mismatch(path, 'a string');
  return value;
}

function checkMaxLength(value: string, max: number, path: string): string {
  if (value.length > max) throw new FieldError(path, `must be at most ${max} chars`);
  return value;
}

/** A string kept byte-exact, at most `max` UTF-16 code units. */
export function boundedString(max: number): Field<string> {
  return {
    expected: 'a string',
    read: (value, path) => checkMaxLength(readString(value, path), max, path),
  };
}

/** A string trimmed on decode, then non-empty and at most `max` chars (the wire's "TNE"). */
export function trimmedNonEmpty(max: number): Field<string> {
  return {
    expected: 'a non-empty string',
    read: (value, path) => {
      const trimmed = readString(value, path).trim();
      if (trimmed === '') throw new FieldError(path, 'must not be empty');
      return checkMaxLength(trimmed, max, path);
    },
  };
}

/**
 * A "TNE" string that must already be trimmed: the check T3's `Schema.is` makes on a record it
 * built itself, where decoding would trim.
 */
export function alreadyTrimmedNonEmpty(max: number): Field<string> {
  return {
    expected: 'a non-empty string',
    read: (value, path) => {
      const text = readString(value, path);
      if (text === '') throw new FieldError(path, 'must not be empty');
      if (text.trim() !== text) throw new FieldError(path, 'must not start or end with whitespace');
      return checkMaxLength(text, max, path);
    },
  };
}

/** A safe integer (`Number.isSafeInteger`) of at least `min`: T3's `Int` accepts no larger magnitude. */
function integerAtLeast(min: number, expected: string): Field<number> {
  return {
    expected,
    read: (value, path) => {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min) throw mismatch(path, expected);
      if (!Number.isSafeInteger(value)) throw new FieldError(path, `must be at most ${Number.MAX_SAFE_INTEGER}`);
      // JSON cannot carry -0; decode it as the 0 a JSON round trip would give.
      return value === 0 ? 0 : value;
    },
  };
}

export const nonNegativeInt: Field<number> = integerAtLeast(0, 'a non-negative integer');
export const positiveInt: Field<number> = integerAtLeast(1, 'a positive integer');

export const booleanField: Field<boolean> = {
  expected: 'a boolean',
  read: (value, path) => {
    if (typeof value !== 'boolean') throw mismatch(path, 'a boolean');
    return value;
  },
};

export function literal<const T extends string | number>(...values: T[]): Field<T> {
  const shown = values.map((value) => JSON.stringify(value));
  const expected = shown.length > 1 ? `one of ${shown.join(', ')}` : shown.join('');
  return {
    expected,
    read: (value, path) => {
      if (!(values as unknown[]).includes(value)) throw mismatch(path, expected);
      return value as T;
    },
  };
}

/** `null` or the inner field; a wrong type reports both alternatives ("… or null"). */
export function nullable<T>(inner: Field<T>): Field<T | null> {
  const expected = `${inner.expected} or null`;
  return {
    expected,
    read: (value, path) => {
      if (value === null) return null;
      try {
        return inner.read(value, path);
      } catch (error) {
        if (error instanceof FieldError && error.typeMismatch && error.path === path) {
          throw mismatch(path, expected);
        }
        throw error;
      }
    },
  };
}

export function optional<T>(inner: Field<T>): OptionalField<T> {
  return { expected: inner.expected, read: inner.read, optional: true };
}

export function arrayOf<T>(item: Field<T>, maxItems: number): Field<T[]> {
  return {
    expected: 'an array',
    read: (value, path) => {
      if (!Array.isArray(value)) throw mismatch(path, 'an array');
      const length = value.length;
      if (length > maxItems) throw new FieldError(path, `must have at most ${maxItems} items`);
      const items: T[] = [];
      for (let index = 0; index < length; index++) {
        const itemPath = `${path}[${index}]`;
        items.push(item.read(readOwn(value, index, itemPath), itemPath));
      }
      return items;
    },
  };
}

/** The `version: 1` of a record, a message context and a clipboard fragment. */
export const versionField: Field<1> = literal(1);

/**
 * The raw `records` array of a message context or clipboard fragment (`container` names it in
 * errors): an array of at most 200 items, checked before any record is dropped.
 */
export function readRawRecordArray(source: object, container: string): unknown[] {
  const path = `${container}.records`;
  const records = readOwn(source, 'records', path);
  if (!Array.isArray(records)) throw mismatch(path, 'an array');
  if (records.length > MESSAGE_CONTEXT_MAX_RECORDS) {
    throw new FieldError(path, `must have at most ${MESSAGE_CONTEXT_MAX_RECORDS} records`);
  }
  return records;
}

/** Reads the table's properties from `source` into a fresh object; properties not in the table are dropped. */
export function readFields<T>(source: object, path: string, table: FieldTable<T>): T {
  return readFieldsInto({}, source, path, table) as T;
}

/** Like {@link readFields}, adding the properties to `target` (the table's keys are plain names, never `__proto__`). */
export function readFieldsInto<T>(
  target: Record<string, unknown>,
  source: object,
  path: string,
  table: FieldTable<T>,
): Record<string, unknown> {
  for (const key of Object.keys(table)) {
    const field = table[key as keyof T] as Field<unknown> & { optional?: true };
    const fieldPath = `${path}.${key}`;
    const raw = readOwn(source, key, fieldPath);
    if (raw === undefined && field.optional) continue;
    target[key] = field.read(raw, fieldPath);
  }
  return target;
}

export function struct<T>(table: FieldTable<T>): Field<T> {
  return {
    expected: 'an object',
    read: (value, path) => readFields(readObject(value, path), path, table),
  };
}

/**
 * The JSON text of `value`, or a `FieldError` when it has none (a function, a symbol) or stringify throws (a BigInt, a
 * cycle).
 */
export function toJson(value: unknown, path: string): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    // Reported below, as for a value without JSON text.
  }
  if (json === undefined) throw new FieldError(path, 'must be JSON-serialisable');
  return json;
}
