import {
  MESSAGE_CONTEXT_MAX_JSON_CHARS,
  CONTEXT_ID_MAX_CHARS,
  CONTEXT_KIND_MAX_CHARS,
  CONTEXT_LABEL_MAX_CHARS,
  UNKNOWN_PAYLOAD_MAX_JSON_CHARS,
  isContextId,
  isContextKind,
  isKnownContextKind,
} from './grammar.js';
import {
  FieldError,
  alreadyTrimmedNonEmpty,
  boundedString,
  readField,
  readFieldsInto,
  readObject,
  readOwn,
  readRawRecordArray,
  toJson,
  trimmedNonEmpty,
  versionField,
  type Field,
  type FieldTable,
} from './record-fields.js';
import { KIND_DEFINITIONS, type KindFields, type KindReaders } from './kinds/index.js';
import { plainJsonWithin } from './plain-json.js';
import { CONTEXT_KINDS, type ContextRecord, type KnownContextKind, type MessageContext } from './types.js';

/**
 * The v1 record schema (T3's `ComposerContextRecord`) and the decoders of records and message
 * contexts (T3's `OrchestrationMessageContext`) built on it: the base fields here, each known kind's
 * fields in its definition (`./kinds/`), and the reader that walks them. It reads in one of two
 * ways, as T3 does: decoding input (ids and trimmed-non-empty fields are trimmed first), or
 * checking a record built in memory exactly as it stands (T3's `Schema.is`: nothing is trimmed, so
 * surrounding whitespace fails).
 */

/**
 * The kind as T3's schema reads it: a known kind must be written exactly (a padded `" file "` drops
 * the record, since the union's known members match it literally), while an unknown kind is a
 * trimmed non-empty string (`trimmed`) that must then follow the kind grammar and not be a known kind.
 */
function kindField(trimmed: (max: number) => Field<string>): Field<string> {
  const unknownKind = trimmed(CONTEXT_KIND_MAX_CHARS);
  return {
    expected: unknownKind.expected,
    read(value, path) {
      if (isKnownContextKind(value)) return value;
      const kind = unknownKind.read(value, path);
      if (isKnownContextKind(kind)) throw new FieldError(path, 'a known kind must not be padded with whitespace');
      if (!isContextKind(kind)) throw new FieldError(path, 'must be lower-case a-z, 0-9 and -, starting with a letter');
      return kind;
    },
  };
}

const labelField = boundedString(CONTEXT_LABEL_MAX_CHARS);

type KindTables = { readonly [K in KnownContextKind]: FieldTable<KindFields<K>> };

/** The record's id field and every kind's table, each in T3's schema order (the decoded key order). */
interface RecordTables {
  kind: Field<string>;
  contextId: Field<string>;
  kinds: KindTables;
}

/**
 * The tables, with `trimmed` as the reader of the fields the wire marks trimmed non-empty (ids
 * included): trimming for decoding, or requiring trimmed text for checking built records.
 */
function recordTables(trimmed: (max: number) => Field<string>): RecordTables {
  const inner = trimmed(CONTEXT_ID_MAX_CHARS);
  /** Context ids and attachment ids: 1–128 of `[a-z0-9_-]`, any case. */
  const contextId: Field<string> = {
    expected: inner.expected,
    read(value, path) {
      const text = inner.read(value, path);
      if (!isContextId(text)) throw new FieldError(path, 'must contain only letters, digits, _ and -');
      return text;
    },
  };
  const readers: KindReaders = { trimmed, contextId };
  const kinds = Object.fromEntries(
    CONTEXT_KINDS.map((kind) => [kind, KIND_DEFINITIONS[kind].fields(readers)]),
  ) as unknown as KindTables;
  return { kind: kindField(trimmed), contextId, kinds };
}

const DECODING = recordTables(trimmedNonEmpty);
const AS_BUILT = recordTables(alreadyTrimmedNonEmpty);

