import type { ReactiveController } from 'lit';
import type { ComposerDraft } from '../../shared/composer-values.js';
import type { ComposerContext } from '../editor/composer-context.js';
import { decodeDraft, readDraft } from '../editor/state/draft-codec.js';
import { type DraftRecall, historySizeOf } from './draft-recall.js';
import { MAX_STASHES, stashEntryOf } from './draft-stash.js';
import {
  decodeStoredDrafts,
  type DraftStorage,
  fitToBudget,
  isSameDraft,
  type StoredDrafts,
  type StoredQueueEntry,
} from './draft-storage.js';
import { indexedDbDraftStorage } from './indexed-db-drafts.js';
import type { StashController } from './stash-controller.js';

/** How long the store may take to answer before the composer says the draft is not being saved. */
export const STORE_TIMEOUT_MS = 2000;
/** A change is saved at most this late. */
export const SAVE_DELAY_MS = 300;

/** What is stored with the draft, and how it is put back. */
export interface PersistedParts {
  stash: StashController;
  recall: DraftRecall;
  queue(): { entries: StoredQueueEntry[]; paused: boolean };
  restoreQueue(entries: StoredQueueEntry[], paused: boolean): void;
  /** The drafts whose sends, made under this key, are in flight. */
  inFlight(key: string): ComposerDraft[];
  /** A record was restored: the element's `t3-draft-restore`. */
  restored(key: string): void;
}

let defaultStorage: DraftStorage | undefined;

/**
 * Saves the draft, the stash and the history under `draft-key`: after each change (at most
 * `SAVE_DELAY_MS` late) and on `pagehide`, and restores them when the element connects or the key
 * changes (the old key's draft is saved first, so switching keys swaps drafts). A store that fails
 * or does not answer shows one notice, kept through edits until a save works again; the draft in
 * memory is never touched by a failure. A draft whose send is in flight is stored until it
 * settles; one the page left in flight comes back as an `unsent` stash entry, never sent again.
 */
export class DraftPersistence implements ReactiveController {
  private key?: string;
  private timer?: ReturnType<typeof setTimeout>;
  private dirty = false;
  private changedAt = 0;
  private loadToken?: object;
  /** Changes seen so far, to tell whether the person wrote while a record was loading. */
  private changes = 0;
  private failing = false;
  private connected = false;
  private loadedKey?: string;
  /** True while a record is put into the composer: the changes it makes are not new ones to save. */
  private applying = false;
  /** Sends made under another key that settled while it was not shown, until that key's record has them. */
  private readonly settledAway = new Map<string, SettledAway[]>();

  constructor(
    private readonly context: ComposerContext,
    private readonly parts: PersistedParts,
  ) {
    context.host.addController(this);
  }

  /** The draft, or something stored with it, changed: saved at most `SAVE_DELAY_MS` later, at once when `blank`. */
  changed(blank: boolean): void {
    if (this.applying) return;
    this.changes++;
    if (!this.key) return;
    this.dirty = true;
    this.changedAt = Date.now();
    // A draft just sent or cleared is saved at once: a reload right after must not bring it back.
    if (blank) this.flush();
    else this.timer ??= setTimeout(this.flush, SAVE_DELAY_MS);
  }

  hostConnected(): void {
    this.connected = true;
    window.addEventListener('pagehide', this.flush);
    // A composer moved in the document keeps its draft: its key is loaded once.
    if (this.key && this.loadedKey !== this.key) this.load(this.key);
  }

  hostDisconnected(): void {
    this.connected = false;
    window.removeEventListener('pagehide', this.flush);
    this.flush();
  }

  /** The element's `draft-key` changed. */
  setKey(next: string | undefined): void {
    const key = typeof next === 'string' && next !== '' ? next : undefined;
    if (key === this.key) return;
    const previous = this.key;
    this.save();
    this.key = key;
    this.loadToken = undefined;
    this.dirty = false;
    if (!key || !this.connected) return;
    if (previous)
      this.apply(
        undefined,
        {
          version: 1,
          changedAt: 0,
          draft: { text: '', records: [], attachments: [] },
          stashes: [],
          history: [],
          queue: [],
        },
        false,
      );
    this.load(key);
  }

  /** The key drafts are saved under now, if any. */
  get currentKey(): string | undefined {
    return this.key;
  }

  /**
   * A send made under another key (the composer switched keys meanwhile) settled: that key's record
   * no longer holds it in flight, and holds it in its history when it was stored, in its stash
   * (`unsent`) when it was refused, so nothing reaches the draft of the key shown now. It is kept
   * in memory until that record is written, or until the key is shown again, whichever comes first:
   * a store that fails loses nothing.
   */
  settleElsewhere(key: string, draft: ComposerDraft, stored: boolean): void {
    const settled = this.settledAway.get(key) ?? [];
    this.settledAway.set(key, [...settled, { draft, stored }]);
    const storage = this.storage();
    if (!storage) return;
    void this.answer(() => storage.load(key)).then((value) => {
      const record = decodeStoredDrafts(value);
      const pending = this.settledAway.get(key);
      if (!record || !pending || this.key === key) return;
      const next = { ...withSettled(record, pending, this.context), changedAt: Date.now() };
      return this.answer(() => storage.save(key, next).then(() => true), { saving: true }).then((saved) => {
        if (saved) this.forgetSettled(key, pending);
      });
    });
  }

