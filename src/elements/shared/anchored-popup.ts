import { type AnchorRect, type Box, computePlacement, type PlacementOptions } from './popup-placement.js';

/** What the user sees of the page (the visual viewport: pinch zoom, on-screen keyboard), in client coordinates. */
export function visibleViewport(): Box {
  const visual = window.visualViewport;
  if (visual) return { left: visual.offsetLeft, top: visual.offsetTop, width: visual.width, height: visual.height };
  const root = document.documentElement;
  return { left: 0, top: 0, width: root.clientWidth, height: root.clientHeight };
}

/** The popup's stylesheet caps its size with these, so a host's own caps still apply under them. */
const ROOM_INLINE = '--_t3-popup-room-inline';
const ROOM_BLOCK = '--_t3-popup-room-block';

export interface AnchoredPopupOptions extends PlacementOptions {
  /** The rectangle to sit next to, or null to keep the last place. */
  anchor(): (AnchorRect & { align?: PlacementOptions['align'] }) | null;
  /** The page or a scroller scrolled, or the window resized; the visual viewport moving always re-places. */
  onLayoutChange(): void;
}

/**
 * A `popover` element shown in the top layer, so no host `overflow` clips it and no host
 * stacking context covers it, placed next to its anchor inside the visual viewport through the
 * CSSOM (no style attribute a strict policy would refuse), and placed again while it is open when
 * the visual viewport moves or resizes or the popup's own size changes.
 */
export class AnchoredPopup {
  private popup?: HTMLElement;
  private resizeObserver?: ResizeObserver;

  constructor(private readonly options: AnchoredPopupOptions) {}

  /** Shows `popup` (again, when the element was replaced) and places it. */
  show(popup: HTMLElement): void {
    if (this.popup !== popup) {
      this.hide();
      this.popup = popup;
      this.watch(true);
    }
    if (popup.isConnected && typeof popup.showPopover === 'function' && !popup.matches(':popover-open'))
      popup.showPopover();
    this.place();
  }

  hide(): void {
    const popup = this.popup;
    if (!popup) return;
    this.watch(false);
    this.popup = undefined;
    if (popup.isConnected && typeof popup.hidePopover === 'function' && popup.matches(':popover-open'))
      popup.hidePopover();
  }

  readonly place = (): void => {
    const popup = this.popup;
    const anchor = this.options.anchor();
    if (!popup?.isConnected || !anchor) return;
    const viewport = visibleViewport();
    const { style } = popup;
    style.setProperty(ROOM_INLINE, `${Math.max(0, viewport.width - 2 * this.options.margin)}px`);
    style.removeProperty(ROOM_BLOCK);
    const size = popup.getBoundingClientRect();
    const align = anchor.align ?? this.options.align;
    const placement = computePlacement(anchor, size, viewport, { ...this.options, align });
    style.setProperty('left', `${placement.left}px`);
    style.setProperty('top', `${placement.top}px`);
    if (placement.maxHeight < size.height) style.setProperty(ROOM_BLOCK, `${placement.maxHeight}px`);
  };

  private watch(on: boolean): void {
    const method = on ? 'addEventListener' : 'removeEventListener';
    window.visualViewport?.[method]('resize', this.place);
    window.visualViewport?.[method]('scroll', this.place);
    window[method]('scroll', this.onLayoutChange, true);
    window[method]('resize', this.onLayoutChange);
    this.resizeObserver?.disconnect();
    this.resizeObserver = undefined;
    if (on && this.popup && typeof ResizeObserver === 'function') {
      // Content that grows after it was placed (results arriving, an image loading) is placed again.
      this.resizeObserver = new ResizeObserver(() => this.place());
      this.resizeObserver.observe(this.popup);
    }
  }

  private readonly onLayoutChange = () => this.options.onLayoutChange();
}
