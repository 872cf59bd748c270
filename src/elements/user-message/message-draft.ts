import {
  type CommandInfo,
  type ContextRecord,
  formatContextReference,
  isContextKind,
  isKnownContextKind,
  type ReferenceSegment,
  toContextId,
} from '../../core/index.js';
import { formatArgumentValue } from '../shared/command-arguments.js';
import type { ComposerDraft, DraftSlot } from '../shared/composer-values.js';
import { hostKindRecord } from '../shared/host-kind-record.js';
import type { AnnotationDrivenModel, MessageModel } from './message-model.js';

/**
 * A sent message as the draft an inline composer edits. DOM-free: what the message shows is what
 * the draft holds, chip for chip.
 */

/** The draft, and the full description of its picked command (the annotation's), for the composer's `commands`. */
export interface MessageAsDraft {
  draft: ComposerDraft;
  command?: CommandInfo;
}

/**
 * The kind of a chip built from a reference alone whose own kind cannot be a host kind (absent, or
 * a known kind such as `file`, whose records need fields a reference does not carry).
 */
const REFERENCE_KIND = 'reference';

const LABEL_MAX_CHARS = 200;

/**
 * Record-driven text as it is (legacy text already upgraded by the model), with the records its
 * chips resolve to; annotation-driven content with each reference as a link to its record (the
 * message's record for that id, else a host-kind record built from the reference) and its command
 * annotation as the picked command. Images and files stay records: nothing to download or upload.
 */
export function messageAsDraft(model: MessageModel): MessageAsDraft {
  if (model.mode === 'records') {
    // A record whose id is shared shows unresolved in the message: it stays unresolved here too.
    const records = model.records.filter((record) => model.recordsById.get(record.contextId) === record);
    return { draft: { text: model.text, records, attachments: [] } };
  }
  return annotationDraft(model);
}

function annotationDraft(model: AnnotationDrivenModel): MessageAsDraft {
  let text = '';
  let command: MessageAsDraft['command'];
  let picked: ComposerDraft['command'];
  const records = new Map<string, ContextRecord>();
  // The text after a command, with its arguments as they were typed into the slots.
  let argumentText: string | undefined;
  for (const [index, segment] of model.segments.entries()) {
    if (segment.type === 'text') {
      text += argumentText ?? segment.text;
      argumentText = undefined;
    } else if (segment.type === 'command') {
      text += segment.text;
      command = segment.command;
      const next = model.segments[index + 1];
      const filled =
        index === 0 && next?.type === 'text' ? argumentSlots(next.text, text.length, segment.arguments) : null;
      argumentText = filled?.text;
      picked = {
        name: segment.command.name,
        ...(segment.subcommandPath?.length ? { subcommandPath: [...segment.subcommandPath] } : {}),
        ...(filled ? { slots: filled.slots } : {}),
      };
    } else {
      const label = referenceLabel(segment);
      const record =
        records.get(toContextId(segment.reference.id)) ??
        model.recordsById.get(segment.reference.id) ??
        referenceRecord(segment, label);
      if (!record) {
        text += segment.text;
        continue;
      }
      records.set(record.contextId, record);
      text += formatContextReference({ kind: record.kind, contextId: record.contextId, label });
    }
  }
  const draft: ComposerDraft = { text, records: [...records.values()], attachments: [] };
  return { draft: picked ? { ...draft, command: picked } : draft, ...(command ? { command } : {}) };
}

/**
 * The filled arguments of a sent command as the slots of its draft, when the text after the command
 * starts with exactly their sent form (` value`, quoted where it had to be): the text with the values
 * as typed, and where each stands. `null` when it does not, and the text stays as it was.
 */
function argumentSlots(
  after: string,
  offset: number,
  values: readonly { name: string; value: string }[] | undefined,
): { text: string; slots: DraftSlot[] } | null {
  if (!values?.length) return null;
  let text = '';
  let position = 0;
  const slots: DraftSlot[] = [];
  for (const { name, value } of values) {
    const sent = ` ${formatArgumentValue(value)}`;
    if (value === '' || !after.startsWith(sent, position)) return null;
    const from = offset + text.length + 1;
    text += ` ${value}`;
    slots.push({ name, from, to: from + value.length });
    position += sent.length;
  }
  return { text: text + after.slice(position), slots };
}

/** What the message's chip shows as its label: the reference's label, else its value, serialized form or text. */
function referenceLabel(segment: ReferenceSegment): string {
  const { reference } = segment;
  const shown = [reference.label, reference.value, reference.serialized, segment.text].find(
    (candidate) => typeof candidate === 'string' && candidate.trim() !== '',
  );
  return (shown ?? reference.id).trim().slice(0, LABEL_MAX_CHARS);
}

/**
 * An unknown-kind record for a reference, as the composer builds one from a provider's tag: the
 * reference's id as its context id, `payload.serialized` the exact text the prompt had (so an
 * untouched chip goes out as it came), `value` and `metadata` kept. `null` when it cannot decode.
 */
function referenceRecord(segment: ReferenceSegment, label: string): ContextRecord | null {
  const { reference } = segment;
  return hostKindRecord({
    kind: isContextKind(reference.kind) && !isKnownContextKind(reference.kind) ? reference.kind : REFERENCE_KIND,
    contextId: toContextId(reference.id),
    label: label || reference.id,
    serialized: segment.text.trim() || reference.serialized || label,
    // The chip shows `value` beside its label: not twice when the label already is the value.
    value: reference.value && reference.value !== label ? reference.value : undefined,
    metadata: reference.metadata,
  });
}
