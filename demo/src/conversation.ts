import type { ComposerSubmitDetail, T3Composer } from '../../src/composer.js';
import {
  type AssistantMessage,
  type CreatedMessage,
  type Placement,
  readReply,
  sendAndStream,
  stopReply,
  type Submission,
  type ThreadMessage,
  type UserMessage,
} from './host-api.js';
import { pendingMessage } from './pending-message.js';
import { appendExchange, appendPending, appendReplyText, settleReply, withdrawPending } from './transcript.js';

interface ActiveReply {
  threadId: string;
  /** Known once the host has stored the message. */
  replyId: string | null;
  abort: AbortController;
  /** Stop was pressed before the host had answered: the reply is stopped as soon as it has an id. */
  stopWanted: boolean;
  /** Settles once the host has stored the message, or refused it. */
  settled: Promise<void>;
  settle(): void;
}

/**
 * How a message goes out: where, and for an edit, the message it is a new version of (shown in
 * place by that message while it is sent); a new message shows in the transcript at once
 * (`pending`), marked as sending, until the host has stored it.
 */
interface Sending extends Placement {
  edited?: UserMessage;
  pending?: HTMLElement;
}

/** How often a reply this page did not start (it was streaming before a reload) is read again. */
const FOLLOW_INTERVAL_MS = 300;

export interface ConversationView {
  composer: T3Composer;
  transcript: HTMLElement;
  status: HTMLElement;
  /** The thread shown now. */
  thread(): string;
  /** The host stored this message, or this state of a reply. */
  remember(message: ThreadMessage): void;
  /** The host stored a new version of `edited`: the transcript shows its branch from there on. */
  showEdit(edited: UserMessage, created: CreatedMessage): void;
  /** Lists the thread again from the host. */
  reload(): void;
}

