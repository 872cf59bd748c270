import type { ComposerDraft } from './editor/draft.js';
import type { StashEntry } from './draft-stash.js';
import type { StoredQueueEntry } from './queued-submissions.js';

/**
 * What is stored under one `draft-key`: the draft, the stash, the recall history and the queue of
 * follow-ups, whole, with the bytes of their files as Blobs. `changedAt` (milliseconds since the
 * epoch) is when the composer's state last changed, so a store can let the later change win whole
 * when two tabs share a key. A record written before the queue existed has no `queue`.
 */
export interface StoredDrafts {
  version: 1;
  changedAt: number;
  draft: ComposerDraft;
  stashes: StashEntry[];
  history: ComposerDraft[];
  queue?: StoredQueueEntry[];
}

/** What `t3-draft-restore` carries: the key and the draft restored under it. */
/** Where drafts are kept; every method answers with a promise. The default is IndexedDB. */
export interface DraftStorage {
  load(key: string): Promise<StoredDrafts | undefined | null>;
  save(key: string, stored: StoredDrafts): Promise<void>;
  remove(key: string): Promise<void>;
}

export const DRAFT_DATABASE = 't3-composer';
const STORE = 'drafts';

/**
 * Drafts in IndexedDB (database `t3-composer`, store `drafts`, one record per key). A save reads
 * and writes in one transaction and keeps a stored record whose change is later than its own, so
 * of two tabs on one key the later change wins whole and no record is ever a mix of two.
 */
export function indexedDbDraftStorage(databaseName = DRAFT_DATABASE): DraftStorage {
  let opened: Promise<IDBDatabase> | undefined;
  const database = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(databaseName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error('the draft database is blocked by another tab'));
    }).catch((error: unknown) => {
      opened = undefined;
      throw error;
    }));
  const transact = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void) => {
    const db = await database();
    return new Promise<T | undefined>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request ? request.result : undefined);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error ?? new Error('the draft was not saved'));
    });
  };
  return {
    load: (key) => transact<StoredDrafts>('readonly', (store) => store.get(key) as IDBRequest<StoredDrafts>),
    save: async (key, stored) => {
      await transact('readwrite', (store) => {
        const current = store.get(key);
        current.onsuccess = () => {
          const existing = current.result as Partial<StoredDrafts> | undefined;
          if (typeof existing?.changedAt === 'number' && existing.changedAt > stored.changedAt) return;
          store.put(stored, key);
        };
      });
    },
    remove: async (key) => {
      await transact('readwrite', (store) => store.delete(key));
    },
  };
}

/** The bytes a stored record may hold in files, per key. */
export const STORED_BYTES_MAX = 50 * 1024 * 1024;

/**
 * The record to store, its files kept while they fit in `budget` bytes (the draft's first, then
 * the stash's, then the history's); the others are stored without bytes, so their chips come back
 * unresolved. Tells whether a file of the draft itself had to be left out.
 */
export function fitToBudget(
  stored: StoredDrafts,
  budget = STORED_BYTES_MAX,
): { stored: StoredDrafts; draftTrimmed: boolean } {
  let left = budget;
  let draftTrimmed = false;
  const fit = (draft: ComposerDraft, isDraft: boolean): ComposerDraft => {
    const attachments = draft.attachments.filter((attachment) => {
      if (attachment.file.size <= left) {
        left -= attachment.file.size;
        return true;
      }
      if (isDraft) draftTrimmed = true;
      return false;
    });
    return attachments.length === draft.attachments.length ? draft : { ...draft, attachments };
  };
  const draft = fit(stored.draft, true);
  // Queued follow-ups are messages about to be sent: their files come right after the draft's.
  const queue = (stored.queue ?? []).map((entry) => ({ ...entry, draft: fit(entry.draft, false) }));
  const stashes = stored.stashes.map((entry) => ({ ...entry, draft: fit(entry.draft, false) }));
  const history = [...stored.history]
    .reverse()
    .map((entry) => fit(entry, false))
    .reverse();
  return { stored: { ...stored, draft, stashes, history, queue }, draftTrimmed };
}

/** A loaded record, or `undefined` when it is not one this version wrote. */
export function decodeStoredDrafts(value: unknown): StoredDrafts | undefined {
  const stored = value as Partial<StoredDrafts> | null | undefined;
  if (!stored || stored.version !== 1 || !stored.draft || typeof stored.draft !== 'object') return undefined;
  const isDraft = (draft: unknown): draft is ComposerDraft =>
    !!draft && typeof (draft as ComposerDraft).text === 'string' && Array.isArray((draft as ComposerDraft).attachments);
  return {
    version: 1,
    changedAt: typeof stored.changedAt === 'number' ? stored.changedAt : 0,
    draft: stored.draft,
    stashes: Array.isArray(stored.stashes) ? stored.stashes : [],
    history: Array.isArray(stored.history) ? stored.history.filter(isDraft) : [],
    queue: Array.isArray(stored.queue) ? stored.queue : [],
  };
}
