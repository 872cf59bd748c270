import type { KnownContextKind } from '../types.js';
import { attachmentKind } from './attachment.js';
import { elementKind } from './element.js';
import type { KindDefinition } from './kind.js';
import { mentionKind } from './mention.js';
import { previewAnnotationKind } from './preview-annotation.js';
import { reviewCommentKind } from './review-comment.js';
import { skillKind } from './skill.js';
import { terminalKind } from './terminal.js';
import { threadKind } from './thread.js';

/**
 * Every known kind's definition (fields and projection body), keyed by kind. Adding a known kind
 * is its interface in `../types.ts` (with `CONTEXT_KINDS`), its module here, and its entry below.
 */
export const KIND_DEFINITIONS: { readonly [K in KnownContextKind]: KindDefinition<K> } = {
  image: attachmentKind,
  file: attachmentKind,
  terminal: terminalKind,
  element: elementKind,
  'preview-annotation': previewAnnotationKind,
  'review-comment': reviewCommentKind,
  mention: mentionKind,
  skill: skillKind,
  thread: threadKind,
};

export type { KindDefinition, KindFields, KindReaders, RecordOfKind } from './kind.js';
