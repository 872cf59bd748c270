import type { EditorSelection, EditorState } from '@codemirror/state';
import {
  buildSubmission,
  type CommandInfo,
  type ContextRecord,
  collectContextReferences,
  INPUT_ANNOTATIONS_MAX,
  MESSAGE_CONTEXT_MAX_RECORDS,
} from '../../../core/index.js';
import type { ComposerDraft, DraftSubmission, SubmittedAttachment } from '../../shared/composer-values.js';
import { formatMessage, type T3Locale } from '../../shared/locale.js';
import { firstMissingSlot, slotSelection, textWithArguments } from '../editor/atoms/command/command-slots.js';
import { activeCommand, readDraft } from '../editor/state/draft-codec.js';

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

/**
 * The draft as it leaves the composer and what `t3-submit` carries for it, or why it may not be
 * submitted (with the selection that shows where: an empty required argument slot). The
 * submission's text carries the filled arguments.
 */
export function submissionOf(
  state: EditorState,
  commandInfo: (command: CommandInfo) => CommandInfo,
  locale: T3Locale,
): { detail: DraftSubmission; draft: ComposerDraft } | { problem: string; selection?: EditorSelection } {
  const missing = firstMissingSlot(state);
  if (missing) {
    return {
      problem: formatMessage(locale.argumentRequired, { name: missing.argument.name }),
      selection: slotSelection(missing),
    };
  }
  const { text, values } = textWithArguments(state);
  const draft = readDraft(state);
  const { records } = draft;
  const picked = activeCommand(state);
  const problem = submissionProblem(text, records, !!picked, locale);
  if (problem) return { problem };
  const submission = buildSubmission({
    text,
    records,
    ...(picked
      ? { command: commandInfo(picked.command), subcommandPath: picked.subcommandPath, arguments: values }
      : {}),
  });
  return { detail: { ...submission, attachments: draft.attachments.map(submittedAttachment) }, draft };
}

/** What `t3-submit` carries for a file of the draft: with the host's id and url once it is uploaded. */
export function submittedAttachment({ contextId, attachmentId, file, kind, uploaded, url }: SubmittedAttachment) {
  const attachment: SubmittedAttachment = { contextId, attachmentId, file, kind };
  return uploaded ? { ...attachment, uploaded, ...(url !== undefined && { url }) } : attachment;
}
