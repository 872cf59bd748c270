import type { KnownContextKind, KnownContextRecord } from '../core/index.js';
import { attachmentDetails } from './attachment/details.js';
import type { KindDetails } from './details-parts.js';
import { elementDetails } from './element/details.js';
import { previewAnnotationDetails } from './preview-annotation/details.js';
import { reviewCommentDetails } from './review-comment/details.js';
import { skillDetails } from './skill/details.js';
import { terminalDetails } from './terminal/details.js';
import { threadDetails } from './thread/details.js';

type RecordOf<K extends KnownContextKind> = Extract<KnownContextRecord, { kind: K }>;

/**
 * What each known kind's details show (`details.ts` of its folder), keyed by kind; none for a
 * mention, whose chip says it all. Part of the chunk a chip's details load on the first look.
 */
export const KIND_DETAILS: { readonly [K in KnownContextKind]: KindDetails<RecordOf<K>> | undefined } = {
  image: attachmentDetails,
  file: attachmentDetails,
  terminal: terminalDetails,
  element: elementDetails,
  'preview-annotation': previewAnnotationDetails,
  'review-comment': reviewCommentDetails,
  mention: undefined,
  skill: skillDetails,
  thread: threadDetails,
};
