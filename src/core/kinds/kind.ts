import { boundedString, nullable, type Field, type FieldTable } from '../record-fields.js';
import type { KnownContextKind, KnownContextRecord } from '../types.js';

/**
 * What a known kind is, in one place: its fields (the decoder's readers, in T3's schema order) and
 * the body of its entry in the provider projection. `./index.ts` lists every kind's definition;
 * the record interfaces themselves are in `../types.ts`.
 */

type BaseKey = 'version' | 'contextId' | 'kind' | 'label';

/** The record of one known kind. */
export type RecordOfKind<K extends KnownContextKind> = Extract<KnownContextRecord, { kind: K }>;

/** A kind's own fields: everything but the base fields every record starts with. */
export type KindFields<K extends KnownContextKind> = Omit<RecordOfKind<K>, BaseKey>;

/**
 * The readers that differ between decoding input (trimming first) and checking a record built in
 * memory exactly as it stands (T3's `Schema.is`: nothing trimmed).
 */
export interface KindReaders {
  /** A string the wire marks trimmed non-empty, of at most `max` chars. */
  trimmed(max: number): Field<string>;
  /** A context id or attachment id: 1–128 of `[a-z0-9_-]`, any case, trimmed like `trimmed`. */
  contextId: Field<string>;
}

export interface KindDefinition<K extends KnownContextKind> {
  /** One reader per field, in T3's schema order, which is the decoded key order. */
  fields(readers: KindReaders): FieldTable<KindFields<K>>;
  /** Two fields whose end must not precede their start (`lineStart`, `lineEnd`). */
  orderedRange?: readonly [start: keyof KindFields<K> & string, end: keyof KindFields<K> & string];
  /** The lines of its `<context>` entry, joined by `\n`; the projection escapes them. */
  providerBody(record: RecordOfKind<K>): string;
}

export const SHORT_STRING_MAX_CHARS = 2_048;
export const NAME_MAX_CHARS = 255;

export const shortString = boundedString(SHORT_STRING_MAX_CHARS);
export const nullableShortString = nullable(shortString);

/** `\n<heading>\n<indented content>`, or nothing for empty content. */
export function indentedSection(heading: string, content: string): string {
  return content ? `\n${heading}\n${indent(content)}` : '';
}

/** Every line gets two spaces, blank lines included. */
export function indent(text: string): string {
  return `  ${text.replaceAll('\n', '\n  ')}`;
}
