import {
  CONTEXT_KINDS,
  type ContextRecord,
  type KnownContextKind,
  type KnownContextRecord,
  type UnknownContextRecord,
} from './types.js';

/** Identity grammars and wire limits of the v1 contract. */

export const CONTEXT_ID_MAX_CHARS = 128;
export const CONTEXT_KIND_MAX_CHARS = 40;
export const CONTEXT_LABEL_MAX_CHARS = 200;
export const MESSAGE_CONTEXT_MAX_RECORDS = 200;
export const MESSAGE_CONTEXT_MAX_JSON_CHARS = 16_000_000;
export const UNKNOWN_PAYLOAD_MAX_JSON_CHARS = 64_000;

const CONTEXT_ID_PATTERN = /^[a-z0-9_-]{1,128}$/i;
const CONTEXT_KIND_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
const KNOWN_KINDS: ReadonlySet<string> = new Set(CONTEXT_KINDS);

/** A context id, occurrence id or attachment id: 1–128 of `[a-z0-9_-]`, any case. Not trimmed here. */
export function isContextId(value: unknown): value is string {
  return typeof value === 'string' && CONTEXT_ID_PATTERN.test(value);
}

/** A kind: lower case, starts with a letter, 1–40 of `[a-z0-9-]`. Not trimmed here. */
export function isContextKind(value: unknown): value is string {
  return typeof value === 'string' && CONTEXT_KIND_PATTERN.test(value);
}

export function isKnownContextKind(value: unknown): value is KnownContextKind {
  return typeof value === 'string' && KNOWN_KINDS.has(value);
}

export function isKnownContextRecord(record: ContextRecord): record is KnownContextRecord {
  return isKnownContextKind(record.kind);
}

export function isUnknownContextRecord(record: ContextRecord): record is UnknownContextRecord {
  return !isKnownContextKind(record.kind);
}
