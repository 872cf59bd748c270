/** Whether a scrolling list shows its end, give or take `slack` pixels. */
export const isScrolledToEnd = (list: HTMLElement, slack = 48) =>
  list.scrollHeight - list.scrollTop - list.clientHeight < slack;

/**
 * Scrolls a list to its end until it holds: entries out of view are not laid out
 * (`content-visibility`) and count at an estimated height, so the newest ones take their real
 * height only once scrolled to, and one scroll lands short.
 */
export async function settleAtEnd(list: HTMLElement): Promise<void> {
  // Held for a few frames with an unchanged height: an entry scrolled into view takes its real
  // height a frame after the scroll that brought it, so two frames at the end can still be early.
  let height = -1;
  for (let frames = 0, settled = 0; frames < 60 && settled < 4; frames++) {
    list.scrollTop = list.scrollHeight;
    await new Promise(requestAnimationFrame);
    settled = isScrolledToEnd(list, 2) && list.scrollHeight === height ? settled + 1 : 0;
    height = list.scrollHeight;
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
 * For a moment after the reader came back to the newest, entries that still grow (taking their
 * real height once laid out) keep the list at its end, unless the reader scrolls away meanwhile.
 */
export function holdAtEnd(list: HTMLElement, ms = 2000): void {
  let atEnd = true;
  const onScroll = () => (atEnd = isScrolledToEnd(list, 2));
  const observer = new ResizeObserver(() => {
    if (atEnd) list.scrollTop = list.scrollHeight;
  });
  for (const entry of list.children) observer.observe(entry);
  list.addEventListener('scroll', onScroll, { passive: true });
  setTimeout(() => {
    observer.disconnect();
    list.removeEventListener('scroll', onScroll);
  }, ms);
}
