import { StateField } from '@codemirror/state';
import type { ComposerDraft } from '../../../shared/composer-values.js';

/**
 * Where ↑/↓ recall stands, kept in the draft's state: which history entry is shown (`null` while
 * the draft in progress is), the edits made to entries shown during the walk and the draft in
 * progress (at the index after the newest entry), and whether the shown draft was edited since
 * it was shown. Replacing the draft any other way starts a state without a walk, so it ends.
 */
export interface RecallWalk {
  index: number | null;
  edits: ReadonlyMap<number, ComposerDraft>;
  edited: boolean;
  /** The history the walk goes over, as its owner identifies it. */
  history?: object;
}

export const NO_RECALL_WALK: RecallWalk = { index: null, edits: new Map(), edited: false };

/** `edited` turns on at any change of the text or the draft's fields (or any other effect, which may be one). */
export const recallWalkField = StateField.define<RecallWalk>({
  create: () => NO_RECALL_WALK,
  update: (walk, transaction) =>
    walk.edited || (!transaction.docChanged && transaction.effects.length === 0) ? walk : { ...walk, edited: true },
});

/** While a recalled entry is shown, the draft that was being written (kept at the index after the newest). */
export function draftInProgress(walk: RecallWalk): ComposerDraft | undefined {
  if (walk.index === null || walk.edits.size === 0) return undefined;
  return walk.edits.get(Math.max(...walk.edits.keys()));
}
