import { type Citation, collectCitations } from '../../core/index.js';

/** The longest label a citation chip shows before its `…`. */
const MAX_LABEL_LENGTH = 64;

/** A citation chip's label: the comment when there is one, else the quote; whitespace collapsed, cut at 64 + `…`. */
export function citationChipLabel(citation: Pick<Citation, 'text' | 'comment'>): string {
  const shown = (citation.comment?.trim() || citation.text).replace(/\s+/g, ' ').trim();
  if (shown.length <= MAX_LABEL_LENGTH) return shown;
  // A cut between the two halves of a surrogate pair would show a broken character.
  const splitsPair = /[\ud800-\udbff]/.test(shown[MAX_LABEL_LENGTH - 1]!);
  return `${shown.slice(0, splitsPair ? MAX_LABEL_LENGTH - 1 : MAX_LABEL_LENGTH)}…`;
}

/** `text` with each citation link as its chip's label: how a preview (a stash, a queued message) reads it. */
export function withCitationLabels(text: string): string {
  const found = collectCitations(text);
  if (found.length === 0) return text;
  let result = '';
  let cursor = 0;
  for (const { citation, start, end } of found) {
    result += text.slice(cursor, start) + citationChipLabel(citation);
    cursor = end;
  }
  return result + text.slice(cursor);
}
