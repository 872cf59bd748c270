import type { Rect } from '@floating-ui/dom';
import { OnDemand } from './on-demand.js';
import type { PopupSpacing } from './popup-position.js';

/**
 * Floating UI and what we ask of it, loaded with the first popup shown (a chip's details, a
 * composer's menu): a page that shows none loads none of it.
 */
const positioning = new OnDemand(() => import('./popup-position.js'));

/** Starts loading the popups' placement ahead of the first one (a composer does when it is focused). */
export function preloadPopupPlacement(): void {
  void positioning.load();
}

/** What a popup is placed next to: a caret or a chip, in client coordinates. */
export interface AnchorRect {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** What the user sees of the page (the visual viewport: pinch zoom, on-screen keyboard), in client coordinates. */
export function visibleViewport(): Rect {
  const visual = window.visualViewport;
  if (visual) return { x: visual.offsetLeft, y: visual.offsetTop, width: visual.width, height: visual.height };
  const root = document.documentElement;
  return { x: 0, y: 0, width: root.clientWidth, height: root.clientHeight };
}

/**
 * A popup waiting for its placement is there but unseen and lets the pointer through; unlike
 * `visibility: hidden`, it can take focus (a form opened with focus in its field).
 */
function unseen(style: CSSStyleDeclaration, waiting: boolean): void {
  if (waiting) {
    style.setProperty('opacity', '0');
    style.setProperty('pointer-events', 'none');
  } else {
    style.removeProperty('opacity');
    style.removeProperty('pointer-events');
  }
}

/** The popup's stylesheet caps its size with these, so a host's own caps still apply under them. */
const ROOM_INLINE = '--_t3-popup-room-inline';
const ROOM_BLOCK = '--_t3-popup-room-block';

export interface AnchoredPopupOptions extends PopupSpacing {
  /** The rectangle to sit next to, or null to keep the last place. */
  anchor(): AnchorRect | null;
  /** The page or a scroller scrolled, or the window resized; the visual viewport moving always re-places. */
  onLayoutChange(): void;
}

/**
 * A `popover` element shown in the top layer, so no host `overflow` clips it and no host
 * stacking context covers it, and placed by Floating UI next to its anchor inside the visual
 * viewport: under it when it fits there, else on the side with more room (capped to that room),
 * lined up with the anchor's start edge in the popup's own direction and kept inside the visible
 * area. Its place is set through the CSSOM (no style attribute a strict policy would refuse), and
 * set again while it is open when the visual viewport moves or resizes or the popup's own size
 * changes. The first popup waits, unseen, for the placement code; should it fail to load, popups
 * show where the browser puts a popover (the middle of the window) rather than not at all.
 */
export class AnchoredPopup {
  private popup?: HTMLElement;
  private resizeObserver?: ResizeObserver;
  /** Counts placements, so that only the latest one, which Floating UI resolves later, moves the popup. */
  private placements = 0;
  /** The placement's code could not be loaded: the popup shows where the browser puts it. */
  private unplaced = false;

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
    const placement = ++this.placements;
    const current = () => placement === this.placements && this.popup === popup;
    const position = positioning.loaded;
    if (!position) {
      // After a failed load, the popup stays in sight, unplaced, while the next one is tried.
      if (!this.unplaced) unseen(style, true);
      void positioning.load().then((loaded) => {
        if (!current()) return;
        if (loaded) return this.place();
        if (this.unplaced) return;
        this.unplaced = true;
        unseen(style, false);
        console.error('[t3-composer] the placement of popups could not be loaded; this one shows unplaced');
      });
      return;
    }
    const anchorBox = {
      x: anchor.left,
      y: anchor.top,
      width: anchor.right - anchor.left,
      height: anchor.bottom - anchor.top,
    };
    const capHeight = (room: number) => style.setProperty(ROOM_BLOCK, `${room}px`);
    void position.positionPopup(popup, anchorBox, viewport, this.options, capHeight).then(({ x, y }) => {
      if (!current()) return;
      style.setProperty('left', `${Math.round(x)}px`);
      style.setProperty('top', `${Math.round(y)}px`);
      unseen(style, false);
    });
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
