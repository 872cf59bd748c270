import { isolateHistory } from '@codemirror/commands';
import { EditorSelection, type EditorState, type TransactionSpec } from '@codemirror/state';
import type { ContextRecord } from '../../../../core/index.js';
import type { DraftAttachment } from '../../../shared/composer-values.js';
import { spacedLink } from '../atoms/atom-edits.js';
import { putAttachments, putRecords } from './draft-state.js';

/** Set on transactions made by the API and by `value`, so only user edits run the input filters. */
export const PROGRAMMATIC = 'programmatic';

/**
 * Inserts a link with one space before it (unless after whitespace) and one after it, at the
 * caret (the last known one while focus is elsewhere), or at the end.
 */
export function linkInsertion(
  state: EditorState,
  link: string,
  at: 'caret' | 'end',
  records: readonly ContextRecord[],
  attachments: readonly DraftAttachment[] = [],
): TransactionSpec {
  const range = at === 'end' ? EditorSelection.cursor(state.doc.length) : state.selection.main;
  const { changes, caret } = spacedLink(state.doc, range.from, range.to, link);
  return {
    changes,
    selection: { anchor: caret },
    effects: [putRecords.of(records), ...(attachments.length > 0 ? [putAttachments.of(attachments)] : [])],
    userEvent: PROGRAMMATIC,
    // One undo step of its own: typing right after it never joins it.
    annotations: isolateHistory.of('full'),
  };
}

/** Plain text at the caret, or appended. */
export function textInsertion(state: EditorState, text: string, at: 'caret' | 'end'): TransactionSpec {
  if (at === 'caret') return { ...state.replaceSelection(text), userEvent: PROGRAMMATIC };
  const end = state.doc.length;
  return { changes: { from: end, insert: text }, selection: { anchor: end + text.length }, userEvent: PROGRAMMATIC };
}

/**
 * What was dropped, at `position`: spaced from the words around it as a chip is, the caret after
 * it, one undo step of its own. A drop of the user's, so a length limit cuts it as a paste.
 */
export function droppedInsertion(
  state: EditorState,
  position: number,
  text: string,
  records: readonly ContextRecord[] = [],
  attachments: readonly DraftAttachment[] = [],
): TransactionSpec {
  const at = Math.min(Math.max(0, position), state.doc.length);
  const { changes, caret } = spacedLink(state.doc, at, at, text);
  return {
    changes,
    selection: { anchor: caret },
    effects: [putRecords.of(records), ...(attachments.length > 0 ? [putAttachments.of(attachments)] : [])],
    userEvent: 'input.drop',
    scrollIntoView: true,
    annotations: isolateHistory.of('full'),
  };
}
