import type { ThreadMessage } from './host-api.js';

/**
 * How many of a thread's newest entries (messages and replies) the transcript shows at first. A
 * long thread keeps only what was read in the document: typing, appending and memory stay those
 * of a short one.
 */
export const TRANSCRIPT_WINDOW = 100;

/** How many earlier entries come in at a time as the reader scrolls up: few enough to render within a frame or two. */
export const EARLIER_STEP = 20;

/** How far above the top of the view the marker starts loading, so scrolling up rarely waits. */
const LOAD_AHEAD_PX = 800;

/** Where the entries to show start: `count` before the end, moved back to the user message its reply answers. */
export function windowStart(messages: readonly ThreadMessage[], count = TRANSCRIPT_WINDOW): number {
  let start = Math.max(0, messages.length - count);
  while (start > 0 && messages[start]!.role === 'assistant') start--;
  return start;
}

/**
 * The earlier part of a long thread, not in the document yet: a marker at the top of the
 * transcript puts the previous entries in when the reader scrolls near it, keeping the entries in
 * view where they were, or when its button is pressed, keeping the button where it was.
 */
export class EarlierMessages {
  private readonly marker = document.createElement('li');
  private readonly button = document.createElement('button');
  private readonly observer: IntersectionObserver;
  private disposed = false;

  constructor(
    private readonly list: HTMLElement,
    private remaining: readonly ThreadMessage[],
    private readonly entryOf: (message: ThreadMessage) => HTMLElement,
  ) {
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
    if (!this.disposed) this.observer.observe(this.marker);
  }

  /** Takes the marker out (the thread is left, or everything is shown). */
  dispose(): void {
    this.disposed = true;
    this.observer.disconnect();
    this.marker.remove();
  }

  private onNear(): void {
    // Focus on the button (Tab to it scrolls it into view) leaves loading to the button.
    if (document.activeElement === this.button) return;
    this.showMore(this.list.querySelector('.entry:not(.earlier)'));
    // An observer reports changes only: a marker still near after a short batch is looked at again.
    this.observer.unobserve(this.marker);
    this.watch();
  }

  /**
   * Puts the previous entries in above what is shown, keeping `steady` (the first entry shown, or
   * the pressed button) where it sits in the view; Chromium's scroll anchoring would mostly do it
   * alone, Safari has none.
   */
  private showMore(steady: Element | null): void {
    const start = windowStart(this.remaining, EARLIER_STEP);
    const entries = this.remaining.slice(start).map(this.entryOf);
    this.remaining = this.remaining.slice(0, start);
    const before = steady?.getBoundingClientRect().top;
    this.marker.after(...entries);
    if (steady && before !== undefined) this.list.scrollTop += steady.getBoundingClientRect().top - before;
    if (this.remaining.length > 0) return this.label();
    // The button goes with the last batch: focus it held stays in the transcript.
    if (document.activeElement === this.button) {
      this.list.tabIndex = -1;
      this.list.focus({ preventScroll: true });
    }
    this.dispose();
  }

  private label(): void {
    const count = this.remaining.length;
    this.button.textContent = `Show ${count} earlier ${count === 1 ? 'message' : 'messages'}`;
  }
}
