import { EditorState } from '@codemirror/state';
import type { nothing, ReactiveControllerHost, TemplateResult } from 'lit';
import type { CommandInfo } from '../../../core/index.js';
import { emit } from '../../shared/events.js';
import { formatMessage, type T3Locale } from '../../shared/locale.js';
import type { DraftRecall } from '../drafts/draft-recall.js';
import { takeDraftBack } from '../drafts/draft-takeback.js';
import type { DraftSession } from '../draft-session.js';
import { chipIndex } from '../editor/chip-index.js';
import { commandInfoOf, type ComposerDraft, decodeDraft, readDraft, stateIsBlank } from '../editor/draft.js';
import { draftFields } from '../editor/draft-state.js';
import {
  type QueueCandidate,
  type QueuedSubmission,
  QueuedSubmissions,
  queueEntryIdentity,
  type StoredQueueEntry,
} from './queued-submissions.js';
import { renderQueue } from './queue-view.js';
import { previewOf } from '../drafts/draft-stash.js';
import { submissionOf } from './submission-rules.js';

export interface QueueControllerDelegate {
  host: ReactiveControllerHost & HTMLElement;
  session: DraftSession;
  recall: DraftRecall;
  commands(): readonly CommandInfo[];
  locale(): T3Locale;
  /** The draft changed: the element's `input`. */
  draftChanged(): void;
}

/**
 * The follow-ups written while the host's assistant was busy (the Qwen design's queued prompts):
 * shown above the editor with their chips, each with Edit and Remove; the first goes out as
 * `t3-submit` (`queued: true`) at each change from busy to idle, and stays when that event is cancelled.
 */
export class QueueController {
  private readonly list = new QueuedSubmissions();

  constructor(private readonly delegate: QueueControllerDelegate) {}

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

  /** What persistence stores. */
  get stored(): StoredQueueEntry[] {
    return this.list.stored;
  }

  /** Queues a follow-up and says so in the live region (the composer has just been cleared). */
  add(draft: ComposerDraft, submission: QueuedSubmission['submission']): void {
    const { preview } = this.list.push(draft, submission);
    this.delegate.session.notices.announce(formatMessage(this.delegate.locale().queued, { preview }));
    this.changed();
  }

  remove(id: string): boolean {
    if (!this.list.remove(id)) return false;
    this.changed();
    return true;
  }

  /** Takes an entry back into the composer: into an empty draft whole, else at the caret through the paste importer. */
  edit(id: string): boolean {
    const entry = this.list.find(id);
    if (!entry) return false;
    if (!takeDraftBack({ ...this.delegate, commands: this.delegate.commands() }, entry.draft)) return false;
    this.remove(id);
    this.delegate.session.focus();
    return true;
  }

  /** Fires `t3-submit` (`queued: true`) for the first entry; it leaves the queue unless the event is cancelled. */
  sendHead(): boolean {
    const head = this.list.head;
    if (!head) return false;
    if (!emit(this.delegate.host, 't3-submit', { ...head.submission, queued: true }, { cancelable: true }))
      return false;
    this.delegate.recall.remember(head.draft);
    return this.remove(head.id);
  }

  render(): TemplateResult | typeof nothing {
    return renderQueue(this.list.entries, this.delegate.locale(), {
      edit: (id) => this.edit(id),
      remove: (id) => {
        this.remove(id);
        this.delegate.session.focus();
      },
    });
  }

  private changed(): void {
    this.delegate.host.requestUpdate();
    emit(this.delegate.host, 't3-queue-change', { queue: this.entries });
  }

  /** An entry from a host or a store, its submission computed as the composer would; none when it cannot be sent. */
  private decode(value: unknown): QueuedSubmission[] {
    if (!value || typeof value !== 'object') return [];
    const candidate = value as QueueCandidate;
    const start = decodeDraft(candidate.draft, this.delegate.commands());
    const state = EditorState.create({ doc: start.text, extensions: [draftFields(start), chipIndex] });
    if (stateIsBlank(state)) return [];
    const result = submissionOf(
      state,
      (command) => commandInfoOf(this.delegate.commands(), command),
      this.delegate.locale(),
    );
    if ('problem' in result) return [];
    const draft = readDraft(state);
    return [{ ...queueEntryIdentity(candidate), preview: previewOf(draft), draft, submission: result.detail }];
  }
}
