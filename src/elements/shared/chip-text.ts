import { type ContextRecord, type InputReferencePayload, isKnownContextRecord } from '../../core/index.js';
import { chipKindOf } from '../../kinds/chips.js';

/** What a chip's text is derived from. */
export interface ChipSource {
  label: string;
  contextId: string;
  kind: string;
  record?: ContextRecord;
  reference?: InputReferencePayload;
}

/**
 * The text on the chip: its kind's text from the record (a pull request's `#number`, a thread's
 * title), else the link label, else the record's, else the reference's fields, else the id.
 */
export function chipLabel({ label, contextId, kind, record, reference }: ChipSource): string {
  return (
    firstText(kindText(record), label, record?.label, reference?.label, reference?.value, reference?.serialized) ??
    (reference?.id || contextId || kind)
  );
}

function kindText(record: ContextRecord | undefined): string | undefined {
  return record && isKnownContextRecord(record) ? chipKindOf(record.kind)?.text?.(record) : undefined;
}

/** The chip's tint from its record, as its kind gives one (a review comment's pull request state). */
export function chipTone(record: ContextRecord | undefined): string | undefined {
  return record && isKnownContextRecord(record) ? chipKindOf(record.kind)?.tone?.(record) : undefined;
}

/** The value shown beside the label: a host kind's `payload.value` or an annotation's `value`. */
export function chipValue(record: ContextRecord | undefined, reference: InputReferencePayload | undefined) {
  if (record && !isKnownContextRecord(record)) {
    const payload = record.payload as { value?: unknown } | undefined;
    return typeof payload?.value === 'string' && payload.value.trim() ? payload.value : undefined;
  }
  if (record || !reference?.label || !reference.value || reference.value === reference.label) return undefined;
  return reference.value;
}

function firstText(...candidates: (string | undefined)[]): string | undefined {
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
  }
  return undefined;
}