/**
 * Sending and streaming: a submission goes to the host, the composer is `busy` while its reply
 * streams, Stop (`t3-stop`) asks the host to stop it, and follow-ups queued meanwhile are sent by
 * the composer when it is idle again (`delivery: 'queued'`). A steer (`delivery: 'steer'`) goes
 * out at once: the host ends the running reply where it is and answers both messages. An edit of
 * a sent message goes out the same way, as a new version after the edited message's parent. The
 * composer keeps each submitted draft until the host has stored the message, so nothing is lost
 * when the host refuses it or the network fails; meanwhile the transcript shows the message,
 * marked as sending, replaced by the stored one when the host has it, taken out if it refuses.
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
   * state that never comes (the composer sends the head itself only when `busy` turns false).
   */
  sendWaitingFollowUp(): void {
    if (!this.active) this.view.composer.sendQueued();
  }

  /**
   * A submission goes out: the composer is busy from this moment (during the dispatch, so what is
   * typed next waits in the queue), and it keeps the draft until the host has stored the message
   * (`waitUntil`): a refused message comes back in front of anything typed since, a refused
   * queued follow-up to the front of the queue, which pauses.
   */
  private submit(event: CustomEvent<ComposerSubmitDetail>): void {
    const { delivery } = event.detail;
    // A steer follows the message before it: sent once the host has that one (it may still be on its way).
    const before = delivery === 'steer' ? this.active?.settled : undefined;
    event.detail.waitUntil(this.start(event.detail, { delivery }, before));
  }

  /**
   * Sends a new version of a sent message (`t3-edit`): after the edited message's parent, so it
   * starts a sibling branch. Resolves once the host has stored it; rejects when it refused it.
   */
  edit(submission: Submission, edited: UserMessage): Promise<void> {
    return this.start(submission, { parentId: edited.parentId ?? null, edited });
  }

  /** Makes the composer busy with a new reply and sends; resolves once the host has the message. */
  private start(submission: Submission, sending: Sending, after?: Promise<void>): Promise<void> {
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const active: ActiveReply = {
      threadId: this.view.thread(),
      replyId: null,
      abort: new AbortController(),
      stopWanted: false,
      settled,
      settle,
    };
    this.active = active;
    this.view.composer.busy = true;
    if (!sending.edited) {
      const pending = pendingMessage(submission, active.threadId);
      sending = { ...sending, pending: appendPending(this.view.transcript, pending.message) };
      settled.then(pending.release, pending.release);
    }
    return new Promise<void>((stored, refused) => {
      void (after ?? Promise.resolve()).then(() => this.send(submission, sending, active, { stored, refused }));
    });
  }

  /** Sends a submission and streams its reply; `stored` once the host has the message, else `refused`. */
  private async send(
    detail: Submission,
    { edited, pending, ...placement }: Sending,
    active: ActiveReply,
    outcome: { stored(): void; refused(error: Error): void },
  ): Promise<void> {
    const { transcript, status } = this.view;
    /** Set when the connection broke after the host stored the message: the host goes on; the page reads it. */
    let broken: string | null = null;
    try {
      const reply = await sendAndStream(
        active.threadId,
        detail,
        {
          created: (created) => {
            active.replyId = created.reply.id;
            outcome.stored();
            active.settle();
            if (active.stopWanted) void this.stop();
            status.textContent = '';
            if (active.threadId !== this.view.thread()) return;
            if (created.dropped.length > 0) {
              status.textContent = `The host dropped ${created.dropped.length} invalid record(s).`;
            }
            if (edited) return this.view.showEdit(edited, created);
            this.view.remember(created.message);
            this.view.remember(created.reply);
            void appendExchange(transcript, created.message, created.reply, { pending });
          },
          delta: (text) => appendReplyText(transcript, active.replyId!, text),
        },
        { signal: active.abort.signal, placement },
      );
      settleReply(transcript, reply);
      this.view.remember(reply);
    } catch (error) {
      if (active.replyId === null) {
        // The host never stored the message: the composer brings it back and says why in its
        // notice (an edit's, in the message), so the status line does not say it a second time.
        const refusal = error instanceof Error ? error : new Error(String(error));
        status.textContent = '';
        if (pending) withdrawPending(transcript, pending);
        outcome.refused(refusal);
      } else if (active.abort.signal.aborted) {
        // The stop request failed, so the connection was cut: the host stored what it had.
        status.textContent = 'Stopped.';
        this.view.reload();
      } else broken = active.replyId;
    } finally {
      active.settle();
      this.finish(active);
      if (broken) {
        void readReply(broken)
          .then((reply) => this.follow(reply))
          .catch(() => (status.textContent = 'Lost track of the reply; reload to see it.'));
      }
    }
  }

  /**
   * Follows a reply found streaming when the thread was listed (this page reloaded while it
   * streamed; the host went on with it): the composer is busy and Stop works until it ends.
   */
  follow(reply: AssistantMessage): void {
    if (this.active || reply.state !== 'streaming') return;
    const { composer, transcript } = this.view;
    const active: ActiveReply = {
      threadId: reply.threadId,
      replyId: reply.id,
      abort: new AbortController(),
      stopWanted: false,
      settled: Promise.resolve(),
      settle: () => {},
    };
    this.active = active;
    composer.busy = active.threadId === this.view.thread();
    void (async () => {
      let latest = reply;
      try {
        while (latest.state === 'streaming' && !active.abort.signal.aborted) {
          await new Promise((resolve) => setTimeout(resolve, FOLLOW_INTERVAL_MS));
          latest = await readReply(reply.id, active.abort.signal);
          settleReply(transcript, latest);
        }
        this.view.remember(latest);
      } catch {
        this.view.status.textContent = 'Lost track of the reply; reload to see it.';
      } finally {
        this.finish(active);
      }
    })();
  }

  private finish(active: ActiveReply): void {
    if (this.active !== active) return;
    this.active = null;
    if (active.threadId === this.view.thread()) this.view.composer.busy = false;
    else this.sendWaitingFollowUp();
  }

  /** Stops the streaming reply on the host; before the host has answered, as soon as it does. */
  private async stop(): Promise<void> {
    const active = this.active;
    if (!active) return;
    if (active.replyId === null) {
      active.stopWanted = true;
      return;
    }
    try {
      await stopReply(active.replyId);
    } catch {
      active.abort.abort();
    }
  }
}
