import type { ComposerDraft, DraftAttachment, QueuedSubmission, StashEntry } from '../../shared/composer-values.js';

/** What is stored of a queued follow-up: its draft; the submission is computed again when restored. */
export type StoredQueueEntry = Pick<QueuedSubmission, 'id' | 'createdAt' | 'draft'>;

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
  /** The queue waits for Resume (after Stop, or a refused send): a reload must not send it. */
  queuePaused?: boolean;
  /** Drafts sent but not yet known to have arrived (`waitUntil`): restored as `unsent` stash entries. */
  inFlight?: ComposerDraft[];
}

/** Where drafts are kept; every method answers with a promise. The default is IndexedDB. */
export interface DraftStorage {
  load(key: string): Promise<StoredDrafts | undefined | null>;
  save(key: string, stored: StoredDrafts): Promise<void>;
  remove(key: string): Promise<void>;
}

/** The bytes a stored record may hold in files, per key. */
export const STORED_BYTES_MAX = 50 * 1024 * 1024;

/**
 * The record to store, its files kept while they fit in `budget` bytes (the draft's first, then
 * the stash's, then the history's); the others are stored without bytes, so their chips come back
 * unresolved. A file uploaded already (`uploaded`, the host keeps it) with a url is stored by its ids
 * and url alone, with an empty file of its name and type: it costs nothing and comes back as the host's.
 * Tells whether a file of the draft itself had to be left out.
 */
export function fitToBudget(
  stored: StoredDrafts,
  budget = STORED_BYTES_MAX,
): { stored: StoredDrafts; draftTrimmed: boolean } {
  let left = budget;
  let draftTrimmed = false;
  const fit = (draft: ComposerDraft, isDraft: boolean): ComposerDraft => {
    let changed = false;
    const attachments = draft.attachments.flatMap((attachment) => {
      // Without a url nothing could show it again (a pasted file the host had already): its bytes stay.
      const kept = attachment.uploaded && attachment.url ? withoutBytes(attachment) : attachment;
      changed ||= kept !== attachment;
      if (kept.file.size <= left) {
        left -= kept.file.size;
        return [kept];
      }
      changed = true;
      if (isDraft) draftTrimmed = true;
      return [];
    });
    return changed ? { ...draft, attachments } : draft;
  };
  const draft = fit(stored.draft, true);
  // Messages being sent and queued follow-ups come right after the draft.
  const inFlight = (stored.inFlight ?? []).map((entry) => fit(entry, false));
  const queue = (stored.queue ?? []).map((entry) => ({ ...entry, draft: fit(entry.draft, false) }));
  const stashes = stored.stashes.map((entry) => ({ ...entry, draft: fit(entry.draft, false) }));
  const history = [...stored.history]
    .reverse()
    .map((entry) => fit(entry, false))
    .reverse();
  return { stored: { ...stored, draft, stashes, history, queue, inFlight }, draftTrimmed };
}

/** An uploaded file as stored: no bytes, its name, type and date kept. */
function withoutBytes(attachment: DraftAttachment): DraftAttachment {
  const { file } = attachment;
  if (file.size === 0) return attachment;
  return { ...attachment, file: new File([], file.name, { type: file.type, lastModified: file.lastModified }) };
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
    queuePaused: stored.queuePaused === true,
    inFlight: Array.isArray(stored.inFlight) ? stored.inFlight.filter(isDraft) : [],
  };
}

/**
 * Whether two drafts are the same one, one of them perhaps read back from a store (a copy), or
 * saved before its files finished uploading (their context ids stay; their attachment ids become the host's).
 */
export function isSameDraft(a: ComposerDraft, b: ComposerDraft): boolean {
  return (
    a === b ||
    (a.text === b.text &&
      a.attachments.length === b.attachments.length &&
      a.attachments.every((attachment, index) => attachment.contextId === b.attachments[index]?.contextId))
  );
}
