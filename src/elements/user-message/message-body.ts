import {
  type CommandSegment,
  type ContextRecord,
  type ContextReferenceOccurrence,
  formatContextReference,
  type InputReferencePayload,
  parseContextHref,
  type ReferenceSegment,
} from '../../core/index.js';
import { appendTextWithChips, type BodyPiece, type BodyTarget } from './body-target.js';
import type { ParsedMessageMarkdown, RenderHostToken } from './markdown.js';
import type { MessageMarkdown } from './message-chunks.js';
import { citationOf } from './citation-links.js';
import type { AnnotationDrivenModel, MessageModel, RecordDrivenModel } from './message-model.js';

/**
 * A message's default body, with a `<t3-context-chip>` for each reference, built into the body
 * target (`body-target.ts`): the message builds it once per input and keeps it while the input is
 * unchanged.
 */

/** Record-driven Markdown, drawn by the loaded renderer. */
export function markdownBody(
  model: RecordDrivenModel,
  parsed: ParsedMessageMarkdown,
  markdown: MessageMarkdown,
  target: BodyTarget,
  renderHostToken?: RenderHostToken,
): unknown {
  const chip = (occurrence: ContextReferenceOccurrence) => occurrenceChip(occurrence, model, target);
  return markdown.renderMessageMarkdown(parsed, target, chip, renderHostToken);
}

/** Record-driven text shown verbatim. */
export function plainTextBody(
  model: RecordDrivenModel,
  occurrences: readonly ContextReferenceOccurrence[],
  target: BodyTarget,
): unknown {
  const fragment = target.fragment();
  const chip = (occurrence: ContextReferenceOccurrence) => occurrenceChip(occurrence, model, target);
  appendTextWithChips(target, fragment, model.text, occurrences, chip);
  return target.finish(fragment);
}

/**
 * Annotation-driven content: its text, the picked command as a chip built by `commandChip` (as its
 * text without one: the chip's code could not be loaded, or the body is built as templates),
 * and a chip per reference.
 */
export function annotationBody(
  model: AnnotationDrivenModel,
  commandChip: ((segment: CommandSegment) => Node) | undefined,
  target: BodyTarget,
): unknown {
  const fragment = target.fragment();
  for (const segment of model.segments) {
    if (segment.type === 'reference') target.append(fragment, referenceChip(segment, model, target));
    else if (segment.type === 'command' && commandChip) target.append(fragment, commandChip(segment));
    else target.text(fragment, segment.text);
  }
  return target.finish(fragment);
}

/**
 * Brings the chips of a record-driven body kept from an earlier input up to date with the model's
 * records: a context set after the text resolves the chips in place, focus and open details kept.
 */
export function assignRecords(body: ParentNode, model: RecordDrivenModel): void {
  for (const chip of body.querySelectorAll('t3-context-chip')) {
    chip.record = model.recordsById.get(chip.contextId);
    chip.relatedRecords = model.records;
  }
}

/**
 * The whole message's text for the copy control. Record-driven: the stored text (upgraded for a
 * legacy message). Annotation-driven: the content with each chip that has a record written as its
 * canonical link, so a paste into a composer finds the records of the fragment referenced.
 */
export function wholeMessageText(model: MessageModel): string {
  if (model.mode === 'records') return model.text;
  const pieces = model.segments.map((segment) =>
    segment.type === 'reference'
      ? referenceCopyText(segment, model.recordsById.get(segment.reference.id))
      : segment.text,
  );
  return pieces.join('');
}

/** What a copy writes for an annotation chip: its canonical link when a record backs it, else its text. */
export function referenceCopyText(segment: ReferenceSegment, record: ContextRecord | undefined): string {
  const canonical = record && parseContextHref(`t3-context://v1/${record.kind}/${record.contextId}`);
  return canonical
    ? formatContextReference({ ...canonical, label: segment.reference.label || segment.text })
    : segment.text;
}

function occurrenceChip(occurrence: ContextReferenceOccurrence, model: MessageModel, target: BodyTarget): BodyPiece {
  const citation = citationOf(occurrence);
  if (citation) return target.citationChip(citation, occurrence.source);
  return target.chip({
    kind: occurrence.kind,
    contextId: occurrence.contextId,
    label: occurrence.label,
    record: model.recordsById.get(occurrence.contextId),
    related: model.records,
    copy: formatContextReference(occurrence),
  });
}

function referenceChip(segment: ReferenceSegment, model: MessageModel, target: BodyTarget): BodyPiece {
  const reference: InputReferencePayload = segment.reference;
  const record = model.recordsById.get(reference.id);
  return target.chip({
    kind: record?.kind ?? reference.kind ?? '',
    contextId: reference.id,
    label: reference.label ?? '',
    record,
    reference: record ? undefined : reference,
    related: model.records,
    copy: referenceCopyText(segment, record),
  });
}
