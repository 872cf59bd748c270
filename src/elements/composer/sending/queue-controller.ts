import { EditorState } from '@codemirror/state';
import type { nothing, TemplateResult } from 'lit';
import type { DraftSubmission } from '../../shared/composer-values.js';
import { type Delivery, emit } from '../../shared/events.js';
import { formatMessage } from '../../shared/locale.js';
import { bringDraftBack } from '../saved-drafts/draft-takeback.js';
import { draftAtoms } from '../editor/atoms/draft-atoms.js';
import type { ComposerContext } from '../editor/composer-context.js';
import { type ComposerDraft, decodeDraft, stateIsBlank } from '../editor/state/draft-codec.js';
import { draftFields } from '../editor/state/draft-state.js';
import {
  type QueueCandidate,
  type QueuedSubmission,
  QueuedSubmissions,
  queueEntryIdentity,
  type StoredQueueEntry,
} from './queued-submissions.js';
import { renderQueue } from './queue-view.js';
import { previewOf } from '../saved-drafts/draft-stash.js';
import { submissionOf } from './submission-rules.js';
import { notSentNotice } from './not-sent.js';

export interface QueueParts {
  /** Whether the composer is busy (the assistant works, or a send is in flight). */
  busy(): boolean;
  /**
   * Fires `t3-submit` for an entry (once its files are uploaded); false when cancelled; `failed`
   * with the draft as it is then (its uploads kept) if its `waitUntil` rejects or an upload fails.
   */
  send(
    submission: DraftSubmission,
    draft: ComposerDraft,
    delivery: Delivery,
    failed: (reason: unknown, draft: ComposerDraft) => void,
  ): boolean;
}

/**
 * The follow-ups written while the host's assistant was busy (the Qwen design's queued prompts):
 * shown above the editor with their chips, each with Send now, Edit and Remove, in an order a drag
 * handle or Alt+↑/↓ changes. The first goes out as `t3-submit` (`delivery: 'queued'`) at each
 * change from busy to idle, never during a turn, and stays when that event is cancelled. After
 * Stop, or a send of an entry that was refused (it goes back where it was), the queue pauses until
 * Resume or a message of the person's own, so nothing is sent in a loop or against their wish.
 */
export class QueueController {
  private readonly list = new QueuedSubmissions();
  private paused = false;

  constructor(
    private readonly context: ComposerContext,
    private readonly parts: QueueParts,
  ) {}

  get entries(): QueuedSubmission[] {
    return this.list.entries;
  }

  /**
   * Sets the queue from any value: each entry needs a draft that could be submitted (`{text,
   * records?, attachments?, command?}`), anything else drops alone; the submission is computed from it.
   */
  set entries(value: unknown) {
    const entries = (Array.isArray(value) ? value : []).flatMap((candidate: unknown) => this.decode(candidate));
    if (entries.length === 0 && this.list.length === 0) return;
    this.list.replace(entries);
    this.changed();
  }

  /** What persistence stores: the entries' drafts, and whether the queue waits for Resume. */
  get stored(): { entries: StoredQueueEntry[]; paused: boolean } {
    return { entries: this.list.stored, paused: this.paused };
  }

  /** The queue a store kept for a draft key (a key switch or a reload), paused as it was. */
  restore(entries: readonly StoredQueueEntry[], paused: boolean): void {
    this.paused = paused;
    this.entries = entries;
    this.context.host.requestUpdate();
  }

  get isPaused(): boolean {
    return this.paused && this.list.length > 0;
  }

  /** Queues a follow-up and says so in the live region (the composer has just been cleared). */
  add(draft: ComposerDraft, submission: DraftSubmission): void {
    const { preview } = this.list.push(draft, submission);
    this.context.notices.announce(formatMessage(this.context.config.locale.queued, { preview }));
    this.changed();
  }

  remove(id: string): boolean {
    if (!this.list.remove(id)) return false;
    this.changed();
    return true;
  }

  /** Takes an entry back into the composer: into an empty draft whole, else in front of what was typed. */
  edit(id: string): boolean {
    const entry = this.list.find(id);
    if (!entry || !bringDraftBack(this.context, entry.draft)) return false;
    this.remove(id);
    this.context.focus();
    return true;
  }

  /** Alt+↑ in an empty draft: the newest entry back into the composer for editing. */
  takeBackNewest(): boolean {
    const newest = this.list.entries.at(-1);
    return !!newest && stateIsBlank(this.context.state) && this.edit(newest.id);
  }

  /** Fires `t3-submit` for the first entry, unless paused; it leaves the queue unless the event is cancelled. */
  sendHead(): boolean {
    const head = this.list.head;
    return !!head && !this.paused && this.sendEntry(head, 'queued');
  }

