import { isolateHistory } from '@codemirror/commands';
import type { EditorState, TransactionSpec } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import {
  type Citation,
  formatCitationLink,
  parseCitationLink,
  withCitationComment,
} from '../../../../../core/index.js';
import { citationsOf } from './citation-atom.js';
import { linkInsertion, PROGRAMMATIC } from '../../state/insertion.js';

/** The link of a citation T3 Code accepts, or null: a citation that would not read back is never written. */
export function validCitationLink(citation: Citation): string | null {
  try {
    const link = formatCitationLink(citation);
    return parseCitationLink(link.slice('[Assistant quote]('.length, -1)) ? link : null;
  } catch {
    return null;
  }
}

/** A citation chip followed by one space, at the caret or at the end, as one undo step. */
export function citationInsertion(state: EditorState, link: string, at: 'caret' | 'end'): TransactionSpec {
  return linkInsertion(state, link, at, []);
}

/**
 * Rewrites the link of the citation chip drawn by `chipElement` with `comment` as its comment (a
 * blank one removes it), in one undo step; false when the chip is no longer the one edited.
 */
export function changeCitationComment(
  view: EditorView,
  chipElement: Element,
  citation: Citation,
  comment: string,
): boolean {
  if (view.state.readOnly || !view.contentDOM.contains(chipElement)) return false;
  const position = view.posAtDOM(chipElement);
  const placed = citationsOf(view.state, position, position + 1).find((candidate) => candidate.from === position);
  // Compared by value: a chip keeps the citation it was drawn with while the line around it is re-indexed.
  if (!placed || formatCitationLink(placed.citation) !== formatCitationLink(citation)) return false;
  const link = validCitationLink(withCitationComment(citation, comment));
  if (!link) return false;
  view.dispatch({
    changes: { from: placed.from, to: placed.to, insert: link },
    selection: { anchor: placed.from + link.length },
    userEvent: PROGRAMMATIC,
    annotations: isolateHistory.of('full'),
  });
  view.focus();
  return true;
}

export interface InsertCitationOptions {
  /** `caret` (default): at the caret, or where it was before focus left; `end`: appended. */
  at?: 'caret' | 'end';
}

export type InsertCitationResult = { ok: true } | { ok: false; error: string };
