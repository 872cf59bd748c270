import {
  CONTEXT_ID_MAX_CHARS,
  CONTEXT_KIND_MAX_CHARS,
  CONTEXT_LABEL_MAX_CHARS,
  MESSAGE_CONTEXT_MAX_JSON_CHARS,
  MESSAGE_CONTEXT_MAX_RECORDS,
  UNKNOWN_PAYLOAD_MAX_JSON_CHARS,
  isContextId,
  isContextKind,
  isKnownContextKind,
} from './grammar.js';
import {
  FieldError,
  arrayOf,
  booleanField,
  boundedString,
  literal,
  nonNegativeInt,
  nullable,
  optional,
  positiveInt,
  readField,
  readFieldsInto,
  readObject,
  readOwn,
  readRawRecordArray,
  struct,
  toJson,
  trimmedNonEmpty,
  versionField,
  type Field,
  type FieldTable,
} from './record-fields.js';
import { plainJsonWithin } from './plain-json.js';
import type {
  AttachmentContextFields,
  ContextRecord,
  ElementContextDetails,
  ElementSource,
  KnownContextKind,
  KnownContextRecord,
  MessageContext,
  PreviewAnnotationContextRecord,
  PullRequestInfo,
  ReviewCommentContextRecord,
  StyleChangeDetail,
  TerminalContextRecord,
  UnknownContextRecord,
} from './types.js';

/** Decoding of v1 context records and message contexts (T3's `ComposerContextRecord` and `OrchestrationMessageContext`). */

export type ContextRecordDecodeResult = { ok: true; record: ContextRecord } | { ok: false; error: string };

/** A record left out of a decoded list, with its index in the original array. */
export interface DroppedContextRecord {
  index: number;
  error: string;
}

export type MessageContextDecodeResult =
  { ok: true; context: MessageContext; dropped: DroppedContextRecord[] } | { ok: false; error: string };

/** Fields an unknown kind does not keep among its extra top-level fields. */
const BASE_FIELDS: readonly string[] = ['version', 'contextId', 'kind', 'label', 'payload'];
type BaseKey = 'version' | 'contextId' | 'kind' | 'label';
type KindFields<K extends KnownContextKind> = Omit<Extract<KnownContextRecord, { kind: K }>, BaseKey>;

const SHORT_STRING_MAX_CHARS = 2_048;
const NAME_MAX_CHARS = 255;

/** A trimmed, non-empty string of at most `max` chars that `matches` accepts, else `problem`. */
function trimmedMatching(max: number, matches: (value: string) => boolean, problem: string): Field<string> {
  const trimmed = trimmedNonEmpty(max);
  return {
    expected: trimmed.expected,
    read(value, path) {
      const text = trimmed.read(value, path);
      if (!matches(text)) throw new FieldError(path, problem);
      return text;
    },
  };
}

/** Context ids and attachment ids: trimmed, then 1–128 of `[a-z0-9_-]`, any case. */
const contextIdField = trimmedMatching(CONTEXT_ID_MAX_CHARS, isContextId, 'must contain only letters, digits, _ and -');

/** Kinds: trimmed, then lower case, starting with a letter, 1–40 of `[a-z0-9-]`. */
const kindField = trimmedMatching(
  CONTEXT_KIND_MAX_CHARS,
  isContextKind,
  'must be lower-case a-z, 0-9 and -, starting with a letter',
);

const labelField = boundedString(CONTEXT_LABEL_MAX_CHARS);
const shortString = boundedString(SHORT_STRING_MAX_CHARS);
const nullableShortString = nullable(shortString);
const nameString = trimmedNonEmpty(NAME_MAX_CHARS);
const pathString = trimmedNonEmpty(SHORT_STRING_MAX_CHARS);

const attachmentFields: FieldTable<AttachmentContextFields> = {
  attachmentId: contextIdField,
  name: nameString,
  mimeType: trimmedNonEmpty(100),
  sizeBytes: nonNegativeInt,
};

const terminalFields: FieldTable<Omit<TerminalContextRecord, BaseKey>> = {
  terminalId: nameString,
  terminalLabel: nameString,
  lineStart: nonNegativeInt,
  lineEnd: nonNegativeInt,
  text: boundedString(64_000),
};

const elementSourceField = struct<ElementSource>({
  functionName: nullableShortString,
  fileName: nullableShortString,
  lineNumber: nullable(nonNegativeInt),
  columnNumber: nullable(nonNegativeInt),
});

const elementDetailsFields: FieldTable<ElementContextDetails> = {
  pageUrl: shortString,
  pageTitle: nullableShortString,
  tagName: nameString,
  selector: nullableShortString,
  htmlPreview: boundedString(8_000),
  componentName: nullableShortString,
  source: nullable(elementSourceField),
  styles: boundedString(8_000),
};

const styleChangeDetailField = struct<StyleChangeDetail>({
  targetId: shortString,
  selector: nullableShortString,
  property: shortString,
  previousValue: boundedString(8_000),
  value: boundedString(8_000),
});

const previewAnnotationFields: FieldTable<Omit<PreviewAnnotationContextRecord, BaseKey>> = {
  annotationId: shortString,
  pageUrl: shortString,
  pageTitle: nullableShortString,
  comment: boundedString(8_000),
  targetSummary: shortString,
  styleChanges: arrayOf(shortString, 200),
  elements: optional(arrayOf(struct(elementDetailsFields), 50)),
  elementIds: optional(arrayOf(shortString, 50)),
  styleChangeDetails: optional(arrayOf(styleChangeDetailField, 200)),
  screenshotContextId: optional(contextIdField),
  regionCount: optional(nonNegativeInt),
  strokeCount: optional(nonNegativeInt),
};