  /** Send now: steers the entry into the running turn while busy, sends it as a new message while idle. */
  sendNow(id: string): boolean {
    const entry = this.list.find(id);
    return !!entry && this.sendEntry(entry, this.parts.busy() ? 'steer' : 'new');
  }

  /** After Stop: the end of the turn sends nothing until Resume or a message of the person's own. */
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.context.host.requestUpdate();
    this.context.scheduleSave();
  }

  /** Sends again after a pause: the head at once when `idle`, else at the next change to idle. */
  resume(idle: boolean): void {
    if (!this.paused) return;
    this.paused = false;
    this.context.host.requestUpdate();
    this.context.scheduleSave();
    if (idle) this.sendHead();
  }

  /** Files of queued entries finished uploading: the entries carry the host's ids (and are saved so). */
  takeUploads(uploaded: (draft: ComposerDraft) => ComposerDraft): void {
    let changed = false;
    const entries = this.list.entries.map((entry) => {
      const draft = uploaded(entry.draft);
      const next = draft === entry.draft ? undefined : this.decode({ ...entry, draft })[0];
      // Only ever more of its files uploaded: this cannot go round for ever.
      if (!next || uploadedCount(next.draft) <= uploadedCount(entry.draft)) return entry;
      changed = true;
      return next;
    });
    if (!changed) return;
    this.list.replace(entries);
    this.changed();
  }

  /** Moves an entry to `index` (clamped), says where it went, and saves the new order. */
  move(id: string, index: number): boolean {
    const entry = this.list.find(id);
    const from = this.list.indexOf(id);
    const to = Math.max(0, Math.min(index, this.list.length - 1));
    if (!entry || from === to) return false;
    this.list.insert(entry, to);
    const locale = this.context.config.locale;
    const where = { preview: entry.preview, position: String(to + 1), count: String(this.list.length) };
    this.context.notices.announce(formatMessage(locale.queueMoved, where));
    this.changed();
    return true;
  }

  render(): TemplateResult | typeof nothing {
    return renderQueue(this.list.entries, this.context.config.locale, {
      paused: this.isPaused,
      sendNow: (id) => {
        this.sendNow(id);
        this.context.focus();
      },
      move: (id, index, focus) => {
        if (this.move(id, index) && focus) void this.refocus(id, focus);
      },
      edit: (id) => this.edit(id),
      remove: (id) => {
        this.remove(id);
        this.context.focus();
      },
      resume: () => {
        this.resume(!this.context.host.busy);
        this.context.focus();
      },
    });
  }

  /** Focus moves with an entry the keyboard moved (its element was moved in the document, which drops focus). */
  private async refocus(id: string, part: string): Promise<void> {
    const { host } = this.context;
    await host.updateComplete;
    const entry = host.shadowRoot?.querySelector(`[data-queue-id="${CSS.escape(id)}"]`);
    entry?.querySelector<HTMLElement>(`[part~="${CSS.escape(part)}"]`)?.focus();
  }

  private sendEntry(entry: QueuedSubmission, delivery: Delivery): boolean {
    const index = this.list.indexOf(entry.id);
    const failed = (reason: unknown, draft: ComposerDraft) => this.putBack(entry, index, reason, draft);
    return this.parts.send(entry.submission, entry.draft, delivery, failed) && this.remove(entry.id);
  }

  /** A refused entry goes back where it was (with what of it was uploaded), and the queue waits for Resume. */
  private putBack(entry: QueuedSubmission, index: number, reason: unknown, draft: ComposerDraft): void {
    const back = draft === entry.draft ? entry : (this.decode({ ...entry, draft })[0] ?? entry);
    this.list.insert(back, index);
    this.paused = true;
    this.context.notices.show(notSentNotice(this.context.config.locale, reason, 'queue'));
    this.changed();
  }

  private changed(): void {
    this.context.host.requestUpdate();
    this.context.scheduleSave();
    emit(this.context.host, 't3-queue-change', { queue: this.entries });
  }

  /** An entry from a host or a store, its submission computed as the composer would; none when it cannot be sent. */
  private decode(value: unknown): QueuedSubmission[] {
    if (!value || typeof value !== 'object') return [];
    const candidate = value as QueueCandidate;
    const start = decodeDraft(candidate.draft, this.context.host.commands);
    const state = EditorState.create({ doc: start.text, extensions: [draftFields(start), draftAtoms] });
    if (stateIsBlank(state)) return [];
    const result = submissionOf(state, this.context.commandInfo, this.context.config.locale);
    if ('problem' in result) return [];
    const { draft, detail } = result;
    return [{ ...queueEntryIdentity(candidate), preview: previewOf(draft), draft, submission: detail }];
  }
}

function uploadedCount(draft: ComposerDraft): number {
  return draft.attachments.filter((attachment) => attachment.uploaded).length;
}
