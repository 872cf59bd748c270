import type { ContextRecord, PullRequestInfo, ReviewCommentContextRecord } from '../../core/index.js';
import type { ChipKind } from '../chip-kind.js';

/** A review comment's chip reads as its pull request's `#number`, tinted by its state (`open`, `merged`…). */
export const reviewCommentChip: ChipKind<ReviewCommentContextRecord> = {
  details: 'popover',
  expanded: 'none',
  icon: 'M2.5 3h11v7.5H8l-3 2.8v-2.8H2.5zM5 6h6M5 8h4',
  text: (record) => {
    const pullRequest = pullRequestOf(record);
    return pullRequest ? `#${pullRequest.number}` : undefined;
  },
  tone: (record) => {
    const pullRequest = pullRequestOf(record);
    if (!pullRequest) return undefined;
    return pullRequest.isDraft ? 'draft' : pullRequest.state;
  },
};

/** The pull request of a review comment, when it has a usable one (a host may hand over anything). */
function pullRequestOf(record: ContextRecord | undefined): PullRequestInfo | undefined {
  const pullRequest =
    record?.kind === 'review-comment' ? (record as ReviewCommentContextRecord).pullRequest : undefined;
  return pullRequest && typeof pullRequest === 'object' && Number.isFinite(pullRequest.number)
    ? pullRequest
    : undefined;
}
