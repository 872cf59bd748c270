import { isKnownContextRecord } from './grammar.js';
import { CONTEXT_KINDS } from './types.js';
import { expandCitationsForProvider } from './citations.js';
import { collectContextReferences } from './references.js';
import { KIND_DEFINITIONS } from './kinds/index.js';
import { escapeAttribute } from './text-format.js';
import { walkAroundRanges } from './text-walk.js';
import type { ContextRecord, KnownContextRecord, UnknownContextRecord } from './types.js';

/** Options of {@link projectContextForProvider}. */
export interface ProjectionOptions {
  /**
   * Whether the message's own prose is escaped like captured text (default `true`): a `<` that
   * would open or close a `t3_context` or `context` tag becomes `&lt;`, so pasted text can never
   * stand as an envelope entry. `false` leaves the prose as written, which is T3 Code's exact output.
   */
  escapeProse?: boolean;
}

/**
 * What a model provider reads: every reference becomes an in-place marker such as
 * `[Image: shot.png; ref=ctx_1]`, and each unique referenced record appears once in a trailing
 * `<t3_context version="1">` envelope, in first-reference order. Text without references gets no
 * envelope (only its prose escaping).
 */
export function projectContextForProvider(
  message: { text: string; records: readonly ContextRecord[] },
  options: ProjectionOptions = {},
): string {
  // As T3 Code's server: the context envelope first, then the citations of the result.
  return expandCitationsForProvider(projectContextEnvelope(message, options));
}

function projectContextEnvelope(
  { text, records }: { text: string; records: readonly ContextRecord[] },
  { escapeProse = true }: ProjectionOptions,
): string {
  const prose = escapeProse ? escapeProseTags : (between: string) => between;
  const occurrences = collectContextReferences(text);
  if (occurrences.length === 0) return typeof text === 'string' ? prose(text) : text;

  const slots = indexUnambiguousRecords(records);
  // One pass collects the body (markers in place) and the envelope entries (in first-reference
  // order) as pieces, joined once: the text is copied once, and no long string is built by
  // appending.
  const body: string[] = [];
  const envelope: string[] = [ENVELOPE_OPEN];
  walkAroundRanges(
    text,
    occurrences,
    (between) => body.push(prose(between)),
    (occurrence) => {
      const { contextId, kind } = occurrence;
      let slot = slots.get(contextId);
      if (!slot) slots.set(contextId, (slot = { record: undefined, listed: false }));
      const { record } = slot;
      body.push(formatProviderMarker(record?.kind ?? kind, occurrence.label, contextId));
      if (!slot.listed) {
        const entry = formatEntry(kind, contextId, record);
        envelope.push(envelope.length === 1 ? entry : `\n${entry}`);
        slot.listed = true;
      }
    },
  );
  envelope.push(ENVELOPE_CLOSE);
  return body.concat(envelope).join('');
}

const ENVELOPE_OPEN = '\n\n<t3_context version="1">\n';
const ENVELOPE_CLOSE = '\n</t3_context>';

/**
 * A context id's record (`undefined` when there is none or it is ambiguous), and whether its envelope entry is
 * written.
 */
interface EnvelopeSlot {
  record: ContextRecord | undefined;
  listed: boolean;
}

/** A shared id maps to no record: an ambiguous payload is never silently picked. */
function indexUnambiguousRecords(records: readonly ContextRecord[]): Map<string, EnvelopeSlot> {
  const byId = new Map<string, EnvelopeSlot>();
  for (const record of Array.isArray(records) ? records : []) {
    if (!record || typeof record !== 'object') continue;
    const slot = byId.get(record.contextId);
    if (slot) slot.record = undefined;
    else byId.set(record.contextId, { record, listed: false });
  }
  return byId;
}

/** What the cleaning below would change: a `;`, `]` or line break, or whitespace that is not one inner space. */
const NEEDS_MARKER_CLEANING = /[\r\n;\]]|[^\S ]|\s\s|^\s|\s$/;

/** `[<Kind display>: <label>; ref=<contextId>]`, the label cleaned of line breaks, `;` and `]`. */
export function formatProviderMarker(kind: string, label: string, contextId: string): string {
  const cleanLabel = NEEDS_MARKER_CLEANING.test(label)
    ? label
        .replace(/[\r\n;\]]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : label;
  return `[${kindDisplayName(kind)}: ${escapeContextTags(cleanLabel)}; ref=${contextId}]`;
}

/** `preview-annotation` → `Preview annotation`. */
export function kindDisplayName(kind: string): string {
  return KNOWN_KIND_DISPLAY_NAMES.get(kind) ?? displayNameOf(kind);
}

function displayNameOf(kind: string): string {
  const spaced = kind.replaceAll('-', ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Computed once: every marker needs one, and nearly all are of a known kind. */
const KNOWN_KIND_DISPLAY_NAMES: ReadonlyMap<string, string> = new Map(
  CONTEXT_KINDS.map((kind) => [kind, displayNameOf(kind)]),
);

/**
 * Captured text is data: a `<` that would open or close a `t3_context` or `context` tag becomes
 * `&lt;`, so no excerpt, label or payload can close the envelope or forge an entry.
 */
export function escapeContextTags(text: string): string {
  if (!text.includes('<')) return text;
  return text.replace(/<(?=\/?(?:t3_context|context)\b)/gi, '&lt;');
}

/**
 * The message's own prose is data too: besides the context tags, a `<` that would open or close
 * an `<assistant_citations>` block becomes `&lt;`, so typed text cannot stand as the citation block
 * the projection appends (T3 Code escapes no prose; `escapeProse: false` keeps its bytes).
 */
function escapeProseTags(text: string): string {
  if (!text.includes('<')) return text;
  return text.replace(/<(?=\/?(?:t3_context|context|assistant_citations)\b)/gi, '&lt;');
}

/** `contextId` comes from a parsed link (letters, digits, `_` and `-`): it needs no escaping. */
function formatEntry(linkKind: string, contextId: string, record: ContextRecord | undefined): string {
  const kind = record?.kind ?? linkKind;
  const open = `<context kind="${escapeAttribute(kind)}" id="${contextId}"`;
  if (!record) return `${open} unavailable="true"/>`;
  const body = isKnownContextRecord(record) ? formatKnownBody(record) : formatUnknownBody(record);
  return `${open}>\n${escapeContextTags(body)}\n</context>`;
}

/**
 * One-line JSON of `payload`; `null` for a record built without one (which would not decode), so
 * the projection never throws.
 */
function formatUnknownBody(record: UnknownContextRecord): string {
  return JSON.stringify(record.payload) ?? 'null';
}

/** The kind's own body lines (`./kinds/`). */
function formatKnownBody(record: KnownContextRecord): string {
  // The definition under `record.kind` takes that kind's record, which `record` is.
  const providerBody = KIND_DEFINITIONS[record.kind].providerBody as (record: KnownContextRecord) => string;
  return providerBody(record);
}
