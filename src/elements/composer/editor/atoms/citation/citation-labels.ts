import { collectCitations, walkAroundRanges } from '../../../../../core/index.js';
import { citationChipLabel } from '../../../../shared/citation-chip-label.js';

/** `text` with each citation link as its chip's label: how a preview (a stash, a queued message) reads it. */
export function withCitationLabels(text: string): string {
  const found = collectCitations(text);
  if (found.length === 0) return text;
  const pieces: string[] = [];
  walkAroundRanges(
    text,
    found,
    (between) => pieces.push(between),
    ({ citation }) => pieces.push(citationChipLabel(citation)),
  );
  return pieces.join('');
}
