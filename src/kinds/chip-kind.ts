import type { KnownContextRecord } from '../core/index.js';

/** How much a chip shows on hover or focus. */
export type DetailsLevel = 'none' | 'tooltip' | 'popover';
/** What `view="expanded"` does: nothing, details inline under the chip, or a host viewer. */
export type ExpandedLevel = 'none' | 'inline-block' | 'modal';

/**
 * How a known kind's chip looks, before a host's presentation overlays it: how much its details
 * show, what its expanded view does, its icon, and its text where that is not the link's label.
 */
export interface ChipKind<R extends KnownContextRecord = KnownContextRecord> {
  details: DetailsLevel;
  expanded: ExpandedLevel;
  /**
   * A 16×16 line icon drawn in `currentColor`, as the data of a single path (rectangles and
   * circles written as path commands): chips draw icons by the thousand, and each SVG shape is an
   * element of its own to style and lay out.
   */
  icon: string;
  /** The chip's text from its record (a thread's title), or undefined for its label. */
  text?(record: R): string | undefined;
  /** A tint of the chip from its record (`data-tone`: a pull request's state), or undefined. */
  tone?(record: R): string | undefined;
}
