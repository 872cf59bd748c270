import {
  type ContextRecord,
  type InputReferencePayload,
  isKnownContextRecord,
  type PullRequestInfo,
} from '../../core/index.js';

/** What a chip's text is derived from. */
export interface ChipSource {
  label: string;
  contextId: string;
  kind: string;
  record?: ContextRecord;
  reference?: InputReferencePayload;
}

/**
 * The text on the chip: a pull request's `#number`, a thread's title (a host may hand the chip a
 * record with the thread's live title), else the link label, else the record's, else the
 * reference's fields, else the id.
 */
export function chipLabel({ label, contextId, kind, record, reference }: ChipSource): string {
  const pullRequest = pullRequestOf(record);
  if (pullRequest) return `#${pullRequest.number}`;
  return (
    firstText(threadTitleOf(record), label, record?.label, reference?.label, reference?.value, reference?.serialized) ??
    (reference?.id || contextId || kind)
  );
}

function threadTitleOf(record: ContextRecord | undefined): string | undefined {
  return record && isKnownContextRecord(record) && record.kind === 'thread' ? record.title : undefined;
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

/** A review comment's pull request state (`open`, `merged`, `draft`, …), which tints the chip. */
export function pullRequestTone(record: ContextRecord | undefined): string | undefined {
  const pullRequest = pullRequestOf(record);
  if (!pullRequest) return undefined;
  return pullRequest.isDraft ? 'draft' : pullRequest.state;
}

function pullRequestOf(record: ContextRecord | undefined): PullRequestInfo | undefined {
  const pullRequest =
    record && isKnownContextRecord(record) && record.kind === 'review-comment' ? record.pullRequest : undefined;
  return pullRequest && typeof pullRequest === 'object' && Number.isFinite(pullRequest.number)
    ? pullRequest
    : undefined;
}

function firstText(...candidates: (string | undefined)[]): string | undefined {
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
  }
  return undefined;
}
