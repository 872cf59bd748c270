import type { ComposerContext } from '../editor/composer-context.js';
import { type ComposerDraft, decodeDraft, stateIsBlank } from '../editor/draft.js';
import { insertionProblem } from '../editor/draft-limits.js';
import { draftInProgress, recallWalkField } from '../editor/recall-walk.js';
import { type ImportPlace, importDraft } from './draft-import.js';

/**
 * A saved draft (a stash entry, a queued follow-up) back into the composer: into a blank draft
 * whole, as a new draft; into a non-empty one at the caret through the paste importer. False,
 * with the limit's notice, when the importer refused it.
 */
export function takeDraftBack(context: ComposerContext, draft: ComposerDraft): boolean {
  leaveRecall(context);
  if (!stateIsBlank(context.state)) return joinDraft(context, draft, 'caret');
  context.replaceDraft({ ...decodeDraft(draft, context.host.commands), caret: 'end' });
  return true;
}

/**
 * A refused send's draft back in the composer as one undo step: whole into a blank draft, else in
 * front of what was typed since; false, with the limit's notice, when it would not fit there.
 */
export function restoreRefused(context: ComposerContext, draft: ComposerDraft): boolean {
  leaveRecall(context);
  return joinDraft(context, draft, stateIsBlank(context.state) ? 'all' : 'start');
}

/**
 * While ↑/↓ shows a recalled entry, a draft coming back joins the draft that was being written,
 * not a copy of history that the next ↓ or send would take away.
 */
function leaveRecall(context: ComposerContext): void {
  const inProgress = draftInProgress(context.state.field(recallWalkField));
  if (inProgress) context.replaceDraft({ ...decodeDraft(inProgress, context.host.commands), caret: 'end' });
}

/** A saved draft into the current one as one undo step; false, with a notice, if too big. */
function joinDraft(context: ComposerContext, draft: ComposerDraft, place: ImportPlace): boolean {
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
