import { computePosition, flip, offset, type Rect, shift, size } from '@floating-ui/dom';

export interface PopupSpacing {
  /** Space between the anchor and the popup. */
  gap: number;
  /** Space kept between the popup and the edges of the visible area. */
  margin: number;
}

/**
 * Where Floating UI puts `popup` next to `anchor` inside the visible area `viewport`: under the
 * anchor when it fits there, else on the side with more room, lined up with the anchor's start
 * edge in the popup's own direction and kept inside the visible area. `capHeight` hears the room
 * on the chosen side when the popup is taller than it.
 */
export function positionPopup(
  popup: HTMLElement,
  anchor: Rect,
  viewport: Rect,
  { gap, margin }: PopupSpacing,
  capHeight: (room: number) => void,
): Promise<{ x: number; y: number }> {
  // The top layer escapes every clipping ancestor: the visible area alone bounds the popup.
  const bounds = { boundary: viewport, rootBoundary: viewport, padding: margin };
  const reference = { getBoundingClientRect: () => DOMRect.fromRect(anchor) };
  return computePosition(reference, popup, {
    strategy: 'fixed',
    placement: 'bottom-start',
    middleware: [
      offset(gap),
      flip({ ...bounds, crossAxis: false }),
      shift({ ...bounds, crossAxis: true }),
      size({
        ...bounds,
        apply: ({ availableHeight, rects }) => {
          const room = Math.max(0, Math.floor(availableHeight));
          if (room < rects.floating.height) capHeight(room);
        },
      }),
    ],
  });
}
