import type { ThreadSummary } from './host-api.js';
import { carryThread } from './thread-context.js';

/** What a thread without messages yet is called (the host names it from its first message). */
export const UNTITLED = 'New chat';

/** Threads shown in this page that have no message yet, newest first: their drafts stay in reach. */
const openedThreads: string[] = [];

/**
 * The thread list: the host's threads, the one written to last first, each under its title. A
 * thread shown in this page before its first message is listed as a new chat, never under its
 * raw id: first while it is shown, after the others once left (its draft stays in reach). Each
 * entry is a link (a thread has an address and opens in a new tab) that switches in place when
 * clicked, and drags into the composer as a thread chip; the current one is marked with `aria-current`.
 */
export function renderThreadList(
  list: HTMLElement,
  threads: readonly ThreadSummary[],
  current: string,
  select: (threadId: string) => void,
): void {
  if (!openedThreads.includes(current)) openedThreads.unshift(current);
  const listed = new Set(threads.map(({ threadId }) => threadId));
  const untitled = (threadId: string) => ({ threadId, title: UNTITLED, updatedAt: '' });
  const left = openedThreads.filter((threadId) => threadId !== current && !listed.has(threadId)).map(untitled);
  const shown = [...(listed.has(current) ? [] : [untitled(current)]), ...threads, ...left];
  list.replaceChildren(
    ...shown.map(({ threadId, title }) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = `?thread=${encodeURIComponent(threadId)}`;
      link.textContent = title;
      link.dir = 'auto';
      link.title = title;
      link.dataset.thread = threadId;
      if (threadId === current) link.setAttribute('aria-current', 'page');
      link.addEventListener('click', (event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        select(threadId);
      });
      link.addEventListener('dragstart', (event) => carryThread(event, { threadId, title }));
      item.append(link);
      return item;
    }),
  );
}

/** The title of a thread as listed, or that of a new chat. */
export const titleOf = (threads: readonly ThreadSummary[], threadId: string): string =>
  threads.find((thread) => thread.threadId === threadId)?.title ?? UNTITLED;

/** A fresh thread id for New chat: random, so two tabs never write to one new thread. */
export function newThreadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `chat-${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
