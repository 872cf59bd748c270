import type { KnownContextKind, KnownContextRecord } from '../core/index.js';
import { fileChip, imageChip } from './attachment/chip.js';
import type { ChipKind } from './chip-kind.js';
import { elementChip } from './element/chip.js';
import { mentionChip } from './mention/chip.js';
import { previewAnnotationChip } from './preview-annotation/chip.js';
import { reviewCommentChip } from './review-comment/chip.js';
import { skillChip } from './skill/chip.js';
import { terminalChip } from './terminal/chip.js';
import { threadChip } from './thread/chip.js';

type RecordOf<K extends KnownContextKind> = Extract<KnownContextRecord, { kind: K }>;

/** Every known kind's chip (`chip.ts` of its folder), keyed by kind. */
export const CHIP_KINDS: { readonly [K in KnownContextKind]: ChipKind<RecordOf<K>> } = {
  image: imageChip,
  file: fileChip,
  terminal: terminalChip,
  element: elementChip,
  'preview-annotation': previewAnnotationChip,
  'review-comment': reviewCommentChip,
  mention: mentionChip,
  skill: skillChip,
  thread: threadChip,
};

/** The chip of a known kind, or undefined for a host's kind (only own keys count: `toString` is no kind). */
export function chipKindOf(kind: string): ChipKind | undefined {
  return Object.hasOwn(CHIP_KINDS, kind) ? (CHIP_KINDS[kind as KnownContextKind] as ChipKind) : undefined;
}
