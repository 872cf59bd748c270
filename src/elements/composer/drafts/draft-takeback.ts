import type { CommandInfo } from '../../../core/index.js';
import type { DraftRecall } from './draft-recall.js';
import type { DraftSession } from '../draft-session.js';
import { type ComposerDraft, decodeDraft, stateIsBlank } from '../editor/draft.js';

/**
 * A saved draft (a stash entry, a queued follow-up) back into the composer: into an empty draft
 * whole, into a non-empty one at the caret through the paste importer. False, with the limit's
 * notice, when the importer refused it.
 */
export function takeDraftBack(
  {
    session,
    recall,
    commands,
    draftChanged,
  }: {
    session: DraftSession;
    recall: DraftRecall;
    commands: readonly CommandInfo[];
    draftChanged(): void;
  },
  draft: ComposerDraft,
): boolean {
  if (!stateIsBlank(session.state)) return session.importAtCaret(draft);
  recall.forget();
  session.replace({ ...decodeDraft(draft, commands), caret: 'end' });
  draftChanged();
  return true;
}
