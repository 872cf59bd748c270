import { THREADS } from './drafts.js';

/** Threads opened by their address in this page, beyond the demo's own: they stay listed after a switch. */
const openedThreads: { id: string; label: string }[] = [];

/**
 * The thread list: a link per thread (so a thread has an address and opens in a new tab), that
 * switches in place when clicked. The current thread is marked with `aria-current`.
 */
export function renderThreadList(list: HTMLElement, current: string, select: (threadId: string) => void): void {
  if (![...THREADS, ...openedThreads].some(({ id }) => id === current))
    openedThreads.push({ id: current, label: current });
  const threads = [...THREADS, ...openedThreads];
  list.replaceChildren(
    ...threads.map(({ id, label }) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = `?thread=${encodeURIComponent(id)}`;
      link.textContent = label;
      link.dataset.thread = id;
      if (id === current) link.setAttribute('aria-current', 'page');
      link.addEventListener('click', (event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        select(id);
      });
      item.append(link);
      return item;
    }),
  );
}

export const threadLabel = (threadId: string) => THREADS.find(({ id }) => id === threadId)?.label ?? threadId;
