import type { EditDetail } from '../../src/message.js';
import {
  chooseBranch,
  type CreatedMessage,
  type MessageVersions,
  type Submission,
  type ThreadListing,
  type UserMessage,
} from './host-api.js';
import { appendExchange, removeFrom } from './transcript.js';

export interface BranchesView {
  transcript: HTMLElement;
  status: HTMLElement;
  /** The thread shown now. */
  thread(): string;
  /** A user message shown now, by id. */
  message(id: string): UserMessage | undefined;
  /** Shows the thread as the host lists it. */
  show(listing: ThreadListing): Promise<void>;
  /** Sends a new version of `edited`; resolves once the host has stored it, rejects when it refused it. */
  sendEdit(submission: Submission, edited: UserMessage): Promise<void>;
}

/**
 * Edits as branches: an edit of a sent message (`t3-edit`) is sent as a new message after the
 * edited one's parent, a sibling that starts another branch; the edited message and what followed
 * stay stored. Each message with versions shows `‹ 2 / 2 ›`; pressing Previous or Next shows that
 * version's branch, and the host remembers the choice, so a reload shows it again.
 */
export class Branches {
  /** The versions of the messages shown, by message id. */
  versions: Record<string, MessageVersions> = {};

  constructor(private readonly view: BranchesView) {
    view.transcript.addEventListener('click', (event) => this.onClick(event));
    view.transcript.addEventListener('t3-edit', (event) => this.onEdit(event));
  }

  /** The host stored a new version of `edited`: it takes the place of `edited` and of what followed it. */
  showEdit(edited: UserMessage, created: CreatedMessage): void {
    const siblings = [...(this.versions[edited.id]?.siblings ?? [edited.id]), created.message.id];
    const versions = { siblings, index: siblings.length - 1 };
    delete this.versions[edited.id];
    this.versions[created.message.id] = versions;
    removeFrom(this.view.transcript, edited.id);
    void appendExchange(this.view.transcript, created.message, created.reply, { versions });
  }

  private onClick(event: Event): void {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('.version-step') : null;
    const version = button?.dataset.version;
    if (button && version) void this.choose(version, button.dataset.step ?? 'next');
  }

  /** Shows the branch through `messageId`; the picker's `step` button keeps the focus when it can. */
  private async choose(messageId: string, step: string): Promise<void> {
    const thread = this.view.thread();
    try {
      const listing = await chooseBranch(thread, messageId);
      if (thread !== this.view.thread()) return;
      await this.view.show(listing);
    } catch (error) {
      this.view.status.textContent = `Could not switch versions: ${(error as Error).message}`;
      return;
    }
    const picker = this.view.transcript.querySelector(`li[data-message-id="${CSS.escape(messageId)}"] .versions`);
    const buttons = [...(picker?.querySelectorAll<HTMLButtonElement>('.version-step:not(:disabled)') ?? [])];
    (buttons.find((button) => button.dataset.step === step) ?? buttons[0])?.focus();
  }

  private onEdit(event: CustomEvent<EditDetail>): void {
    const entry = event.target instanceof Element ? event.target.closest<HTMLElement>('li[data-message-id]') : null;
    const edited = entry?.dataset.messageId ? this.view.message(entry.dataset.messageId) : undefined;
    if (!edited) {
      // Not a message of the thread shown (it changed meanwhile): cancelled, the edit stays open.
      event.preventDefault();
      this.view.status.textContent = 'This message is no longer shown; the edit was not sent.';
      return;
    }
    event.detail.waitUntil(this.view.sendEdit(event.detail.submission, edited));
  }
}
