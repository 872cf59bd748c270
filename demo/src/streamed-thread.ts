import {
  type AssistantMessage,
  listThread,
  readReply,
  sendAndStream,
  stopReply,
  type Submission,
  type ThreadMessage,
} from './host-api.js';

/** What the React and Vue pages draw: the thread's messages, whether a reply streams, and a status line. */
export interface ThreadView {
  readonly messages: readonly ThreadMessage[];
  /** A reply is streaming: the composer is `busy` (Stop stops it; follow-ups queue). */
  readonly busy: boolean;
  readonly status: string;
}

interface Streaming {
  /** Known once the host has stored the message. */
  replyId: string | null;
  abort: AbortController;
  /** Stop was pressed before the host had answered: the reply is stopped as soon as it has an id. */
  stopWanted: boolean;
}

/** How often a reply found streaming when the thread is listed (the page reloaded meanwhile) is read again. */
const FOLLOW_INTERVAL_MS = 300;

/**
 * One thread of the host for a framework page: the messages as a snapshot that is replaced on
 * every change (React's `useSyncExternalStore`, Vue's `shallowRef` read it), a send that streams
 * the reply piece by piece as the main page does, and Stop. `send` settles as the composer's
 * `waitUntil` wants: fulfilled once the host has stored the message, rejected when it refused it.
 */
export class StreamedThread {
  private view: ThreadView = { messages: [], busy: false, status: '' };
  private readonly listeners = new Set<() => void>();
  private streaming: Streaming | null = null;

  constructor(readonly threadId: string) {}

  /** The thread as shown now; a new object after every change. */
  readonly snapshot = (): ThreadView => this.view;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Lists the thread; a reply still streaming (the page reloaded while it did) is followed to its end. */
  async load(): Promise<void> {
    try {
      const messages = await listThread(this.threadId);
      this.update({ messages });
      const last = messages.at(-1);
      if (last?.role === 'assistant' && last.state === 'streaming') void this.follow(last);
    } catch (error) {
      this.update({ status: `Could not load the thread: ${(error as Error).message}` });
    }
  }

  send(submission: Submission): Promise<void> {
    const streaming: Streaming = { replyId: null, abort: new AbortController(), stopWanted: false };
    this.streaming = streaming;
    this.update({ busy: true, status: '' });
    return new Promise<void>((stored, refused) => {
      const handlers = {
        created: ({ message, reply }: { message: ThreadMessage; reply: AssistantMessage }) => {
          streaming.replyId = reply.id;
          stored();
          this.update({ messages: [...this.view.messages, message, reply] });
          if (streaming.stopWanted) this.stop();
        },
        delta: (text: string) => this.replace(streaming.replyId!, (reply) => ({ ...reply, text: reply.text + text })),
      };
      sendAndStream(this.threadId, submission, handlers, { signal: streaming.abort.signal })
        .then((reply) => this.replace(reply.id, () => reply))
        .catch((error: Error) => {
          // Refused: the composer brings the draft back and its notice says why.
          if (streaming.replyId === null) return refused(error);
          // The stream broke, or was cut after a stop the host did not take: the host goes on or
          // stores what it had, and the reply is read from it until it has ended.
          this.finish(streaming);
          void this.follow({ id: streaming.replyId });
        })
        .finally(() => this.finish(streaming));
    });
  }

  /** Stops the streaming reply on the host; before the host has answered, as soon as it does. */
  stop(): void {
    const streaming = this.streaming;
    if (!streaming) return;
    if (streaming.replyId === null) {
      streaming.stopWanted = true;
      return;
    }
    // A stop the host did not take: the connection is cut, and the host stores what it had.
    stopReply(streaming.replyId).catch(() => streaming.abort.abort());
  }

  /** Reads a reply until it has ended: one this page did not start, or whose stream broke. */
  private async follow({ id }: Pick<AssistantMessage, 'id'>): Promise<void> {
    if (this.streaming) return;
    const streaming: Streaming = { replyId: id, abort: new AbortController(), stopWanted: false };
    this.streaming = streaming;
    this.update({ busy: true });
    try {
      for (let reply = await readReply(id); ; reply = await readReply(id)) {
        this.replace(id, () => reply);
        if (reply.state !== 'streaming' || streaming.abort.signal.aborted) break;
        await new Promise((resolve) => setTimeout(resolve, FOLLOW_INTERVAL_MS));
      }
    } catch {
      this.update({ status: 'Lost track of the reply; reload to see it.' });
    } finally {
      this.finish(streaming);
    }
  }

  private finish(streaming: Streaming): void {
    if (this.streaming !== streaming) return;
    this.streaming = null;
    this.update({ busy: false });
  }

  private replace(replyId: string, change: (reply: AssistantMessage) => AssistantMessage): void {
    const messages = this.view.messages.map((message) =>
      message.id === replyId && message.role === 'assistant' ? change(message) : message,
    );
    this.update({ messages });
  }

  private update(change: Partial<ThreadView>): void {
    this.view = { ...this.view, ...change };
    for (const listener of this.listeners) listener();
  }
}
