import {
  sanitizeCommandInfo,
  sanitizeInputAnnotations,
  type CommandInfo,
  type InputAnnotation,
  type InputCommandAnnotation,
  type InputReferenceAnnotation,
} from './annotations.js';
import { type CommandArgumentValue, sanitizeCommandArgumentValues } from './command-arguments.js';
import { isContextId, isKnownContextKind } from './grammar.js';
import { escapeMention } from './mentions.js';
import { formatProviderMarker } from './projection.js';
import { collectContextReferences, type ContextReferenceOccurrence } from './references.js';
import { walkAroundRanges } from './text-walk.js';
import type { ContextRecord, MessageContext } from './types.js';

/**
 * Turning a composer draft into what a host sends: the canonical text with its referenced records
 * (record-driven hosts), and the model-facing prompt with input annotations (annotation-driven
 * hosts).
 */

/**
 * Overrides one chip's serialized form: return a string to use it (`''` removes the chip from the
 * prompt and gives it no annotation), or `undefined` for the default form.
 */
export type ChipSerializer = (
  occurrence: ContextReferenceOccurrence,
  record: ContextRecord | undefined,
) => string | undefined;

export interface SubmissionInput {
  /** The composer's canonical text, one `t3-context` link per chip. */
  text: string;
  records: readonly ContextRecord[];
  /** The command picked from the `/` menu. */
  command?: CommandInfo;
  subcommandPath?: readonly string[];
  /** The command's filled argument slots, for its annotation (the text already holds their values). */
  arguments?: readonly CommandArgumentValue[];
  serialize?: ChipSerializer;
}

export interface Submission {
  /** The trimmed canonical text (persist this; T3-style hosts send it with `context`). */
  text: string;
  /** Only the referenced records, in first-reference order; `undefined` when there are none. */
  context?: MessageContext;
  /** Model-facing plain text: each link replaced by its chip's serialized form. */
  prompt: string;
  /** UTF-16 ranges of `prompt`, sorted by `start`, each valid for {@link sanitizeInputAnnotations}. */
  inputAnnotations: InputAnnotation[];
}

/**
 * Derives everything a host may send from a draft. The text is trimmed (not re-formatted), so all
 * offsets are relative to the trimmed text. A chip's serialized form is, in order: the override
 * from `serialize`; a host-kind record's non-empty `payload.serialized` (trimmed); `@` plus the
 * escaped path for a mention record; otherwise the provider marker `[Kind: label; ref=id]` built
 * from the record's kind (the link's kind when no record exists) and the link's sanitised label.
 * When several records share a contextId, the first one is used.
 *
 * `command` yields the first annotation only when the trimmed text starts with `/name` followed by
 * whitespace or the end of the text; `/planx` for command `plan` yields none.
 *
 * The annotations are passed through {@link sanitizeInputAnnotations}, so a receiver keeps exactly
 * what is emitted: beyond 256 (the composer refuses such drafts first) the later ones are left
 * out, as is an override form that would split a surrogate pair at its edge.
 */
export function buildSubmission(input: SubmissionInput): Submission {
  const text = typeof input?.text === 'string' ? input.text.trim() : '';
  const recordsById = indexFirstRecords(input?.records);
  const occurrences = collectContextReferences(text);

  let prompt = '';
  const annotations: InputAnnotation[] = [];
  const command = commandAnnotation(text, occurrences, input);
  if (command) annotations.push(command);

  // Each record appears under its own contextId only, so the records in first-reference order are
  // the context.
  const referenced = new Set<ContextRecord>();
  walkAroundRanges(
    text,
    occurrences,
    (between) => (prompt += between),
    (occurrence) => {
      const record = recordsById.get(occurrence.contextId);
      if (record) referenced.add(record);
      const serialized = serializeChip(occurrence, record, input?.serialize);
      if (serialized !== '') {
        annotations.push(referenceAnnotation(occurrence, record, prompt.length, serialized));
      }
      prompt += serialized;
    },
  );

  const submission: Submission = {
    text,
    prompt,
    inputAnnotations: sanitizeInputAnnotations(prompt, annotations),
  };
  if (referenced.size > 0) submission.context = { version: 1, records: [...referenced] };
  return submission;
}

/** The first record for each contextId; entries that are not records are skipped. */
function indexFirstRecords(records: unknown): Map<string, ContextRecord> {
  const byId = new Map<string, ContextRecord>();
  if (!Array.isArray(records)) return byId;
  for (const record of records as unknown[]) {
    if (!isRecordLike(record) || byId.has(record.contextId)) continue;
    byId.set(record.contextId, record);
  }
  return byId;
}

function isRecordLike(value: unknown): value is ContextRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { contextId, kind } = value as { contextId?: unknown; kind?: unknown };
  return typeof contextId === 'string' && typeof kind === 'string';
}

function serializeChip(
  occurrence: ContextReferenceOccurrence,
  record: ContextRecord | undefined,
  serialize: ChipSerializer | undefined,
): string {
  if (typeof serialize === 'function') {
    const override: unknown = serialize(occurrence, record);
    if (typeof override === 'string') return override;
  }
  return defaultChipForm(occurrence, record);
}

