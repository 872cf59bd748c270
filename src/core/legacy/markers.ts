import { isWordChar } from '../text-scan.js';

/**
 * What marks a legacy message: the tags of its blocks and the terminal placeholder. Small and apart
 * from the upgrade, so a message element can tell whether a text needs the upgrade before loading it.
 */

/** Legacy blocks the old send path appended after the prose, in the order they are peeled off. */
export type TrailingBlockTag = 'preview_annotation' | 'element_context' | 'terminal_context';

export const TRAILING_BLOCK_PEEL_ORDER: readonly TrailingBlockTag[] = [
  'preview_annotation',
  'element_context',
  'terminal_context',
];

const LEGACY_TAGS = [...TRAILING_BLOCK_PEEL_ORDER, 'review_comment'];
export const TERMINAL_PLACEHOLDER = '\uFFFC';

/**
 * True when the text holds anything the upgrade looks at: `<tag\b` of a legacy tag, or U+FFFC.
 * Without either, the upgrade returns the text as it is, with no records. Searched from `<` to
 * `<`, which skips most of a long text, where a regex alternation of the two would read every
 * character.
 */
export function hasLegacyContextMarkers(text: string): boolean {
  if (text.includes(TERMINAL_PLACEHOLDER)) return true;
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    for (const tag of LEGACY_TAGS) {
      if (text.startsWith(tag, at + 1) && !isWordChar(text.charCodeAt(at + 1 + tag.length))) return true;
    }
  }
  return false;
}
