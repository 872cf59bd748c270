import {
  type CommandSegment,
  type ContextRecord,
  type ContextReferenceOccurrence,
  formatContextReference,
  type InputReferencePayload,
  parseContextHref,
  type ReferenceSegment,
} from '../../core/index.js';
import type { ParsedMessageMarkdown } from './markdown.js';
import { appendText, appendTextWithChips } from './markdown-dom.js';
import type { MessageMarkdown } from './message-chunks.js';
import { citationOf, createCitationChip } from './citation-links.js';
import type { AnnotationDrivenModel, MessageModel, RecordDrivenModel } from './message-model.js';

/**
 * A message's default body as new DOM nodes, with a `<t3-context-chip>` for each reference: the
 * message builds it once per input and keeps it while the input is unchanged.
 */

/** Record-driven Markdown, drawn by the loaded renderer. */
export function markdownBody(
  model: RecordDrivenModel,
  parsed: ParsedMessageMarkdown,
  markdown: MessageMarkdown,
): DocumentFragment {
  return directionPerBlock(markdown.renderMessageMarkdown(parsed, (occurrence) => occurrenceChip(occurrence, model)));
}

/**
 * Each top-level block (a paragraph, a list, a quote, a heading) and each table cell reads in the
 * direction of its own first strong character, so a Hebrew paragraph after an English one is
 * right to left; what is inside a block follows it. Code blocks stay left to right (their style).
 */
function directionPerBlock(fragment: DocumentFragment): DocumentFragment {
  const blocks = [...fragment.children, ...fragment.querySelectorAll('th, td')];
  for (const block of blocks) if (block.localName !== 'pre') block.setAttribute('dir', 'auto');
  return fragment;
}

/** Record-driven text shown verbatim. */
export function plainTextBody(
  model: RecordDrivenModel,
  occurrences: readonly ContextReferenceOccurrence[],
): DocumentFragment {
  const fragment = document.createDocumentFragment();
  appendTextWithChips(fragment, model.text, occurrences, (occurrence) => occurrenceChip(occurrence, model));
  return fragment;
}

/**
 * Annotation-driven content: its text, the picked command as a chip built by `commandChip` (as its
 * text without one: the chip's code could not be loaded), and a chip per reference.
 */
export function annotationBody(
  model: AnnotationDrivenModel,
  commandChip: ((segment: CommandSegment) => Node) | undefined,
): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const segment of model.segments) {
    if (segment.type === 'text') appendText(fragment, segment.text);
    else if (segment.type === 'command')
      fragment.appendChild(commandChip?.(segment) ?? document.createTextNode(segment.text));
    else fragment.appendChild(referenceChip(segment, model));
  }
  return fragment;
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

function occurrenceChip(occurrence: ContextReferenceOccurrence, model: MessageModel): HTMLElement {
  const citation = citationOf(occurrence);
  if (citation) return createCitationChip(citation, occurrence.source, CHIP_EXPORT_PARTS);
  return createChip({
    kind: occurrence.kind,
    contextId: occurrence.contextId,
    label: occurrence.label,
    record: model.recordsById.get(occurrence.contextId),
    related: model.records,
    copy: formatContextReference(occurrence),
  });
}

function referenceChip(segment: ReferenceSegment, model: MessageModel): HTMLElement {
  const reference: InputReferencePayload = segment.reference;
  const record = model.recordsById.get(reference.id);
  return createChip({
    kind: record?.kind ?? reference.kind ?? '',
    contextId: reference.id,
    label: reference.label ?? '',
    record,
    reference: record ? undefined : reference,
    related: model.records,
    copy: referenceCopyText(segment, record),
  });
}

/**
 * `exportparts` re-exports the chip's parts so a page can style the chips of a message; the
 * chip's `placement` is left at its default, `message`.
 */
const CHIP_EXPORT_PARTS =
  'base: chip, icon: chip-icon, label: chip-label, value: chip-value, details: chip-details, expanded: chip-expanded';

function createChip(chip: {
  kind: string;
  contextId: string;
  label: string;
  record: ContextRecord | undefined;
  reference?: InputReferencePayload;
  related: readonly ContextRecord[];
  copy: string;
}): HTMLElement {
  const element = document.createElement('t3-context-chip');
  element.setAttribute('kind', chip.kind);
  element.setAttribute('context-id', chip.contextId);
  element.setAttribute('label', chip.label);
  element.setAttribute('exportparts', CHIP_EXPORT_PARTS);
  element.dataset.copy = chip.copy;
  element.record = chip.record;
  element.reference = chip.reference;
  element.relatedRecords = chip.related;
  return element;
}