const pullRequestField = struct<PullRequestInfo>({
  number: positiveInt,
  title: shortString,
  url: shortString,
  headBranch: shortString,
  baseBranch: shortString,
  state: literal('open', 'closed', 'merged'),
  isDraft: booleanField,
});

const reviewCommentFields: FieldTable<Omit<ReviewCommentContextRecord, BaseKey>> = {
  sectionId: nameString,
  sectionTitle: shortString,
  filePath: pathString,
  startIndex: nonNegativeInt,
  endIndex: nonNegativeInt,
  rangeLabel: shortString,
  text: boundedString(16_000),
  diff: boundedString(32_000),
  fenceLanguage: optional(boundedString(64)),
  pullRequest: optional(pullRequestField),
  sourceRevision: optional(boundedString(64)),
  sourceStale: optional(booleanField),
};

const KNOWN_KIND_FIELDS: { readonly [K in KnownContextKind]: FieldTable<KindFields<K>> } = {
  image: attachmentFields,
  file: attachmentFields,
  terminal: terminalFields,
  element: elementDetailsFields,
  'preview-annotation': previewAnnotationFields,
  'review-comment': reviewCommentFields,
  mention: { path: pathString },
  skill: { name: nameString },
};

/** Pairs of fields whose end must not precede their start. */
const ORDERED_RANGES: { readonly [K in KnownContextKind]?: readonly [keyof KindFields<K>, keyof KindFields<K>] } = {
  terminal: ['lineStart', 'lineEnd'],
  'review-comment': ['startIndex', 'endIndex'],
};

function checkOrderedRange(kind: KnownContextKind, fields: Record<string, unknown>): void {
  const range = ORDERED_RANGES[kind] as readonly [string, string] | undefined;
  if (!range) return;
  const [startKey, endKey] = range;
  if ((fields[endKey] as number) < (fields[startKey] as number)) {
    throw new FieldError(`${kind}.${endKey}`, `must be >= ${startKey}`);
  }
}

interface RecordBase {
  version: 1;
  contextId: string;
  kind: string;
  label: string;
}

function readRecordBase(source: object): RecordBase {
  const kind = readField(source, 'kind', 'record.kind', kindField);
  return {
    version: readField(source, 'version', `${kind}.version`, versionField),
    contextId: readField(source, 'contextId', `${kind}.contextId`, contextIdField),
    kind,
    label: readField(source, 'label', `${kind}.label`, labelField),
  };
}

/** Reads the fields of a known kind into `record` (after its base fields, in table order). */
function readKnownKindFields(source: object, kind: KnownContextKind, record: Record<string, unknown>): void {
  // The table for `kind` matches `KindFields<kind>` by the declared type of KNOWN_KIND_FIELDS.
  const table = KNOWN_KIND_FIELDS[kind] as unknown as FieldTable<Record<string, unknown>>;
  readFieldsInto(record, source, kind, table);
  checkOrderedRange(kind, record);
}

function isBaseField(key: string): boolean {
  return BASE_FIELDS.includes(key);
}

/**
 * The fields an unknown kind keeps: `payload` when present (JSON ≤ 64,000 chars), and every other
 * top-level field beyond the base ones (their JSON together ≤ 64,000 chars). Both are kept as a
 * JSON copy, so the decoded record is plain data detached from the input.
 */
function readUnknownKindFields(source: object, kind: string): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  const payload = readOwn(source, 'payload', `${kind}.payload`);
  if (payload !== undefined) {
    const path = `${kind}.payload`;
    kept.payload = boundedJsonCopy(payload, () => toJson(payload, path), path, 'JSON');
  }
  const extras: [string, unknown][] = [];
  for (const key of Object.keys(source)) {
    if (isBaseField(key)) continue;
    const value = readOwn(source, key, `${kind}.${key}`);
    if (value !== undefined) extras.push([key, value]);
  }
  if (extras.length === 0) return kept;
  // Each member is serialised on its own, so an error names its field.
  const serialiseExtras = () =>
    `{${extras.map(([key, value]) => `${JSON.stringify(key)}:${toJson(value, `${kind}.${key}`)}`).join(',')}}`;
  // fromEntries and spreading define keys such as "__proto__" as own data properties, as JSON.parse does.
  const copy = boundedJsonCopy(Object.fromEntries(extras), serialiseExtras, kind, "extra fields' JSON") as object;
  return { ...kept, ...copy };
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

function readContextRecord(value: unknown): ContextRecord {
  const source = readObject(value, 'record');
  const base = readRecordBase(source);
  if (isKnownContextKind(base.kind)) {
    // Filled in place: copying a finished field object into the record costs more than the reads.
    readKnownKindFields(source, base.kind, base as unknown as Record<string, unknown>);
    return base as ContextRecord;
  }
  // Spread, not assigned: an extra field named "__proto__" must stay an own data property.
  return { ...base, ...readUnknownKindFields(source, base.kind) } as ContextRecord;
}

function describeFailure(error: unknown, fallbackPath: string): string {
  return error instanceof FieldError ? error.message : `${fallbackPath}: could not be read`;
}

/**
 * Decodes one v1 context record: every field type, trim rule and length limit of T3's schema.
 * Ids, kinds and trimmed-non-empty fields come back trimmed; other strings stay byte-exact.
 * Unknown fields of known kinds are stripped; unknown kinds keep `payload` and their extra
 * top-level fields. Never throws.
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
