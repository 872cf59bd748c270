import type { ContextRecord, ThreadContextRecord } from '../../src/core/index.js';
import { toKindScopedContextId } from '../../src/core/index.js';
import type { MentionItem, MentionProvider } from '../../src/composer.js';
import type { ChipActivateDetail } from '../../src/message.js';
import { ENVIRONMENT_ID, readThreadList, type ThreadSummary } from './host-api.js';

/** What a thread dragged from the thread list carries for the composer: `{threadId, title}` as JSON. */
export const THREAD_DRAG_TYPE = 'application/x-t3-demo-thread';

/** Another thread of this host as context: the model reads it with `t3_thread_read`. */
export function threadRecord({ threadId, title }: Pick<ThreadSummary, 'threadId' | 'title'>): ThreadContextRecord {
  return {
    version: 1,
    contextId: toKindScopedContextId('thread', threadId),
    label: title,
    kind: 'thread',
    environmentId: ENVIRONMENT_ID,
    threadId,
    title: title.slice(0, 200),
  };
}

/** The `@` menu's Threads group: the host's threads whose title holds the query, the one shown apart. */
export function threadsProvider(current: () => string): MentionProvider {
  return {
    id: 'threads',
    label: 'Threads',
    order: 4,
    async search(query) {
      const needle = query.toLowerCase();
      const threads = await readThreadList();
      return threads
        .filter(({ threadId, title }) => threadId !== current() && title.toLowerCase().includes(needle))
        .map((summary): MentionItem => ({ id: summary.threadId, label: summary.title, record: threadRecord(summary) }));
    },
  };
}

/** A thread link of the list, dragged: the composer takes it as a thread chip (other targets, as its link). */
export function carryThread(event: DragEvent, summary: Pick<ThreadSummary, 'threadId' | 'title'>): void {
  event.dataTransfer?.setData(THREAD_DRAG_TYPE, JSON.stringify(summary));
}

/** The composer's `dropResolver`: a thread dragged from the list becomes its chip; anything else is the composer's. */
export function threadDropResolver(data: DataTransfer): ContextRecord[] | null {
  const carried = data.getData(THREAD_DRAG_TYPE);
  if (!carried) return null;
  const { threadId, title } = JSON.parse(carried) as { threadId?: unknown; title?: unknown };
  if (typeof threadId !== 'string' || typeof title !== 'string') return null;
  return [threadRecord({ threadId, title })];
}

/**
 * Activating a thread chip in a sent message opens that thread. In the composer a click on a chip is
 * editing the draft, and should not take the writer away from it.
 */
export function openThreadChips(root: EventTarget, open: (threadId: string) => void): void {
  root.addEventListener('t3-chip-activate', (event) => {
    const { record, placement } = (event as CustomEvent<ChipActivateDetail>).detail;
    if (record?.kind === 'thread' && placement === 'message') open((record as ThreadContextRecord).threadId);
  });
}
