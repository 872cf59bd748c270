import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { AnchoredPopup, visibleViewport } from '../shared/anchored-popup.js';

const SHOW_DELAY_MS = 120;
const HIDE_DELAY_MS = 150;

/**
 * When a chip's details show, and where: opened on hover (after a short delay) and on focus,
 * closed on leaving, on Escape anywhere, and when the page scrolls or resizes (details opened by
 * focus follow their chip instead, while it is in view); in the top layer,
 * under the chip (over it when there is no room below), inside the visual viewport, and placed
 * again when the visual viewport moves (pinch zoom, an on-screen keyboard).
 */
export class DetailsPopoverController implements ReactiveController {
  /** Whether the details are open. */
  open = false;
  /** Details are rendered from the first hover or focus on: most chips are never inspected. */
  wanted = false;

  private timer?: ReturnType<typeof setTimeout>;
  /** The open state the document listeners and the popover were last brought in line with. */
  private synced = false;
  private readonly popup = new AnchoredPopup({
    gap: 6,
    margin: 8,
    align: 'start',
    anchor: () => {
      const rect = this.anchor()?.getBoundingClientRect();
      if (!rect) return null;
      const align = getComputedStyle(this.host).direction === 'rtl' ? ('end' as const) : ('start' as const);
      return { ...reachOverSendControls(this.host, rect), align };
    },
    // Focus that lands on a chip out of view scrolls it into view: details opened by focus follow
    // the chip while it can be seen; those opened by hover close, the pointer is no longer on it.
    onLayoutChange: () => (this.focused && this.anchorInView() ? this.popup.place() : this.close()),
  });
  private focused = false;

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
    this.popup.hide();
  }

  /** Brings the listeners and the popover in line with `open`; the host calls it after each update. */
  sync(details: HTMLElement | undefined): void {
    if (this.open === this.synced) return;
    this.synced = this.open;
    this.watch(this.open);
    if (this.open && details) this.popup.show(details);
    else this.popup.hide();
  }

  close(): void {
    this.setOpen(false);
  }

  readonly onPointerEnter = () => this.schedule(true, SHOW_DELAY_MS);
  readonly onPointerLeave = () => this.schedule(false, HIDE_DELAY_MS);
  readonly onFocusIn = () => {
    this.focused = true;
    this.schedule(true, 0);
  };
  readonly onFocusOut = () => {
    this.focused = false;
    this.schedule(false, 0);
  };

  private anchorInView(): boolean {
    const rect = this.anchor()?.getBoundingClientRect();
    const view = visibleViewport();
    return (
      !!rect &&
      rect.bottom > view.top &&
      rect.top < view.top + view.height &&
      rect.right > view.left &&
      rect.left < view.left + view.width
    );
  }

  private schedule(open: boolean, delay: number): void {
    clearTimeout(this.timer);
    if (open && this.hasDetails() && !this.wanted) {
      this.wanted = true;
      this.host.requestUpdate();
    }
    if (delay === 0) this.setOpen(open);
    else this.timer = setTimeout(() => this.setOpen(open), delay);
  }

  private setOpen(open: boolean): void {
    if (this.open === open) return;
    this.open = open;
    this.host.requestUpdate();
  }

  /** While the details are open, Escape anywhere closes them (scrolling or resizing does too, through the popup). */
  private watch(open: boolean): void {
    if (open) document.addEventListener('keydown', this.onDocumentKeyDown, true);
    else document.removeEventListener('keydown', this.onDocumentKeyDown, true);
  }

  private readonly onDocumentKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') this.close();
  };
}

/**
 * A chip's box, reaching over the height of the send and stop buttons of the composer it sits in,
 * so its details, under or over it, never cover them (a phone's narrow screen).
 */
function reachOverSendControls(chip: HTMLElement, rect: DOMRect) {
  const box = { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
  const root = chip.getRootNode();
  if (!(root instanceof ShadowRoot)) return box;
  for (const control of root.querySelectorAll('[part~="send-button"], [part~="stop-button"]')) {
    const controlBox = control.getBoundingClientRect();
    if (controlBox.height === 0) continue;
    box.top = Math.min(box.top, controlBox.top);
    box.bottom = Math.max(box.bottom, controlBox.bottom);
  }
  return box;
}
