import type { KnownContextKind } from '../types.js';
import { attachmentKind } from '../../kinds/attachment/wire.js';
import { elementKind } from '../../kinds/element/wire.js';
import type { KindDefinition } from './kind.js';
import { mentionKind } from '../../kinds/mention/wire.js';
import { previewAnnotationKind } from '../../kinds/preview-annotation/wire.js';
import { reviewCommentKind } from '../../kinds/review-comment/wire.js';
import { skillKind } from '../../kinds/skill/wire.js';
import { terminalKind } from '../../kinds/terminal/wire.js';
import { threadKind } from '../../kinds/thread/wire.js';

/**
 * Every known kind's definition (fields and projection body), keyed by kind: each is the `wire.ts`
 * of its folder in `src/kinds/`, which also holds how its chip looks and what its details show.
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
