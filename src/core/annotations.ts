import {
  argumentValuesShownIn,
  type CommandArgument,
  type CommandArgumentValue,
  sanitizeCommandArguments,
  sanitizeCommandArgumentValues,
} from './command-arguments.js';
import { isObjectLike } from './record-fields.js';
import type { ContextReferenceOccurrence } from './references.js';
import { insertRange, isSurrogatePair, overlapsRange } from './text-scan.js';
import { walkAroundRanges } from './text-walk.js';

/**
 * Input annotations: UTF-16 ranges of a plain-text prompt marked as references or as the picked
 * slash command, so a renderer shows chips without guessing them from text (Qwen Code's
 * `inputAnnotations`). Annotations arrive from storage and from other clients, so everything here
 * accepts `unknown`, validates field by field and never throws.
 */

/** The payload of a reference annotation (a chip). */
export interface InputReferencePayload {
  id: string;
  kind?: string;
  label?: string;
  value?: string;
  serialized?: string;
  removable?: boolean;
  metadata?: unknown;
}

export interface InputReferenceAnnotation {
  type: 'reference';
  start: number;
  end: number;
  text: string;
  reference: InputReferencePayload;
}

export type { CommandArgument, CommandArgumentValue };
/** How a filled value is written into the prompt, for the composer and for hosts that build prompts. */
export { formatArgumentValue } from './command-arguments.js';

export type CommandDisplayCategory = 'custom' | 'skill' | 'system';

/** A slash command as listed in the `/` menu. */
export interface CommandInfo {
  name: string;
  description?: string;
  argumentHint?: string;
  subcommands?: string[];
  source?: string;
  displayCategory?: CommandDisplayCategory;
  /** The command's argument slots; without them, slots come from `argumentHint`. */
  arguments?: CommandArgument[];
}

export interface InputCommandAnnotation {
  type: 'command';
  start: number;
  end: number;
  text: string;
  command: CommandInfo;
  subcommandPath?: string[];
  /** The filled argument slots, in order (empty ones left out). */
  arguments?: CommandArgumentValue[];
}

export type InputAnnotation = InputReferenceAnnotation | InputCommandAnnotation;

export interface TextSegment {
  type: 'text';
  text: string;
}

export interface ReferenceSegment {
  type: 'reference';
  text: string;
  start: number;
  end: number;
  reference: InputReferencePayload;
}

export interface CommandSegment {
  type: 'command';
  text: string;
  start: number;
  end: number;
  command: CommandInfo;
  subcommandPath?: string[];
  arguments?: CommandArgumentValue[];
}

export type Segment = TextSegment | ReferenceSegment | CommandSegment;

/** At most this many annotations are kept per message (the first valid ones, in array order). */
export const INPUT_ANNOTATIONS_MAX = 256;
/** A reference's `metadata` may serialise to at most this many JSON chars. */
export const INPUT_ANNOTATION_METADATA_MAX_JSON_CHARS = 4_096;
/** `subcommands` and `subcommandPath` hold at most this many entries. */
export const INPUT_ANNOTATION_LIST_MAX = 256;

/**
 * How many array entries are examined at most. JSON arrays are dense and far smaller, but a
 * sparse array or a proxy can report a length of billions, which must not stall the caller.
 */
const SCAN_MAX_ENTRIES = 100_000;

const DISPLAY_CATEGORIES: ReadonlySet<string> = new Set(['custom', 'skill', 'system']);

/** Thrown internally for a field of the wrong type; caught per annotation, never escapes. */
class InvalidField extends Error {}

/**
 * Returns the valid annotations of `annotations` for `content`, as fresh objects sorted by `start`.
 *
 * An entry is kept when it is an object with a known `type`; integer offsets with
 * `0 <= start < end <= content.length` that do not split a surrogate pair; `text` equal to
 * `content.slice(start, end)`; every declared field of its declared type (a wrong type, an empty
 * reference `id`, an empty command `name` or `metadata` over 4,096 JSON chars drops the entry
 * whole); and a range that does not overlap one kept earlier in array order. Unknown fields are
 * dropped. At most {@link INPUT_ANNOTATIONS_MAX} are kept.
 */