/** A kind's two fields whose end must not precede their start, if it has them. */
function checkOrderedRange(kind: KnownContextKind, fields: Record<string, unknown>): void {
  const range = KIND_DEFINITIONS[kind].orderedRange;
  if (!range) return;
  const [startKey, endKey] = range;
  if ((fields[endKey] as number) < (fields[startKey] as number)) {
    throw new FieldError(`${kind}.${endKey}`, `must be >= ${startKey}`);
  }
}

/** The base fields in T3's decoded order: `version`, `contextId`, `label`, `kind`. */
function readRecordBase(source: object, tables: RecordTables): Record<string, unknown> & { kind: string } {
  // The kind is read first: the other fields' errors are named after it.
  const kind = readField(source, 'kind', 'record.kind', tables.kind);
  return {
    version: readField(source, 'version', `${kind}.version`, versionField),
    contextId: readField(source, 'contextId', `${kind}.contextId`, tables.contextId),
    label: readField(source, 'label', `${kind}.label`, labelField),
    kind,
  };
}

/**
 * An unknown kind's `payload`, which it must carry, as T3's schema says: any value whose JSON is at
 * most 64,000 chars, kept as a JSON copy so the decoded record is plain data detached from the
 * input. A record without one drops; other top-level fields are not kept.
 */
function readUnknownPayload(source: object, kind: string): unknown {
  const path = `${kind}.payload`;
  const payload = readOwn(source, 'payload', path);
  if (payload === undefined) throw new FieldError(path, 'expected a JSON value', true);
  return boundedJsonCopy(payload, () => toJson(payload, path), path, 'JSON');
}

/**
 * A detached copy of `value` as a JSON round trip makes it, when its JSON text (`serialise()`) is
 * at most `UNKNOWN_PAYLOAD_MAX_JSON_CHARS` long. Plain data well within that is walked instead.
 */
function boundedJsonCopy(value: unknown, serialise: () => string, path: string, subject: string): unknown {
  const walked = plainJsonWithin(value, UNKNOWN_PAYLOAD_MAX_JSON_CHARS, true);
  if (walked) return walked.copy;
  const json = serialise();
  if (json.length > UNKNOWN_PAYLOAD_MAX_JSON_CHARS) {
    throw new FieldError(path, `${subject} must be at most ${UNKNOWN_PAYLOAD_MAX_JSON_CHARS} chars`);
  }
  return JSON.parse(json) as unknown;
}

function readRecord(value: unknown, tables: RecordTables): ContextRecord {
  const source = readObject(value, 'record');
  const record = readRecordBase(source, tables);
  const { kind } = record;
  if (isKnownContextKind(kind)) {
    // Filled in place: copying a finished field object into the record costs more than the reads.
    // The table for `kind` matches `KindFields<kind>` by the declared type of `KindTables`.
    readFieldsInto(record, source, kind, tables.kinds[kind] as unknown as FieldTable<Record<string, unknown>>);
    checkOrderedRange(kind, record);
    return record as unknown as ContextRecord;
  }
  record.payload = readUnknownPayload(source, kind);
  return record as unknown as ContextRecord;
}

/**
 * True when a record built in memory is valid exactly as it stands, as T3's `Schema.is` judges
 * the records its legacy upgrade builds: as decoding would accept it, except that nothing is
 * trimmed, so a trimmed field with surrounding whitespace fails.
 */
export function isValidBuiltRecord(value: unknown): boolean {
  try {
    readRecord(value, AS_BUILT);
    return true;
  } catch {
    return false;
  }
}

export type ContextRecordDecodeResult = { ok: true; record: ContextRecord } | { ok: false; error: string };

/** A record left out of a decoded list, with its index in the original array. */
export interface DroppedContextRecord {
  index: number;
  error: string;
}

export type MessageContextDecodeResult =
  { ok: true; context: MessageContext; dropped: DroppedContextRecord[] } | { ok: false; error: string };

function describeFailure(error: unknown, fallbackPath: string): string {
  return error instanceof FieldError ? error.message : `${fallbackPath}: could not be read`;
}

