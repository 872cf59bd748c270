import type { DraftStorage, StoredDrafts } from './draft-storage.js';

export const DRAFT_DATABASE = 't3-composer';
const STORE = 'drafts';

/** The records of one draft key: `[key, page]` for every page that saved it (`[key]` sorts first, any array last). */
const recordsOf = (key: string) => IDBKeyRange.bound([key], [key, []]);

const changedAtOf = (value: unknown) => {
  const changedAt = (value as Partial<StoredDrafts> | undefined)?.changedAt;
  return typeof changedAt === 'number' ? changedAt : 0;
};

/**
 * Drafts in IndexedDB (database `t3-composer`, store `drafts`). Each page writes its own record of
 * a key, `[key, page]`, so a save is a single write that needs no answer and commits even when it
 * is made as the page goes away (`pagehide`); a read-then-write would never see its read answered.
 * A load takes the record with the latest change and deletes the others: of two tabs on one key
 * the later change wins whole, and no record is ever a mix of two. A record stored under the bare
 * key (by an earlier version) is read as one more candidate.
 */
export function indexedDbDraftStorage(databaseName = DRAFT_DATABASE): DraftStorage {
  const page = crypto.randomUUID();
  /** The latest change this page saved per key: a save of an earlier one (answered late) is skipped. */
  const saved = new Map<string, number>();
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

  /** Runs `work` in one transaction; resolves with what `work` returned read once it has committed. */
  const transact = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => () => T) => {
    const db = await database();
    return new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const result = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(result());
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error ?? new Error('the draft was not saved'));
    });
  };

  return {
    load: (key) =>
      transact('readwrite', (store) => {
        let newest: StoredDrafts | undefined;
        const candidates: { key: IDBValidKey; value: unknown }[] = [];
        const bare = store.get(key);
        bare.onsuccess = () => {
          if (bare.result !== undefined) candidates.push({ key, value: bare.result });
          const cursor = store.openCursor(recordsOf(key));
          cursor.onsuccess = () => {
            const next = cursor.result;
            if (next) {
              candidates.push({ key: next.primaryKey, value: next.value });
              next.continue();
              return;
            }
            const latest = candidates.reduce<(typeof candidates)[number] | undefined>(
              (best, candidate) =>
                !best || changedAtOf(candidate.value) >= changedAtOf(best.value) ? candidate : best,
              undefined,
            );
            newest = latest?.value as StoredDrafts | undefined;
            for (const candidate of candidates) if (candidate !== latest) store.delete(candidate.key);
          };
        };
        return () => newest;
      }),
    save: async (key, stored) => {
      if ((saved.get(key) ?? -Infinity) > stored.changedAt) return;
      saved.set(key, stored.changedAt);
      await transact('readwrite', (store) => {
        store.put(stored, [key, page]);
        // Sent now rather than when the page next yields, which it may never do: it may be going away.
        (store.transaction as IDBTransaction & { commit?: () => void }).commit?.();
        return () => undefined;
      });
    },
    remove: async (key) => {
      saved.delete(key);
      await transact('readwrite', (store) => {
        store.delete(key);
        store.delete(recordsOf(key));
        return () => undefined;
      });
    },
  };
}
