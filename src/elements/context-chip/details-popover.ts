import type { ReactiveController, ReactiveControllerHost } from 'lit';

const SHOW_DELAY_MS = 120;
const HIDE_DELAY_MS = 150;
/** Height the details need below a chip; with less room they open above it. */
const DETAILS_ROOM_PX = 240;

export interface DetailsPosition {
  top?: number;
  bottom?: number;
  left: number;
}

/**
 * When a chip's details show, and where: opened on hover (after a short delay) and on focus,
 * closed on leaving, on Escape anywhere, and when the page scrolls or resizes; placed in viewport
 * coordinates because the popover lives in the top layer.
 */
export class DetailsPopoverController implements ReactiveController {
  /** Whether the details are open. */
  open = false;
  /** Details are rendered from the first hover or focus on: most chips are never inspected. */
  wanted = false;
  position: DetailsPosition = { top: 0, left: 0 };

  private timer?: ReturnType<typeof setTimeout>;
  /** The open state the document listeners and the popover were last brought in line with. */
  private synced = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly anchor: () => HTMLElement | undefined,
    private readonly hasDetails: () => boolean,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
    this.setOpen(false);
    this.watch(false);
  }

  /** Brings the listeners and the popover in line with `open`; the host calls it after each update. */
  sync(details: HTMLElement | undefined): void {
    if (this.open === this.synced) return;
    this.synced = this.open;
    this.watch(this.open);
    if (!details?.isConnected || typeof details.showPopover !== 'function') return;
    if (this.open && !details.matches(':popover-open')) details.showPopover();
    if (!this.open && details.matches(':popover-open')) details.hidePopover();
  }

  close(): void {
    this.setOpen(false);
  }

  readonly onPointerEnter = () => this.schedule(true, SHOW_DELAY_MS);
  readonly onPointerLeave = () => this.schedule(false, HIDE_DELAY_MS);
  readonly onFocusIn = () => this.schedule(true, 0);
  readonly onFocusOut = () => this.schedule(false, 0);

  private schedule(open: boolean, delay: number): void {
    clearTimeout(this.timer);
    if (open && this.hasDetails() && !this.wanted) {
      this.wanted = true;
      this.host.requestUpdate();
    }
    const apply = () => {
      if (open) this.place();
      this.setOpen(open);
    };
    if (delay === 0) apply();
    else this.timer = setTimeout(apply, delay);
  }

  private setOpen(open: boolean): void {
    if (this.open === open) return;
    this.open = open;
    this.host.requestUpdate();
  }

  /**
   * Under the chip, or above it when there is no room below (the newest message sits at the
   * bottom of a chat), aligned to the chip's start edge in the text's direction.
   */
  private place(): void {
    const anchor = this.anchor()?.getBoundingClientRect();
    if (!anchor) return;
    const width = Math.min(420, window.innerWidth - 16);
    const rtl = getComputedStyle(this.host).direction === 'rtl';
    const start = rtl ? anchor.right - width : anchor.left;
    const left = Math.max(8, Math.min(start, window.innerWidth - width - 8));
    const roomBelow = window.innerHeight - anchor.bottom;
    const top = roomBelow < DETAILS_ROOM_PX && anchor.top > roomBelow ? undefined : Math.round(anchor.bottom + 6);
    this.position =
      top === undefined
        ? { bottom: Math.round(window.innerHeight - anchor.top + 6), left: Math.round(left) }
        : { top, left: Math.round(left) };
    this.host.requestUpdate();
  }

  /** While the details are open, Escape anywhere closes them, and scrolling or resizing hides them. */
  private watch(open: boolean): void {
    if (open) {
      document.addEventListener('keydown', this.onDocumentKeyDown, true);
      window.addEventListener('scroll', this.onViewportChange, true);
      window.addEventListener('resize', this.onViewportChange);
    } else {
      document.removeEventListener('keydown', this.onDocumentKeyDown, true);
      window.removeEventListener('scroll', this.onViewportChange, true);
      window.removeEventListener('resize', this.onViewportChange);
    }
  }

  private readonly onDocumentKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') this.close();
  };

  private readonly onViewportChange = () => this.close();
}
