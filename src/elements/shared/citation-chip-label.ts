import type { Citation } from '../../core/index.js';
import { cutWhole } from './text-preview.js';

/** The longest label a citation chip shows before its `…`. */
const MAX_LABEL_LENGTH = 64;

/** A citation chip's label: the comment when there is one, else the quote; whitespace collapsed, cut at 64 + `…`. */
export function citationChipLabel(citation: Pick<Citation, 'text' | 'comment'>): string {
  const shown = (citation.comment?.trim() || citation.text).replace(/\s+/g, ' ').trim();
  return shown.length <= MAX_LABEL_LENGTH ? shown : `${cutWhole(shown, MAX_LABEL_LENGTH)}…`;
}
