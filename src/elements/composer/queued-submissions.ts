import type { ComposerSubmitDetail } from '../shared/events.js';
import { newLocalId } from './attachments.js';
import { EntryList } from './entry-list.js';
import { previewOf } from './draft-stash.js';
import type { ComposerDraft } from './editor/draft.js';

/** One follow-up written while the composer was busy, waiting to be sent. */
export interface QueuedSubmission {
  id: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** The draft's visible text, chips as their labels, on one line and shortened. */
  preview: string;
  /** What `t3-submit` carries when it goes out (plus `queued: true`), computed when it was queued. */
  submission: ComposerSubmitDetail;
  /** The draft it was written as, for Edit. */
  draft: ComposerDraft;
}

/** What is stored of an entry under `draft-key`: its draft; the submission is computed again when restored. */
export type StoredQueueEntry = Pick<QueuedSubmission, 'id' | 'createdAt' | 'draft'>;

/** What setting `queue` takes for an entry: its draft, and the id and time it keeps when they are usable. */
export type QueueEntryInit = Pick<QueuedSubmission, 'draft'> & Partial<Pick<QueuedSubmission, 'id' | 'createdAt'>>;

/** An entry as `queue` or a store gives it, before its draft is checked. */
export interface QueueCandidate {
  id?: unknown;
  createdAt?: unknown;
  draft?: unknown;
}

/** The queue of follow-ups, first to go first. It only keeps the list; sending and editing are the controller's. */
export class QueuedSubmissions extends EntryList<QueuedSubmission> {
  get length(): number {
    return this.list.length;
  }

  get head(): QueuedSubmission | undefined {
    return this.list[0];
  }

  /** The entries to store: drafts only. */
  get stored(): StoredQueueEntry[] {
    return this.list.map(({ id, createdAt, draft }) => ({ id, createdAt, draft }));
  }

  /** Replaces the list; ids that repeat get fresh ones, so Edit and Remove always find one entry. */
  replace(entries: readonly QueuedSubmission[]): void {
    const seen = new Set<string>();
    this.list = entries.map((entry) => {
      const id = seen.has(entry.id) ? newQueueId() : entry.id;
      seen.add(id);
      return id === entry.id ? entry : { ...entry, id };
    });
  }

  push(draft: ComposerDraft, submission: ComposerSubmitDetail): QueuedSubmission {
    const entry = { id: newQueueId(), createdAt: Date.now(), preview: previewOf(draft), draft, submission };
    this.list.push(entry);
    return entry;
  }
}

/** An entry's id and time as given, when they are usable; fresh ones otherwise. */
export function queueEntryIdentity(candidate: QueueCandidate): { id: string; createdAt: number } {
  return {
    id: typeof candidate.id === 'string' && candidate.id !== '' ? candidate.id : newQueueId(),
    createdAt:
      typeof candidate.createdAt === 'number' && Number.isFinite(candidate.createdAt)
        ? candidate.createdAt
        : Date.now(),
  };
}

function newQueueId(): string {
  return `queued-${newLocalId()}`;
}
