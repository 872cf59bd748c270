import type { ComposerContext } from '../editor/composer-context.js';
import { type ComposerDraft, decodeDraft, stateIsBlank } from '../editor/state/draft-codec.js';
import { insertionProblem } from '../editor/state/draft-limits.js';
import { draftInProgress, recallWalkField } from '../editor/state/recall-walk.js';
import { type ImportPlace, importDraft } from './draft-import.js';

/**
 * A saved draft back in the composer (a stash entry, a queued follow-up taken back, a refused
 * send), by one rule: into a blank draft whole; into a non-empty one in front of what was typed,
 * the two separated by one line break, through the paste importer, the caret staying in what was
 * typed, as one undo step. A refused send comes back into a blank draft as one undo step too
 * (`undoable`: undo returns to the empty draft); any other whole draft comes back as a new draft.
 * False, with the limit's notice, when the importer refused it.
 */
export function bringDraftBack(context: ComposerContext, draft: ComposerDraft, { undoable = false } = {}): boolean {
  leaveRecall(context);
  if (!stateIsBlank(context.state)) return joinDraft(context, draft, 'start');
  if (undoable) return joinDraft(context, draft, 'all');
  context.replaceDraft({ ...decodeDraft(draft, context.host.commands), caret: 'end' });
  return true;
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
