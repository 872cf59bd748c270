import {
  type CommandInfo,
  type ContextRecord,
  decodeContextRecord,
  formatContextReference,
  type MessageContext,
  sanitizeCommandInfo,
  splitContentByAnnotations,
  toKindScopedContextId,
} from '../../../core/index.js';
import { hasLegacyContextMarkers } from '../../../core/legacy/markers.js';
import type { LegacyUpgrade } from '../../shared/on-demand.js';
import { resolveStoredContext } from '../../../core/legacy/resolve-stored.js';
import type { ComposerDraft } from '../editor/state/draft-codec.js';
import type { PickedCommand } from '../editor/state/draft-state.js';

/**
 * A message as a host keeps it: record-driven (`text`, `context`) or annotation-driven (`content`,
 * `inputAnnotations`).
 */
export type HistoryEntry =
  { text: string; context?: MessageContext } | { content: string; inputAnnotations?: unknown[] };

type EntryFields = { text?: unknown; context?: unknown; content?: unknown; inputAnnotations?: unknown } | null;

/**
 * A history entry as a draft to show, or `null` for a value that is neither kind of entry. An entry
 * written by a legacy client (text with legacy blocks, no context) shows its chips once `upgrade`
 * is given, and its text as it is until then.
 */
export function draftOfHistoryEntry(
  entry: unknown,
  commands: readonly CommandInfo[],
  upgrade?: LegacyUpgrade,
): { text: string; records: ContextRecord[]; command?: PickedCommand } | null {
  const value = entry as EntryFields;
  if (!value || typeof value !== 'object') return null;
  if (typeof value.text === 'string') {
    const { text, records } = resolveStoredContext(value.text, value.context, () => upgrade);
    return { text, records };
  }
  if (typeof value.content !== 'string') return null;
  let text = '';
  const records: ContextRecord[] = [];
  let command: PickedCommand | undefined;
  for (const segment of splitContentByAnnotations(value.content, value.inputAnnotations ?? [])) {
    if (segment.type === 'reference') {
      const record = recordOfReference(segment.reference, segment.text);
      if (record) records.push(record);
      text += record ? formatContextReference(record) : segment.text;
    } else {
      if (segment.type === 'command' && segment.start === 0) {
        const known = commands.find((candidate) => candidate?.name === segment.command.name);
        const info = sanitizeCommandInfo(known ?? segment.command);
        if (info) command = { command: info, subcommandPath: segment.subcommandPath ?? [] };
      }
      text += segment.text;
    }
  }
  return { text, records, ...(command ? { command } : {}) };
}

/** Whether an entry was written by a legacy client and needs the legacy upgrade to show its chips. */
export function needsLegacyUpgrade(entry: unknown): boolean {
  const value = entry as EntryFields;
  return !!value && typeof value.text === 'string' && value.context == null && hasLegacyContextMarkers(value.text);
}

/** What `history` reads back for a remembered draft: its text and the records it refers to. */
export function historyEntryOf(draft: Pick<ComposerDraft, 'text' | 'records'>): HistoryEntry {
  return draft.records.length > 0
    ? { text: draft.text, context: { version: 1, records: draft.records } }
    : { text: draft.text };
}

/** A chip for an annotation's reference: a host-kind record carrying its value, serialized form and metadata. */
function recordOfReference(
  reference: { id: string; kind?: string; label?: string; value?: string; metadata?: unknown },
  serialized: string,
): ContextRecord | null {
  const kind = typeof reference.kind === 'string' && reference.kind !== '' ? reference.kind : 'mention';
  const payload: Record<string, unknown> = { serialized };
  if (reference.value !== undefined) payload.value = reference.value;
  if (reference.metadata !== undefined) payload.metadata = reference.metadata;
  const decoded = decodeContextRecord({
    version: 1,
    kind,
    contextId: toKindScopedContextId(kind, reference.id),
    label: (reference.label || serialized).slice(0, 200),
    payload,
  });
  return decoded.ok ? decoded.record : null;
}