function defaultChipForm(occurrence: ContextReferenceOccurrence, record: ContextRecord | undefined): string {
  const recordForm = record && (hostKindSerialized(record) ?? mentionSerialized(record));
  return recordForm ?? formatProviderMarker(chipKind(occurrence, record), occurrence.label, occurrence.contextId);
}

/** A host kind's trimmed `payload.serialized`, when the record is of an unknown kind and has one. */
function hostKindSerialized(record: ContextRecord): string | undefined {
  if (isKnownContextKind(record.kind)) return undefined;
  const payload: unknown = (record as { payload?: unknown }).payload;
  if (typeof payload !== 'object' || payload === null) return undefined;
  const serialized: unknown = (payload as { serialized?: unknown }).serialized;
  if (typeof serialized !== 'string') return undefined;
  const trimmed = serialized.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** `@` + the escaped path of a mention record; `undefined` when nothing of the path survives escaping. */
function mentionSerialized(record: ContextRecord): string | undefined {
  if (record.kind !== 'mention') return undefined;
  const path: unknown = (record as { path?: unknown }).path;
  const escaped = typeof path === 'string' ? escapeMention(path) : '';
  return escaped === '' ? undefined : `@${escaped}`;
}

/** As in the provider projection: the record's kind wins over the link's. */
function chipKind(occurrence: ContextReferenceOccurrence, record: ContextRecord | undefined): string {
  return record?.kind ?? occurrence.kind;
}

function referenceAnnotation(
  occurrence: ContextReferenceOccurrence,
  record: ContextRecord | undefined,
  start: number,
  serialized: string,
): InputReferenceAnnotation {
  return {
    type: 'reference',
    start,
    end: start + serialized.length,
    text: serialized,
    reference: {
      id: occurrence.contextId,
      kind: chipKind(occurrence, record),
      label: occurrence.label,
      serialized,
    },
  };
}

/**
 * The annotation of the picked command when the text starts with `/name` followed by whitespace or
 * the end of the text, and no link starts inside that range.
 */
function commandAnnotation(
  text: string,
  occurrences: readonly ContextReferenceOccurrence[],
  input: SubmissionInput | undefined,
): InputCommandAnnotation | null {
  if (input?.command === undefined) return null;
  const command = sanitizeCommandInfo(input.command);
  if (!command) return null;
  // The annotation names the command; what its arguments were declared as stays with the host.
  delete command.arguments;
  const commandText = `/${command.name}`;
  const end = commandText.length;
  if (!text.startsWith(commandText)) return null;
  if (end < text.length && !/\s/u.test(text.charAt(end))) return null;
  if ((occurrences[0]?.start ?? end) < end) return null;

  const annotation: InputCommandAnnotation = { type: 'command', start: 0, end, text: commandText, command };
  const path = copyStringList(input.subcommandPath);
  if (path && path.length > 0) annotation.subcommandPath = path;
  const values = sanitizeCommandArgumentValues(input.arguments);
  if (values && values.length > 0) annotation.arguments = values;
  return annotation;
}

function copyStringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? [...(value as string[])] : undefined;
}

/** Old attachment id → new one, as a `Map` or a plain object (own properties only). */
export type AttachmentIdMap = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

/**
 * Rewrites the `attachmentId` of image and file records whose old id is a key of `idMap` (a server
 * normaliser after upload). A mapped value that is not a valid attachment id is ignored. Context
 * ids, labels, other records and the text are unchanged. Returns a new context with new record
 * objects; the input is left untouched.
 */
export function remapContextAttachments(context: MessageContext, idMap: AttachmentIdMap): MessageContext {
  const records = Array.isArray(context?.records) ? (context.records as unknown[]) : [];
  return {
    version: 1,
    records: records.map((record) => remapRecord(record, idMap)) as ContextRecord[],
  };
}

function remapRecord(record: unknown, idMap: AttachmentIdMap): unknown {
  if (typeof record !== 'object' || record === null) return record;
  let copy: Record<string, unknown>;
  try {
    copy = { ...(record as Record<string, unknown>) };
  } catch {
    return record;
  }
  if (copy.kind !== 'image' && copy.kind !== 'file') return copy;
  if (typeof copy.attachmentId !== 'string') return copy;
  const mapped = lookUpAttachmentId(idMap, copy.attachmentId);
  if (mapped !== undefined) copy.attachmentId = mapped;
  return copy;
}

/** Also true for a `Map` from another realm (an iframe), where `instanceof` fails. */
function isMap(value: unknown): value is ReadonlyMap<string, unknown> {
  return value instanceof Map || Object.prototype.toString.call(value) === '[object Map]';
}

function lookUpAttachmentId(idMap: AttachmentIdMap, oldId: string): string | undefined {
  let mapped: unknown;
  try {
    if (isMap(idMap)) {
      mapped = idMap.get(oldId);
    } else if (typeof idMap === 'object' && idMap !== null) {
      mapped = Object.getOwnPropertyDescriptor(idMap, oldId)?.value;
    }
  } catch {
    return undefined;
  }
  return isContextId(mapped) ? mapped : undefined;
}
