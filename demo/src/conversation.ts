import type { ComposerSubmitDetail, T3Composer } from '../../src/composer.js';
import { sendAndStream, stopReply, type ThreadMessage } from './host-api.js';
import { appendExchange, appendReplyText, settleReply } from './transcript.js';

interface ActiveReply {
  threadId: string;
  /** Known once the host has stored the message. */
  replyId: string | null;
  abort: AbortController;
}

export interface ConversationView {
  composer: T3Composer;
  transcript: HTMLElement;
  status: HTMLElement;
  /** The thread shown now. */
  thread(): string;
  /** The host stored this message, or this state of a reply. */
  remember(message: ThreadMessage): void;
  /** Lists the thread again from the host. */
  reload(): void;
}

/**
 * Sending and streaming: a submission goes to the host, the composer is `busy` while its reply
 * streams, Stop (`t3-stop`) asks the host to stop it, and follow-ups queued meanwhile are sent by
 * the composer when it is idle again (`detail.queued`).
 */
export class Conversation {
  private active: ActiveReply | null = null;

  constructor(private readonly view: ConversationView) {
    view.composer.addEventListener('t3-submit', (event) => this.submit(event));
    view.composer.addEventListener('t3-stop', () => void this.stop());
  }

  /** Whether the thread shown has a reply streaming: the composer is busy for that thread only. */
  threadChanged(): void {
    this.view.composer.busy = this.active?.threadId === this.view.thread();
  }

  /**
   * Sends the first follow-up queued in the thread shown when nothing streams: one whose reply
   * ended while another thread was shown, or before a reload, would otherwise wait for a busy
   * state that never comes. The composer sends it itself only when `busy` turns false.
   */
  sendWaitingFollowUp(): void {
    const { composer } = this.view;
    const [head, ...rest] = composer.queue;
    if (!head || this.active || composer.busy) return;
    composer.queue = rest.map(({ draft }) => ({ draft }));
    void this.send({ ...head.submission, queued: true }).then((sent) => {
      if (!sent) composer.queue = [{ draft: head.draft }, ...composer.queue];
    });
  }

  private submit(event: CustomEvent<ComposerSubmitDetail>): void {
    const { composer } = this.view;
    // A queued follow-up leaves the queue as it goes out; if the host refuses it, it is put back.
    const head = event.detail.queued ? composer.queue[0] : undefined;
    // A draft stays until the host has stored the message, so a refused message is not lost.
    if (!event.detail.queued) event.preventDefault();
    void this.send(event.detail).then((sent) => {
      if (!sent && head) composer.queue = [{ draft: head.draft }, ...composer.queue];
    });
  }

  private async send(detail: ComposerSubmitDetail): Promise<boolean> {
    const { composer, transcript, status } = this.view;
    const active: ActiveReply = { threadId: this.view.thread(), replyId: null, abort: new AbortController() };
    this.active = active;
    composer.busy = true;
    status.textContent = 'Sending…';
    try {
      const reply = await sendAndStream(
        active.threadId,
        detail,
        {
          created: (created) => {
            active.replyId = created.reply.id;
            status.textContent = '';
            if (active.threadId !== this.view.thread()) return;
            if (!detail.queued) composer.clear();
            if (created.dropped.length > 0) {
              status.textContent = `The host dropped ${created.dropped.length} invalid record(s).`;
            }
            this.view.remember(created.message);
            this.view.remember(created.reply);
            void appendExchange(transcript, created.message, created.reply);
          },
          delta: (text) => appendReplyText(transcript, active.replyId!, text),
        },
        active.abort.signal,
      );
      settleReply(transcript, reply);
      this.view.remember(reply);
      return true;
    } catch (error) {
      if (active.abort.signal.aborted) {
        // Stopped before the host's answer: it may have stored the message already, with its reply stopped.
        status.textContent = 'Stopped.';
        this.view.reload();
        return true;
      }
      status.textContent =
        active.replyId === null
          ? `Not sent: ${(error as Error).message}`
          : 'The reply was cut off; the host keeps it as stopped.';
      return active.replyId !== null;
    } finally {
      this.active = null;
      if (active.threadId === this.view.thread()) composer.busy = false;
      else this.sendWaitingFollowUp();
    }
  }

  /** Stops the streaming reply on the host; before the host has stored the message, the request is aborted. */
  private async stop(): Promise<void> {
    const active = this.active;
    if (!active) return;
    if (active.replyId === null) {
      active.abort.abort();
      return;
    }
    try {
      await stopReply(active.replyId);
    } catch {
      active.abort.abort();
    }
  }
}
