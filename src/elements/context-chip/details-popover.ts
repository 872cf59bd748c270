import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { DetailsCardClass } from './details-chunk.js';
import type { DetailsCard } from './details-placement.js';

const SHOW_DELAY_MS = 120;
const HIDE_DELAY_MS = 150;

/** Each chip's controller, so the pointer over one chip's card can reach the chip under it. */
const controllers = new WeakMap<Element, DetailsPopoverController>();

/**
 * When a chip's details show, and where: opened on hover (after a short delay) and on focus,
 * closed on leaving, when the pointer enters another chip (even one under the card: the card
 * never keeps the pointer from a chip), on Escape anywhere, and when the page scrolls or resizes (details opened by
 * focus follow their chip instead, while it is in view); in the top layer,
 * under the chip (over it when there is no room below), inside the visual viewport, and placed
 * again when the visual viewport moves (pinch zoom, an on-screen keyboard). The card
 * (`details-placement.ts`) comes with the details' chunk, loaded on the first look: it shows once
 * it has come.
 */
export class DetailsPopoverController implements ReactiveController {
  /** The controller whose details are open now, if any: at most one chip shows its card at a time. */
  private static shown: DetailsPopoverController | null = null;

  /** Whether the details are open. */
  open = false;
  /** Details are rendered from the first hover or focus on: most chips are never inspected. */
  wanted = false;

  private timer?: ReturnType<typeof setTimeout>;
  /** The details element the card last showed, or null when it was last hidden. */
  private shownDetails: HTMLElement | null = null;
  private card?: DetailsCard;
  private focused = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly anchor: () => HTMLElement | undefined,
    private readonly hasDetails: () => boolean,
    private readonly cards: { card(): DetailsCardClass | null },
  ) {
    host.addController(this);
    controllers.set(host, this);
    // A chip dragged out of a message (a copy of it) takes its details along no further: they would cover the drop.
    host.addEventListener('dragstart', () => this.close());
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
    this.setOpen(false);
    this.sync(undefined);
  }

  /** Brings the card in line with `open`; the host calls it after each update. */
  sync(details: HTMLElement | undefined): void {
    const shown = (this.open && details) || null;
    if (shown === this.shownDetails) return;
    const card = shown ? this.madeCard() : this.card;
    // Its code is still loading: the chip updates again once it has come, and shows the card then.
    if (shown && !card) return;
    this.shownDetails = shown;
    card?.show(shown ?? undefined);
  }

  /** The card, made on the first look; undefined while its code loads. */
  private madeCard(): DetailsCard | undefined {
    const Card = this.cards.card();
    this.card ??= Card
      ? new Card(this.host, { anchor: this.anchor, focused: () => this.focused, close: () => this.close() })
      : undefined;
    return this.card;
  }

  close(): void {
    clearTimeout(this.timer);
    this.setOpen(false);
  }

  /** The pointer entered the chip: any other chip's card closes now, this one opens after a delay. */
  readonly onPointerEnter = () => {
    const shown = DetailsPopoverController.shown;
    if (shown && shown !== this) shown.close();
    this.schedule(true, SHOW_DELAY_MS);
  };
  /** The pointer entered the card: it stays open. */
  readonly onCardPointerEnter = () => this.schedule(true, SHOW_DELAY_MS);
  readonly onPointerLeave = () => this.schedule(false, HIDE_DELAY_MS);
  /** Over the card, a chip under the pointer takes over, as if the card were not there. */
  readonly onCardPointerMove = (event: PointerEvent) => {
    const chip = this.card?.elementUnder(event, (element) => element !== this.host && controllers.has(element));
    if (chip) controllers.get(chip)!.onPointerEnter();
  };
  /** Opened or closed by a key outside the chip (the composer's): open, they stay like details opened by focus. */
  setOpenByKeyboard(open: boolean): void {
    this.focused = open;
    this.schedule(open, 0);
  }
  readonly onFocusIn = () => {
    this.focused = true;
    this.schedule(true, 0);
  };
  readonly onFocusOut = () => {
    this.focused = false;
    this.schedule(false, 0);
  };

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
    const shown = DetailsPopoverController.shown;
    // Open details close on Escape anywhere, even while their card's code still loads.
    if (open) {
      if (shown && shown !== this) shown.close();
      DetailsPopoverController.shown = this;
      document.addEventListener('keydown', this.onDocumentKeyDown, true);
    } else {
      if (shown === this) DetailsPopoverController.shown = null;
      document.removeEventListener('keydown', this.onDocumentKeyDown, true);
    }
    this.host.requestUpdate();
  }

  private readonly onDocumentKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') this.close();
  };
}