export function sanitizeInputAnnotations(content: unknown, annotations: unknown): InputAnnotation[] {
  if (typeof content !== 'string' || content.length === 0) return [];
  const entries = readArrayEntries(annotations, SCAN_MAX_ENTRIES);
  // Kept ranges are disjoint and held sorted by `start` (so by `end` too): each candidate is
  // checked by binary search, not against every kept range, and the result needs no sort.
  const kept: InputAnnotation[] = [];
  for (const entry of entries) {
    if (kept.length >= INPUT_ANNOTATIONS_MAX) break;
    const annotation = sanitizeOne(content, entry);
    if (!annotation) continue;
    if (!overlapsRange(kept, annotation.start, annotation.end)) insertRange(kept, annotation);
  }
  return kept;
}

/**
 * Splits `content` into text and chip segments at exactly the ranges {@link sanitizeInputAnnotations}
 * keeps. The segment texts joined always equal `content`; no text segment is empty.
 */
export function splitContentByAnnotations(content: string, annotations: unknown): Segment[] {
  if (typeof content !== 'string' || content.length === 0) return [];
  const segments: Segment[] = [];
  walkAroundRanges(
    content,
    sanitizeInputAnnotations(content, annotations),
    (between) => {
      if (between) segments.push({ type: 'text', text: between });
    },
    (annotation) => segments.push(toSegment(annotation, content)),
  );
  return segments;
}

/** Segments of record-driven text: prose between references, and one reference segment each. */
export function referenceSegments(text: string, occurrences: readonly ContextReferenceOccurrence[]): Segment[] {
  const segments: Segment[] = [];
  walkAroundRanges(
    text,
    occurrences,
    (between) => {
      if (between) segments.push({ type: 'text', text: between });
    },
    (occurrence) =>
      segments.push({
        type: 'reference',
        text: occurrence.source,
        start: occurrence.start,
        end: occurrence.end,
        reference: { id: occurrence.contextId, kind: occurrence.kind, label: occurrence.label },
      }),
  );
  return segments;
}

/** A command's segment carries its arguments only while the text after it shows them. */
function toSegment(annotation: InputAnnotation, content: string): Segment {
  const { start, end, text } = annotation;
  if (annotation.type === 'reference') {
    return { type: 'reference', text, start, end, reference: annotation.reference };
  }
  const segment: CommandSegment = { type: 'command', text, start, end, command: annotation.command };
  if (annotation.subcommandPath) segment.subcommandPath = annotation.subcommandPath;
  const values = annotation.arguments;
  if (values && argumentValuesShownIn(content.slice(end), values)) segment.arguments = values;
  return segment;
}

/** The entries of an array (read once each), or none for anything else, including a throwing proxy. */
function readArrayEntries(value: unknown, max: number): unknown[] {
  try {
    if (!Array.isArray(value)) return [];
    const length: unknown = value.length;
    if (typeof length !== 'number' || !(length > 0)) return [];
    const count = Math.min(Math.floor(length), max);
    const entries: unknown[] = [];
    for (let index = 0; index < count; index += 1) entries.push(readIndex(value, index));
    return entries;
  } catch {
    return [];
  }
}

function readIndex(array: unknown[], index: number): unknown {
  try {
    return array[index];
  } catch {
    return undefined;
  }
}

function sanitizeOne(content: string, entry: unknown): InputAnnotation | null {
  try {
    if (!isObjectLike(entry)) return null;
    const type = entry.type;
    if (type !== 'reference' && type !== 'command') return null;
    const text = entry.text;
    const offsets = readOffsets(content, entry.start, entry.end);
    if (!offsets || typeof text !== 'string' || content.slice(offsets.start, offsets.end) !== text) return null;
    const range = { ...offsets, text };
    if (type === 'reference') {
      return { type, ...range, reference: sanitizeReferencePayload(entry.reference) };
    }
    const annotation: InputCommandAnnotation = {
      type,
      ...range,
      command: readCommandInfo(entry.command, false),
    };
    const subcommandPath = optionalStringList(entry.subcommandPath);
    if (subcommandPath !== undefined) annotation.subcommandPath = subcommandPath;
    const values = sanitizeCommandArgumentValues(entry.arguments);
    if (values) annotation.arguments = values;
    return annotation;
  } catch {
    return null;
  }
}

