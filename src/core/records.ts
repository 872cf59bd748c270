import { MESSAGE_CONTEXT_MAX_JSON_CHARS } from './grammar.js';
import {
  FieldError,
  readField,
  readObject,
  readOwn,
  readRawRecordArray,
  toJson,
  versionField,
} from './record-fields.js';
import { readContextRecord } from './record-schema.js';
import { plainJsonWithin } from './plain-json.js';
import type { ContextRecord, MessageContext } from './types.js';

/**
 * Decoding of v1 context records and message contexts (T3's `ComposerContextRecord` and
 * `OrchestrationMessageContext`).
 */

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
    return { ok: true, record: readContextRecord(value) };
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
