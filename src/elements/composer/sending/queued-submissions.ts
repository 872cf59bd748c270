import type { DraftSubmission, QueuedSubmission } from '../../shared/composer-values.js';
import { newLocalId } from '../editor/state/local-ids.js';
import { EntryList } from '../saved-drafts/entry-list.js';
import { previewOf } from '../saved-drafts/draft-stash.js';
import type { ComposerDraft } from '../editor/state/draft-codec.js';

export type { QueuedSubmission };

import type { StoredQueueEntry } from '../saved-drafts/draft-storage.js';

export type { StoredQueueEntry };

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

  indexOf(id: string): number {
    return this.list.findIndex((entry) => entry.id === id);
  }

  /** Puts an entry at `index` (a move, or a refused send back where it was), taking it out of where it was. */
  insert(entry: QueuedSubmission, index: number): void {
    const others = this.list.filter((other) => other.id !== entry.id);
    others.splice(Math.max(0, Math.min(index, others.length)), 0, entry);
    this.list = others;
  }

  push(draft: ComposerDraft, submission: DraftSubmission): QueuedSubmission {
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
