import { arrayOf, boundedString, nonNegativeInt, optional, struct } from '../../core/record-fields.js';
import type { PreviewAnnotationContextRecord, StyleChangeDetail } from '../../core/types.js';
import { elementDetailsFields, formatNestedElements } from '../element/wire.js';
import { nullableShortString, shortString, type KindDefinition } from '../../core/kinds/kind.js';

/** A preview annotation: a comment on a page, its targets, requested style changes and picked elements. */

const styleChangeDetailField = struct<StyleChangeDetail>({
  targetId: shortString,
  selector: nullableShortString,
  property: shortString,
  previousValue: boundedString(8_000),
  value: boundedString(8_000),
});

export const previewAnnotationKind: KindDefinition<'preview-annotation'> = {
  fields: (readers) => ({
    annotationId: shortString,
    pageUrl: shortString,
    pageTitle: nullableShortString,
    comment: boundedString(8_000),
    targetSummary: shortString,
    styleChanges: arrayOf(shortString, 200),
    elements: optional(arrayOf(struct(elementDetailsFields(readers)), 50)),
    elementIds: optional(arrayOf(shortString, 50)),
    regionCount: optional(nonNegativeInt),
    strokeCount: optional(nonNegativeInt),
    styleChangeDetails: optional(arrayOf(styleChangeDetailField, 200)),
    screenshotContextId: optional(readers.contextId),
  }),
  providerBody: formatPreviewAnnotationBody,
};

function formatPreviewAnnotationBody(record: PreviewAnnotationContextRecord): string {
  let body = `page: ${record.pageTitle?.trim() || record.pageUrl}\nurl: ${record.pageUrl}`;
  const comment = record.comment.trim();
  if (comment) body += `\ncomment: ${comment}`;
  if (record.targetSummary) body += `\ntargets: ${record.targetSummary}`;
  if (record.styleChanges.length > 0) {
    body += `\nrequested visual changes:\n${record.styleChanges.map((change) => `- ${change}`).join('\n')}`;
  }
  if (record.screenshotContextId) body += `\nscreenshot: ref=${record.screenshotContextId}`;
  return body + formatNestedElements(record.elements ?? []);
}
