import type { EditorState } from '@codemirror/state';
import {
  buildSubmission,
  type CommandInfo,
  type ContextRecord,
  collectContextReferences,
  INPUT_ANNOTATIONS_MAX,
  MESSAGE_CONTEXT_MAX_RECORDS,
} from '../../../core/index.js';
import type { T3Locale } from '../../shared/locale.js';
import { chipCountOf, chipsOf } from '../editor/chip-index.js';
import type { ComposerSubmitDetail } from '../composer-types.js';
import { activeCommand, liveAttachments, referencedRecords } from '../editor/draft.js';

/** Why adding these records and chips to the draft would break a limit, or `undefined` when it would not. */
export function insertionProblem(
  state: EditorState,
  newIds: readonly string[],
  newChips: number,
  locale: T3Locale,
): string | undefined {
  // Counted first, listed only near the records limit: the send button asks on every change.
  const chipCount = chipCountOf(state);
  if (chipCount + newIds.length > MESSAGE_CONTEXT_MAX_RECORDS) {
    const ids = new Set(chipsOf(state).map((chip) => chip.contextId));
    for (const id of newIds) ids.add(id);
    if (ids.size > MESSAGE_CONTEXT_MAX_RECORDS) return locale.limitRecords;
  }
  const command = activeCommand(state) ? 1 : 0;
  if (chipCount + newChips + command > INPUT_ANNOTATIONS_MAX) return locale.limitChips;
  return undefined;
}

/** Why the draft may not be submitted as it is (it came in over a limit), or `undefined`. */
function submissionProblem(
  text: string,
  records: readonly ContextRecord[],
  hasCommand: boolean,
  locale: T3Locale,
): string | undefined {
  if (records.length > MESSAGE_CONTEXT_MAX_RECORDS) return locale.limitRecords;
  const chips = collectContextReferences(text.trim()).length;
  if (chips + (hasCommand ? 1 : 0) > INPUT_ANNOTATIONS_MAX) return locale.limitChips;
  return undefined;
}

/** What `t3-submit` carries for the draft, or why it may not be submitted. */
export function submissionOf(
  state: EditorState,
  commandInfo: (command: CommandInfo) => CommandInfo,
  locale: T3Locale,
): { detail: ComposerSubmitDetail } | { problem: string } {
  const text = state.doc.toString();
  const records = referencedRecords(state);
  const picked = activeCommand(state);
  const problem = submissionProblem(text, records, !!picked, locale);
  if (problem) return { problem };
  const submission = buildSubmission({
    text,
    records,
    ...(picked ? { command: commandInfo(picked.command), subcommandPath: picked.subcommandPath } : {}),
  });
  const attachments = liveAttachments(state).map(({ contextId, attachmentId, file, kind }) => ({
    contextId,
    attachmentId,
    file,
    kind,
  }));
  return { detail: { ...submission, attachments } };
}
