/** A rectangle in viewport (client) coordinates. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What a popup is placed next to: a caret or a chip, in client coordinates. */
export interface AnchorRect {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface PlacementOptions {
  /** Space between the anchor and the popup. */
  gap: number;
  /** Space kept between the popup and the edges of the visible area. */
  margin: number;
  /** `start` lines the popup's left edge up with the anchor's; `end` its right edge (right-to-left text). */
  align: 'start' | 'end';
}

export interface Placement {
  left: number;
  top: number;
  /** The height the popup may take on its side of the anchor; below its own height it scrolls. */
  maxHeight: number;
  side: 'below' | 'above';
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, Math.max(min, max)));

/**
 * Where a popup of `size` goes next to `anchor` inside the visible area `viewport`: below the
 * anchor when it fits there, else on the side with more room (capped to that room), lined up
 * with the anchor's edge and pushed back inside the visible area's edges.
 */
export function computePlacement(
  anchor: AnchorRect,
  size: { width: number; height: number },
  viewport: Box,
  { gap, margin, align }: PlacementOptions,
): Placement {
  const visibleTop = viewport.top + margin;
  const visibleBottom = viewport.top + viewport.height - margin;
  const roomBelow = visibleBottom - (anchor.bottom + gap);
  const roomAbove = anchor.top - gap - visibleTop;
  const side = size.height <= roomBelow || roomBelow >= roomAbove ? 'below' : 'above';
  const maxHeight = Math.max(
    0,
    Math.floor(Math.min(side === 'below' ? roomBelow : roomAbove, visibleBottom - visibleTop)),
  );
  const height = Math.min(size.height, maxHeight);
  const wanted = side === 'below' ? anchor.bottom + gap : anchor.top - gap - height;
  const width = Math.min(size.width, viewport.width - 2 * margin);
  const start = align === 'end' ? anchor.right - width : anchor.left;
  return {
    left: Math.round(clamp(start, viewport.left + margin, viewport.left + viewport.width - margin - width)),
    top: Math.round(clamp(wanted, visibleTop, visibleBottom - height)),
    maxHeight,
    side,
  };
}
