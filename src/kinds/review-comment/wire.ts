import {
  booleanField,
  boundedString,
  literal,
  nonNegativeInt,
  optional,
  positiveInt,
  struct,
} from '../../core/record-fields.js';
import type { PullRequestInfo, ReviewCommentContextRecord } from '../../core/types.js';
import {
  NAME_MAX_CHARS,
  SHORT_STRING_MAX_CHARS,
  indentedSection,
  shortString,
  type KindDefinition,
} from '../../core/kinds/kind.js';

/** A review comment on a file's range (a pull request's summary when it carries `pullRequest`). */

const pullRequestField = struct<PullRequestInfo>({
  number: positiveInt,
  title: shortString,
  url: shortString,
  headBranch: shortString,
  baseBranch: shortString,
  state: literal('open', 'closed', 'merged'),
  isDraft: booleanField,
});

export const reviewCommentKind: KindDefinition<'review-comment'> = {
  fields: ({ trimmed }) => ({
    sectionId: trimmed(NAME_MAX_CHARS),
    sectionTitle: shortString,
    filePath: trimmed(SHORT_STRING_MAX_CHARS),
    startIndex: nonNegativeInt,
    endIndex: nonNegativeInt,
    rangeLabel: shortString,
    text: boundedString(16_000),
    diff: boundedString(32_000),
    fenceLanguage: optional(boundedString(64)),
    sourceRevision: optional(boundedString(64)),
    sourceStale: optional(booleanField),
    pullRequest: optional(pullRequestField),
  }),
  orderedRange: ['startIndex', 'endIndex'],
  providerBody: formatReviewCommentBody,
};

function formatReviewCommentBody(record: ReviewCommentContextRecord): string {
  let body = `file: ${record.filePath}\nrange: ${record.rangeLabel} (${record.startIndex}-${record.endIndex})\nsection: ${record.sectionTitle}`;
  if (record.sourceRevision) body += `\nsource revision: ${record.sourceRevision}`;
  if (record.sourceStale) {
    body += '\nSource location is outdated; verify the captured excerpt against the current file before editing.';
  }
  body += indentedSection('comment:', record.text.trim());
  return body + indentedSection(`${record.fenceLanguage ?? 'diff'}:`, record.diff.trim() ? record.diff.trimEnd() : '');
}
