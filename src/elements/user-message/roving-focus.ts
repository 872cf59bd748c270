import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { T3ContextChip } from '../context-chip/context-chip.js';

/** What can take the focus inside a message: its chips, its links and the copy control, in text order. */
const ITEMS = 't3-context-chip, a[href], [part~="copy"]';

type Item = HTMLElement;

const NEXT_KEYS: Readonly<Record<string, 1 | -1>> = { ArrowDown: 1, ArrowUp: -1, ArrowRight: 1, ArrowLeft: -1 };

/**
 * One tab stop per message (a roving tabindex): a transcript costs one Tab per message, not one
 * per chip. The arrow keys move between the message's chips, links and copy control, Home and End
 * go to the first and the last; the item last focused is the one Tab comes back to.
 */
export class RovingFocusController implements ReactiveController {
  private active = 0;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener('keydown', this.onKeyDown);
    this.host.addEventListener('focusin', this.onFocusIn);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('keydown', this.onKeyDown);
    this.host.removeEventListener('focusin', this.onFocusIn);
  }

  hostUpdated(): void {
    this.applyTabStops(this.items());
  }

  private items(): Item[] {
    return [...(this.host.shadowRoot?.querySelectorAll<Item>(ITEMS) ?? [])];
  }

  private applyTabStops(items: readonly Item[]): void {
    this.active = Math.min(this.active, Math.max(items.length - 1, 0));
    items.forEach((item, index) => {
      const stop = index === this.active;
      if (item.localName === 't3-context-chip') {
        const chip = item as T3ContextChip;
        if (chip.tabStop !== stop) chip.tabStop = stop;
      } else if (item.tabIndex !== (stop ? 0 : -1)) {
        item.tabIndex = stop ? 0 : -1;
      }
    });
  }

  private indexOf(event: Event, items: readonly Item[]): number {
    const path = event.composedPath();
    return items.findIndex((item) => path.includes(item));
  }

  private readonly onFocusIn = (event: FocusEvent) => {
    const items = this.items();
    const index = this.indexOf(event, items);
    if (index < 0 || index === this.active) return;
    this.active = index;
    this.applyTabStops(items);
  };

  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const items = this.items();
    const current = this.indexOf(event, items);
    if (current < 0) return;
    const target = this.targetIndex(event.key, current, items.length);
    if (target === undefined) return;
    event.preventDefault();
    this.active = target;
    this.applyTabStops(items);
    items[target]?.focus();
  };

  private targetIndex(key: string, current: number, count: number): number | undefined {
    if (key === 'Home') return 0;
    if (key === 'End') return count - 1;
    let step = NEXT_KEYS[key];
    if (step === undefined) return undefined;
    if ((key === 'ArrowLeft' || key === 'ArrowRight') && getComputedStyle(this.host).direction === 'rtl')
      step = -step as 1 | -1;
    return Math.min(Math.max(current + step, 0), count - 1);
  }
}
