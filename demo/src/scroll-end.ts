/** Whether a scrolling list shows its end, give or take `slack` pixels. */
export const isScrolledToEnd = (list: HTMLElement, slack = 48) =>
  list.scrollHeight - list.scrollTop - list.clientHeight < slack;

/**
 * Scrolls a list to its end until it holds: entries out of view are not laid out
 * (`content-visibility`) and count at an estimated height, so the newest ones take their real
 * height only once scrolled to, and one scroll lands short.
 */
export async function settleAtEnd(list: HTMLElement): Promise<void> {
  for (let frames = 0, settled = 0; frames < 30 && settled < 2; frames++) {
    list.scrollTop = list.scrollHeight;
    await new Promise(requestAnimationFrame);
    settled = isScrolledToEnd(list, 2) ? settled + 1 : 0;
  }
}

/**
 * Keeps a list at its end for the next few frames, whatever it measures meanwhile: for a reader
 * who just came back to the newest, briefly, so a scroll of theirs right after is not fought.
 */
export function pinToEnd(list: HTMLElement, frames = 3): void {
  list.scrollTop = list.scrollHeight;
  if (frames > 0) requestAnimationFrame(() => pinToEnd(list, frames - 1));
}

/**
 * For a moment after the list was put at its end (on opening, or when the reader came back to the
 * newest), entries that still grow, taking their real height once laid out, keep it at its end,
 * until the reader scrolls, touches, clicks or presses a key in it. Scroll events alone do not end
 * it: the browser's own scroll anchoring sends them too while entries above take their height.
 */
export function holdAtEnd(list: HTMLElement, ms = 2000): void {
  const observer = new ResizeObserver(() => (list.scrollTop = list.scrollHeight));
  observer.observe(list);
  for (const entry of list.children) observer.observe(entry);
  const release = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of READER_INPUT) list.removeEventListener(type, release);
  };
  for (const type of READER_INPUT) list.addEventListener(type, release, { passive: true });
  const timer = setTimeout(release, ms);
}

/** What a reader does to move a list: scrolling it by wheel or touch, dragging its bar, or keys. */
const READER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
