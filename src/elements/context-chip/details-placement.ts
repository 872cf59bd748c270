import { css } from 'lit';
import { AnchoredPopup, visibleViewport } from '../shared/anchored-popup.js';
import { adoptLateStyles } from '../shared/late-styles.js';
import { popupCard } from './popup-card.styles.js';

/**
 * Where a chip's details card shows, and how it looks: in the top layer, under the chip (over it
 * when there is no room below), inside the visual viewport. It comes with the details' chunk
 * (`details-chunk.ts`), which the first hover or focus of a chip loads, so a page whose chips are
 * never looked into loads none of it; until then the card (a manual popover) stays hidden.
 */

const detailsCardStyles = css`
  .details {
    ${popupCard}
    /* The room properties are the visible area's, set while the details are placed. */
    max-inline-size: min(420px, var(--_t3-popup-room-inline, calc(100vw - 16px)));
    max-block-size: min(360px, 60vh, var(--_t3-popup-room-block, 360px));
    overflow: auto;
    padding: 0.5em 0.65em;
    font: 12.5px/1.45 var(--_t3-font-sans);
    white-space: normal;
    text-align: start;
  }

  .details.tooltip {
    max-inline-size: min(320px, var(--_t3-popup-room-inline, calc(100vw - 16px)));
  }
`;

export interface DetailsCardOptions {
  /** The element the card sits next to (the chip's base). */
  anchor(): HTMLElement | undefined;
  /** Whether the details were opened by focus: those follow their chip while it is in view. */
  focused(): boolean;
  close(): void;
}

/** Every element under a viewport point, shadow trees included, topmost first. */
function elementsUnder(x: number, y: number, root: Document | ShadowRoot = document, seen = new Set<Element>()) {
  const found: Element[] = [];
  for (const element of root.elementsFromPoint(x, y)) {
    if (seen.has(element)) continue;
    seen.add(element);
    if (element.shadowRoot) found.push(...elementsUnder(x, y, element.shadowRoot, seen));
    found.push(element);
  }
  return found;
}

/**
 * A chip's details card, with the card's styles added to its shadow root: shown and placed while
 * the details are open; scrolling or resizing closes them, through the popup, unless focus opened
 * them.
 */
export class DetailsCard {
  private readonly popup: AnchoredPopup;

  constructor(chip: HTMLElement, options: DetailsCardOptions) {
    if (chip.shadowRoot) adoptLateStyles(chip.shadowRoot, detailsCardStyles);
    const popup: AnchoredPopup = new AnchoredPopup({
      gap: 6,
      margin: 8,
      anchor: () => {
        const rect = options.anchor()?.getBoundingClientRect();
        return rect ? reachOverSendControls(chip, rect) : null;
      },
      // Focus that lands on a chip out of view scrolls it into view: details opened by focus follow
      // the chip while it can be seen; those opened by hover close, the pointer is no longer on it.
      onLayoutChange: () => (options.focused() && inView(options.anchor()) ? popup.place() : options.close()),
    });
    this.popup = popup;
  }

  /** Shows the card `details` (open) or hides it (undefined). */
  show(details: HTMLElement | undefined): void {
    if (details) this.popup.show(details);
    else this.popup.hide();
  }

  /**
   * The topmost element under the pointer over the card that `accepts`, looking through the card
   * and into shadow trees: the chip the pointer would be on if the card were not there.
   */
  elementUnder(event: PointerEvent, accepts: (element: Element) => boolean): Element | undefined {
    return elementsUnder(event.clientX, event.clientY).find(accepts);
  }
}

function inView(anchor: HTMLElement | undefined): boolean {
  const rect = anchor?.getBoundingClientRect();
  const view = visibleViewport();
  return (
    !!rect &&
    rect.bottom > view.y &&
    rect.top < view.y + view.height &&
    rect.right > view.x &&
    rect.left < view.x + view.width
  );
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
