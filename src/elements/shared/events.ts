/**
 * The one source of the package's custom events: their names, what each carries, the
 * `HTMLElementEventMap` entries and the only way elements dispatch them. Framework wrappers
 * (`src/react/`) read the names and detail types from here.
 */
import type {
  Citation,
  ContextRecord,
  InputAnnotation,
  InputReferencePayload,
  MessageContext,
} from '../../core/index.js';
import type { ComposerDraft, DraftSubmission, QueuedSubmission, StashEntry } from './composer-values.js';

export type { SubmittedAttachment } from './composer-values.js';

export type ChipPlacement = 'composer' | 'message';

/** Every custom event the elements fire, by name, with the detail it carries. */
export interface T3EventDetails {
  /** A chip was clicked, or Enter or Space was pressed on it. */
  't3-chip-activate': {
    kind: string;
    contextId: string;
    label: string;
    record?: ContextRecord;
    reference?: InputReferencePayload;
    placement: ChipPlacement;
  };
  /** A chip's remove button was used; cancelable. */
  't3-chip-remove': { kind: string; contextId: string };
  /** Retry was used on a chip whose file failed to upload (in the composer, which uploads it again). */
  't3-upload-retry': { kind: string; contextId: string };
  /**
   * The composer's draft was submitted; cancelable, the draft clears unless cancelled. `delivery`
   * says how it goes out: `new` (the composer was idle), `queued` (a follow-up that waited in the
   * queue, with `queued: true` too) or `steer` (into the running turn). `waitUntil(promise)`, called
   * while the event is dispatched, keeps the draft until the promise settles: back in the composer
   * if it rejects.
   */
  't3-submit': SubmitDetail;
  /** The composer started or stopped waiting for a submission's `waitUntil` promise. */
  't3-sending-change': { sending: boolean };
  /** A file or image left the composer's draft. */
  't3-attachment-remove': { contextId: string; attachmentId: string; kind: 'image' | 'file' };
  /** The composer's stash changed (an entry stashed, restored or dropped). */
  't3-stash-change': { stashes: StashEntry[] };
  /** The composer restored a stored draft (after connecting or a `draft-key` change). */
  't3-draft-restore': { key: string; draft: ComposerDraft };
  /** The stop button was pressed, or Escape in the editor, while the composer was busy. */
  't3-stop': Record<string, never>;
  /** The composer's queue of follow-ups changed (one queued, edited, removed or sent). */
  't3-queue-change': { queue: QueuedSubmission[] };
  /** The composer's dictation started (`active: true`) or ended. */
  't3-dictation-change': { active: boolean };
  /**
   * A sent message was edited and saved; cancelable (the edit stays open). `submission` is what
   * `t3-submit` would carry for the edited draft (new files in `attachments`, kept ones as records);
   * `original` is the message's input as it was set. `waitUntil(promise)`, called while the event is
   * dispatched, keeps the editor open until the promise settles: it ends if it fulfils, and stays
   * with the edited draft and a notice if it rejects.
   */
  't3-edit': { submission: DraftSubmission; original: EditOriginal; waitUntil(promise: PromiseLike<unknown>): void };
  /**
   * A citation chip in a message was clicked, or Enter or Space pressed on it; cancelable. The host
   * finds the quoted passage (`findCitation`) and shows it (`highlightCitation`).
   */
  't3-citation-activate': { citation: Citation };
  /**
   * A citation chip in the composer was given a new comment (`citation` is the chip's citation as
   * it was); the composer rewrites its link in one undo step unless the event is cancelled.
   */
  't3-citation-comment': { citation: Citation; comment: string };
}

/** A message's input before an edit, as its properties held it: record-driven or annotation-driven. */
export type EditOriginal =
  | { text: string; context?: MessageContext | null }
  | { content: string; inputAnnotations?: readonly InputAnnotation[]; context?: MessageContext | null };

/** How a submission goes out. */
export type Delivery = 'new' | 'queued' | 'steer';

export type SubmitDetail = DraftSubmission & {
  delivery: Delivery;
  queued?: boolean;
  /** Keeps the submitted draft until `promise` settles; only during the dispatch, and not on a cancelled event. */
  waitUntil(promise: PromiseLike<unknown>): void;
};

export type T3EventName = keyof T3EventDetails;

/** The event object dispatched for each name. */
export type T3Events = { [Name in T3EventName]: CustomEvent<T3EventDetails[Name]> };

export type ChipActivateDetail = T3EventDetails['t3-chip-activate'];
export type ChipRemoveDetail = T3EventDetails['t3-chip-remove'];
export type UploadRetryDetail = T3EventDetails['t3-upload-retry'];
export type ComposerSubmitDetail = T3EventDetails['t3-submit'];
export type AttachmentRemoveDetail = T3EventDetails['t3-attachment-remove'];
export type StashChangeDetail = T3EventDetails['t3-stash-change'];
export type DraftRestoreDetail = T3EventDetails['t3-draft-restore'];
export type StopDetail = T3EventDetails['t3-stop'];
export type QueueChangeDetail = T3EventDetails['t3-queue-change'];
export type SendingChangeDetail = T3EventDetails['t3-sending-change'];
export type DictationChangeDetail = T3EventDetails['t3-dictation-change'];
export type EditDetail = T3EventDetails['t3-edit'];
export type CitationActivateDetail = T3EventDetails['t3-citation-activate'];
export type CitationCommentDetail = T3EventDetails['t3-citation-comment'];

/** One of the package's events, bubbling out of shadow roots. */
export function createEvent<Name extends T3EventName>(
  name: Name,
  detail: T3EventDetails[Name],
  options: { cancelable?: boolean } = {},
): CustomEvent<T3EventDetails[Name]> {
  return new CustomEvent(name, { detail, bubbles: true, composed: true, ...options });
}

/** Dispatches one of the package's events; returns false when it was cancelled. */
export function emit<Name extends T3EventName>(
  target: EventTarget,
  name: Name,
  detail: T3EventDetails[Name],
  options: { cancelable?: boolean } = {},
): boolean {
  return target.dispatchEvent(createEvent(name, detail, options));
}

declare global {
  // An interface merge is the only way to extend the DOM's map, and it needs no members of its own.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends T3Events {}
}
