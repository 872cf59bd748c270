import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Roving focus inside one message: the message is one tab stop, whatever it holds. Of its
 * focusable items (chips, links, file links and the copy control, in reading order) exactly one is
 * in the tab order: the first, then the one focused last. The arrow keys move among the items,
 * Home and End go to the first and the last, and Tab leaves the message.
 */

/** An item the message's focus moves among. */
export type RovingItem = HTMLElement & { focusTabIndex?: number };

/**
 * Where a key moves focus among `count` items from `current`, or null when the key does not move
 * it. Left and right follow the reading direction; the ends do not wrap.
 */
export function rovingTarget(key: string, current: number, count: number, rtl = false): number | null {
  if (count === 0) return null;
  const last = count - 1;
  const next = Math.min(current + 1, last);
  const previous = Math.max(current - 1, 0);
  switch (key) {
    case 'ArrowDown':
      return next;
    case 'ArrowUp':
      return previous;
    case 'ArrowRight':
      return rtl ? previous : next;
    case 'ArrowLeft':
      return rtl ? next : previous;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** Which of `items` holds `target` (an item, or an element inside one), or -1. */
export function itemIndexOf(items: readonly Node[], target: Node | null): number {
  if (!target) return -1;
  return items.findIndex((item) => item === target || item.contains(target));
}

/**
 * Puts exactly one item in the tab order. A chip's focus target lives in its shadow root, so a
 * chip takes the index through its `focusTabIndex` property; any other item takes its own.
 */
function setTabStop(item: RovingItem, inTabOrder: boolean): void {
  const index = inTabOrder ? 0 : -1;
  if ('focusTabIndex' in item) {
    if (item.focusTabIndex !== index) item.focusTabIndex = index;
  } else if (item.tabIndex !== index || !item.hasAttribute('tabindex')) {
    item.tabIndex = index;
  }
}

export class RovingFocusController implements ReactiveController {
  private current: RovingItem | null = null;
  /** Whether focus has been on `current`; until then the tab stop follows the first item as items come. */
  private focused = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly items: () => RovingItem[],
  ) {
    host.addController(this);
  }

  /** After each render the items may have changed: the tab stop stays where it was when it can. */
  hostUpdated(): void {
    this.apply(this.items());
  }

  private apply(items: readonly RovingItem[]): void {
    if (!this.focused || !this.current || !items.includes(this.current)) this.current = items[0] ?? null;
    for (const item of items) setTabStop(item, item === this.current);
  }

  /** Focus reached an item by any means (a key, a click): it becomes the message's tab stop. */
  readonly onFocusIn = (event: FocusEvent): void => {
    const items = this.items();
    const index = itemIndexOf(items, event.target as Node | null);
    if (index < 0) return;
    this.focused = true;
    if (items[index] === this.current) return;
    this.current = items[index]!;
    this.apply(items);
  };

  readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const items = this.items();
    const index = itemIndexOf(items, event.target as Node | null);
    if (index < 0) return;
    const rtl = getComputedStyle(this.host).direction === 'rtl';
    const target = rovingTarget(event.key, index, items.length, rtl);
    if (target === null) return;
    event.preventDefault();
    this.focused = true;
    this.current = items[target]!;
    this.apply(items);
    this.current.focus();
  };
}