/** Integer offsets with `0 <= start < end <= content.length` that split no surrogate pair. */
function readOffsets(content: string, start: unknown, end: unknown): { start: number; end: number } | null {
  if (typeof start !== 'number' || typeof end !== 'number') return null;
  if (!Number.isInteger(start) || !Number.isInteger(end)) return null;
  if (start < 0 || start >= end || end > content.length) return null;
  if (splitsSurrogatePair(content, start) || splitsSurrogatePair(content, end)) return null;
  return { start: start + 0, end }; // `+ 0` turns -0 into 0
}

/** True when `index` falls between the high and the low half of one surrogate pair. */
function splitsSurrogatePair(text: string, index: number): boolean {
  return index > 0 && index < text.length && isSurrogatePair(text.charCodeAt(index - 1), text.charCodeAt(index));
}

function sanitizeReferencePayload(value: unknown): InputReferencePayload {
  if (!isObjectLike(value)) throw new InvalidField('reference');
  const id = value.id;
  if (typeof id !== 'string' || id === '') throw new InvalidField('reference.id');
  const payload: InputReferencePayload = { id };
  assignOptional(payload, 'kind', optionalString(value.kind));
  assignOptional(payload, 'label', optionalString(value.label));
  assignOptional(payload, 'value', optionalString(value.value));
  assignOptional(payload, 'serialized', optionalString(value.serialized));
  assignOptional(payload, 'removable', optionalBoolean(value.removable));
  assignOptional(payload, 'metadata', copyMetadata(value.metadata));
  return payload;
}

/**
 * A fresh copy of a command with only its declared fields, or `null` when `value` is not an object
 * with a non-empty string `name` and correctly typed optional fields.
 */
export function sanitizeCommandInfo(value: unknown): CommandInfo | null {
  try {
    return readCommandInfo(value, true);
  } catch {
    return null;
  }
}

/** The command's declared fields; its argument declarations only when `withArguments` (an annotation has none). */
function readCommandInfo(value: unknown, withArguments: boolean): CommandInfo {
  if (!isObjectLike(value)) throw new InvalidField('command');
  const name = value.name;
  if (typeof name !== 'string' || name === '') throw new InvalidField('command.name');
  const command: CommandInfo = { name };
  assignOptional(command, 'description', optionalString(value.description));
  assignOptional(command, 'argumentHint', optionalString(value.argumentHint));
  assignOptional(command, 'subcommands', optionalStringList(value.subcommands));
  assignOptional(command, 'source', optionalString(value.source));
  assignOptional(command, 'displayCategory', optionalDisplayCategory(value.displayCategory));
  if (withArguments) assignOptional(command, 'arguments', sanitizeCommandArguments(value.arguments));
  return command;
}

function assignOptional<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

function optionalString(value: unknown): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  throw new InvalidField('string');
}

function optionalBoolean(value: unknown): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  throw new InvalidField('boolean');
}

function optionalDisplayCategory(value: unknown): CommandDisplayCategory | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && DISPLAY_CATEGORIES.has(value)) return value as CommandDisplayCategory;
  throw new InvalidField('displayCategory');
}

function optionalStringList(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new InvalidField('list');
  const length: unknown = value.length;
  if (typeof length !== 'number' || length > INPUT_ANNOTATION_LIST_MAX) {
    throw new InvalidField('list');
  }
  const list: string[] = [];
  for (let index = 0; index < length; index += 1) {
    const item: unknown = value[index];
    if (typeof item !== 'string') throw new InvalidField('list item');
    list.push(item);
  }
  return list;
}

/** A deep JSON copy of `metadata`, or a throw when it cannot be stringified or is too large. */
function copyMetadata(value: unknown): unknown {
  if (value === undefined) return undefined;
  const json = JSON.stringify(value);
  if (typeof json !== 'string' || json.length > INPUT_ANNOTATION_METADATA_MAX_JSON_CHARS) {
    throw new InvalidField('metadata');
  }
  return JSON.parse(json) as unknown;
}
