import type { ThreadMessage } from './host-api.js';
import { holdAtEnd, pinToEnd } from './scroll-end.js';

/**
 * How many of a thread's newest entries (messages and replies) the transcript shows at first, and
 * goes back to whenever the reader returns to the newest. A long thread keeps only what is being
 * read in the document: typing, appending and memory stay those of a short one.
 */
export const TRANSCRIPT_WINDOW = 100;

/** How many earlier entries come in at a time as the reader scrolls up: few enough to render within a frame or two. */
export const EARLIER_STEP = 20;

/** How far above the top of the view the marker starts loading, so scrolling up rarely waits. */
const LOAD_AHEAD_PX = 800;

/**
 * Where the entries to show start: `count` entries before `end`, moved back to the user message
 * the first reply answers.
 */
export function windowStart(
  messages: readonly ThreadMessage[],
  count = TRANSCRIPT_WINDOW,
  end = messages.length,
): number {
  let start = Math.max(0, end - count);
  while (start > 0 && messages[start]!.role === 'assistant') start--;
  return start;
}

/**
 * The earlier part of a long thread: a marker at the top of the transcript puts the previous
 * entries in when the reader scrolls near it, keeping the entries in view where they were, or
 * when its button is pressed, keeping the button where it was. Back at the newest (the newest
 * entry in view), the reader finds the transcript as it opened, scrolled to its end: the entries
 * added meanwhile leave the document again.
 */
export class EarlierMessages {
  private readonly marker = document.createElement('li');
  private readonly button = document.createElement('button');
  private readonly observer: IntersectionObserver;
  /** Index in the thread of the oldest entry shown. */
  private start: number;
  /** The entries put in above the opening window, oldest first. */
  private added: HTMLElement[] = [];
  private disposed = false;

  /** `opening`: index of the oldest entry the transcript opened with (more than 0). */
  constructor(
    private readonly list: HTMLElement,
    private readonly thread: readonly ThreadMessage[],
    private readonly opening: number,
    private readonly entryOf: (message: ThreadMessage) => HTMLElement,
  ) {
    this.start = opening;
    this.marker.className = 'entry earlier';
    this.button.type = 'button';
    this.button.className = 'earlier-button';
    this.button.addEventListener('click', () => this.showMore(this.button));
    this.marker.append(this.button);
    this.label();
    list.prepend(this.marker);
    this.observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && this.onNear(), {
      root: list,
      rootMargin: `${LOAD_AHEAD_PX}px 0px 0px 0px`,
    });
  }

  /** Starts loading on scroll; called once the transcript has scrolled to its newest entry. */
  watch(): void {
    if (this.disposed) return;
    this.observer.observe(this.marker);
    this.list.addEventListener('scroll', this.onScroll, { passive: true });
  }

  /** Stops for good: the thread is left. */
  dispose(): void {
    this.disposed = true;
    this.observer.disconnect();
    this.list.removeEventListener('scroll', this.onScroll);
    this.marker.remove();
  }

  private onNear(): void {
    // Focus on the button (Tab to it scrolls it into view) leaves loading to the button.
    if (document.activeElement === this.button || this.start === 0) return;
    this.showMore(this.list.querySelector('.entry:not(.earlier)'));
    this.observeAgain();
  }

  /** An observer reports changes only: a marker still near after a change is looked at afresh. */
  private observeAgain(): void {
    this.observer.unobserve(this.marker);
    this.observer.observe(this.marker);
  }

  private readonly onScroll = (): void => {
    if (this.added.length === 0) return;
    // Back at the newest: the newest entry is in view.
    const newest = this.list.lastElementChild;
    if (!newest || newest.getBoundingClientRect().top >= this.list.getBoundingClientRect().bottom) return;
    // Focus inside an earlier entry keeps it: taking it out would drop the focus.
    if (this.added.some((entry) => entry.contains(document.activeElement))) return;
    this.trim();
  };

  /**
   * Puts the previous entries in above what is shown, keeping `steady` (the first entry shown, or
   * the pressed button) where it sits in the view; Chromium's scroll anchoring would mostly do it
   * alone, Safari has none.
   */
  private showMore(steady: Element | null): void {
    const start = windowStart(this.thread, EARLIER_STEP, this.start);
    const entries = this.thread.slice(start, this.start).map(this.entryOf);
    this.start = start;
    this.added.unshift(...entries);
    const before = steady?.getBoundingClientRect().top;
    this.marker.after(...entries);
    if (steady && before !== undefined) this.list.scrollTop += steady.getBoundingClientRect().top - before;
    if (start > 0) return this.label();
    // The button goes with the last batch: focus it held stays in the transcript.
    if (document.activeElement === this.button) {
      this.list.tabIndex = -1;
      this.list.focus({ preventScroll: true });
    }
    this.observer.unobserve(this.marker);
    this.marker.remove();
  }

  /** Takes the entries added above the opening window out again and settles the reader at the end. */
  private trim(): void {
    for (const entry of this.added) entry.remove();
    this.added = [];
    this.start = this.opening;
    if (!this.marker.isConnected) this.list.prepend(this.marker);
    this.label();
    pinToEnd(this.list);
    holdAtEnd(this.list);
    this.observeAgain();
  }

  private label(): void {
    const count = this.start;
    this.button.textContent = `Show ${count} earlier ${count === 1 ? 'message' : 'messages'}`;
  }
}
