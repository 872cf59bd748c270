import type { ComposerContext } from '../editor/composer-context.js';
import { type ComposerDraft, decodeDraft, stateIsBlank } from '../editor/draft.js';
import { insertionProblem } from '../editor/draft-limits.js';
import { type ImportPlace, importDraft } from './draft-import.js';

/**
 * A saved draft (a stash entry, a queued follow-up) back into the composer: into a blank draft
 * whole, as a new draft; into a non-empty one at the caret through the paste importer. False,
 * with the limit's notice, when the importer refused it.
 */
export function takeDraftBack(context: ComposerContext, draft: ComposerDraft): boolean {
  if (!stateIsBlank(context.state)) return joinDraft(context, draft, 'caret');
  context.replaceDraft({ ...decodeDraft(draft, context.host.commands), caret: 'end' });
  return true;
}

/** A saved draft into the current one as one undo step; false, with a notice, if too big. */
export function joinDraft(context: ComposerContext, draft: ComposerDraft, place: ImportPlace): boolean {
  const { state } = context;
  const imported = importDraft(state, draft, { place, commands: context.host.commands });
  const problem = insertionProblem(state, imported.newIds, imported.newChips, context.config.locale);
  if (problem) {
    context.notices.show(problem);
    return false;
  }
  context.dispatch(imported.spec);
  return true;
}