/**
 * Decodes one v1 context record: every field type, trim rule and length limit of T3's schema.
 * Ids and trimmed-non-empty fields come back trimmed; a known kind must be written exactly, an
 * unknown kind comes back trimmed (as T3's schema reads both); integers must be safe integers;
 * other strings stay byte-exact. Keys come in T3's decoded order (`version`, `contextId`, `label`,
 * `kind`, then the kind's fields in schema order), so re-serialised JSON matches T3's. Unknown
 * fields of known kinds are stripped; an unknown kind must carry `payload` (JSON at most 64,000
 * chars), which it keeps alone, as T3's schema does. Never throws.
 */
export function decodeContextRecord(value: unknown): ContextRecordDecodeResult {
  try {
    return { ok: true, record: readRecord(value, DECODING) };
  } catch (error) {
    return { ok: false, error: describeFailure(error, 'record') };
  }
}

interface DecodedEntry {
  /** Index in the original array. */
  index: number;
  record: ContextRecord;
}

function decodeEntries(values: readonly unknown[]): { entries: DecodedEntry[]; dropped: DroppedContextRecord[] } {
  const entries: DecodedEntry[] = [];
  const dropped: DroppedContextRecord[] = [];
  for (let index = 0; index < values.length; index++) {
    let result: ContextRecordDecodeResult;
    try {
      result = decodeContextRecord(readOwn(values, index, `records[${index}]`));
    } catch (error) {
      result = { ok: false, error: describeFailure(error, `records[${index}]`) };
    }
    if (result.ok) entries.push({ index, record: result.record });
    else dropped.push({ index, error: result.error });
  }
  return { entries, dropped };
}

/**
 * Forward-compatible decoding of a record array (no count or size limits): each record that does
 * not decode is dropped alone and listed with its original index; the valid ones are kept in
 * order. A value that is not a readable array yields nothing. Never throws.
 */
export function decodeContextRecordList(values: unknown): {
  records: ContextRecord[];
  dropped: DroppedContextRecord[];
} {
  try {
    if (!Array.isArray(values)) return { records: [], dropped: [] };
    const { entries, dropped } = decodeEntries(values);
    return { records: entries.map((entry) => entry.record), dropped };
  } catch {
    return { records: [], dropped: [] };
  }
}

/** The context's raw array, whose JSON must also be at most 16,000,000 chars. */
function readContextRecordArray(source: object): unknown[] {
  const records = readRawRecordArray(source, 'context');
  const fits =
    plainJsonWithin(records, MESSAGE_CONTEXT_MAX_JSON_CHARS, false) !== undefined ||
    toJson(records, 'context.records').length <= MESSAGE_CONTEXT_MAX_JSON_CHARS;
  if (!fits) {
    throw new FieldError('context.records', `JSON must be at most ${MESSAGE_CONTEXT_MAX_JSON_CHARS} chars`);
  }
  return records;
}

function checkDistinctContextIds(entries: readonly DecodedEntry[]): void {
  const firstIndexById = new Map<string, number>();
  for (const { index, record } of entries) {
    const first = firstIndexById.get(record.contextId);
    if (first !== undefined) {
      throw new FieldError(
        `context.records[${index}].contextId`,
        `duplicates records[${first}] ("${record.contextId}")`,
      );
    }
    firstIndexById.set(record.contextId, index);
  }
}

function readMessageContext(value: unknown): { context: MessageContext; dropped: DroppedContextRecord[] } {
  const source = readObject(value, 'context');
  readField(source, 'version', 'context.version', versionField);
  const { entries, dropped } = decodeEntries(readContextRecordArray(source));
  checkDistinctContextIds(entries);
  return { context: { version: 1, records: entries.map((entry) => entry.record) }, dropped };
}

/**
 * Decodes a message context `{version: 1, records}`. The raw array is checked first (at most 200
 * items, JSON at most 16,000,000 chars; either failure fails the whole context), then each
 * undecodable record is dropped alone and listed in `dropped`, then duplicate `contextId`s
 * (after trimming) fail the whole context. Never throws.
 */
export function decodeMessageContext(value: unknown): MessageContextDecodeResult {
  try {
    return { ok: true, ...readMessageContext(value) };
  } catch (error) {
    return { ok: false, error: describeFailure(error, 'context') };
  }
}