  private forgetSettled(key: string, written: readonly SettledAway[]): void {
    const left = (this.settledAway.get(key) ?? []).filter((entry) => !written.includes(entry));
    if (left.length > 0) this.settledAway.set(key, left);
    else this.settledAway.delete(key);
  }

  /** Saves now what is waiting to be saved, unless the key's record is still loading (it would be overwritten). */
  readonly flush = (): void => {
    if (!this.loadToken) this.save();
    else {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  };

  private save(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const key = this.key;
    if (!this.dirty || !key) return;
    this.dirty = false;
    const storage = this.storage();
    if (!storage) return;
    const { stash, recall } = this.parts;
    const queue = this.parts.queue();
    const { stored, draftTrimmed } = fitToBudget({
      version: 1,
      changedAt: this.changedAt,
      draft: readDraft(this.context.state),
      stashes: stash.entries,
      history: [...recall.drafts],
      queue: queue.entries,
      queuePaused: queue.paused,
      inFlight: this.parts.inFlight(key),
    });
    if (draftTrimmed) this.context.notices.show(this.context.config.locale.draftTooLarge);
    void this.answer(() => storage.save(key, stored), { saving: true });
  }

  private load(key: string): void {
    const storage = this.storage();
    if (!storage) return;
    const token = {};
    this.loadToken = token;
    this.loadedKey = key;
    const changes = this.changes;
    void this.answer(() => storage.load(key)).then((value) => {
      if (this.loadToken !== token || this.key !== key) return;
      this.loadToken = undefined;
      const stored = decodeStoredDrafts(value);
      if (stored) {
        this.apply(key, stored, this.changes !== changes);
        this.parts.restored(key);
      }
      // What was written while loading is saved now, over the record it was merged with.
      if (this.dirty) this.flush();
    });
  }

  /**
   * A record into the composer; the draft stays as it is when the person wrote while it loaded.
   * Drafts it left in flight join the stash as `unsent`, and the record is saved again without them.
   */
  private apply(key: string | undefined, record: StoredDrafts, keepDraft: boolean): void {
    const settled = key ? this.settledAway.get(key) : undefined;
    if (key) this.settledAway.delete(key);
    const stored = settled ? withSettled(record, settled, this.context) : record;
    const { stash, recall } = this.parts;
    stash.list.entries = stored.stashes;
    recall.drafts = stored.history;
    this.applying = true;
    try {
      if (!keepDraft)
        this.context.replaceDraft(
          { ...decodeDraft(stored.draft, this.context.host.commands), caret: 'end' },
          { origin: 'store' },
        );
      this.parts.restoreQueue(stored.queue ?? [], stored.queuePaused === true);
      // A send this page still waits for stays in flight; one the page that sent it left is unsent.
      const sentHere = key ? this.parts.inFlight(key) : [];
      const left = (stored.inFlight ?? []).filter((draft) => !sentHere.some((here) => isSameDraft(here, draft)));
      for (const draft of left) stash.keepUnsent(draft);
      if (left.length === 0 && !settled) return;
    } finally {
      this.applying = false;
    }
    this.dirty = true;
    this.changedAt = Date.now();
  }

  private storage(): DraftStorage | undefined {
    const custom = this.context.host.draftStorage;
    if (isDraftStorage(custom)) return custom;
    if (typeof indexedDB === 'undefined') return undefined;
    return (defaultStorage ??= indexedDbDraftStorage());
  }

  /**
   * Runs a store call. A throw, a rejection or no answer in time shows the not-saved notice (again,
   * if something took it away while the store still fails) and warns once per failing spell; the
   * first save that works again takes the notice away.
   */
  private async answer<T>(call: () => Promise<T>, { saving = false } = {}): Promise<T | undefined> {
    const { notices } = this.context;
    const notSaved = this.context.config.locale.draftNotSaved;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the draft store did not answer')), STORE_TIMEOUT_MS);
      });
      const result = await Promise.race([Promise.resolve().then(call), timeout]);
      if (saving && this.failing) {
        this.failing = false;
        notices.dismiss(notSaved);
      }
      return result;
    } catch (error) {
      if (!this.failing) {
        this.failing = true;
        console.warn('[t3-composer] the draft store failed', error);
      }
      if (notices.current !== notSaved) notices.show(notSaved, { lasting: true });
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A send made under a key that was not shown when it settled, and whether the host stored it. */
interface SettledAway {
  draft: ComposerDraft;
  stored: boolean;
}

/** A key's record with its sends that settled elsewhere: out of `inFlight`, into the history or the stash. */
function withSettled(record: StoredDrafts, settled: readonly SettledAway[], context: ComposerContext): StoredDrafts {
  const label = context.config.locale.maybeNotSent;
  const isSettled = (draft: ComposerDraft) => settled.some((entry) => isSameDraft(entry.draft, draft));
  const stored = settled.filter((entry) => entry.stored).map((entry) => entry.draft);
  const refused = settled.filter((entry) => !entry.stored).map((entry) => stashEntryOf(entry.draft, { label }));
  return {
    ...record,
    inFlight: (record.inFlight ?? []).filter((draft) => !isSettled(draft)),
    history: [...record.history, ...stored].slice(-historySizeOf(context.host.historySize)),
    stashes: [...refused.reverse(), ...record.stashes].slice(0, MAX_STASHES),
  };
}

function isDraftStorage(value: unknown): value is DraftStorage {
  const storage = value as Partial<DraftStorage> | null | undefined;
  return !!storage && typeof storage.load === 'function' && typeof storage.save === 'function';
}
