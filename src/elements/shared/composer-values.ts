/**
 * The values the composer's events and properties carry: a draft, its files, a stash entry, a
 * queued follow-up. Plain data, structured-cloneable; they sit below every element so that the
 * event map (`events.ts`) can name them without importing an element.
 */
import type { ContextRecord, Submission } from '../../core/index.js';

/**
 * What a chip shows of a text file without reading its bytes: how many lines it has and its
 * first few. Computed once, when the text becomes a file (a long paste).
 */
export interface TextPreview {
  lineCount: number;
  firstLines: string[];
}

/** A file the draft carries: pasted, dropped, attached or re-fetched for a pasted chip. */
export interface DraftAttachment {
  contextId: string;
  attachmentId: string;
  kind: 'image' | 'file';
  file: File;
  /** For a long paste turned into a text file: its line count and first lines, shown in the chip's details. */
  preview?: TextPreview;
  /**
   * Uploaded by the composer's `uploadAttachment`: `attachmentId` is then the id the host answered
   * (its record's too), and `url` where the host serves it, if it said. A draft read back from the
   * store holds no bytes for it: its `file` is empty, with the file's name and type.
   */
  uploaded?: true;
  url?: string;
}

/** The whole draft as a value: structured-cloneable, so it can be stored, stashed and recalled. */
export interface ComposerDraft {
  text: string;
  records: ContextRecord[];
  /** Every image on the shelf and every file a chip refers to. */
  attachments: DraftAttachment[];
  /** The picked slash command, while the text still starts with it, and where its argument slots stand. */
  command?: { name: string; subcommandPath?: string[]; slots?: DraftSlot[] };
}

/** One argument slot of a draft's command: the argument's name and the range of the text holding its value. */
export interface DraftSlot {
  name: string;
  from: number;
  to: number;
}

/** What `t3-submit` carries for each file. */
export interface SubmittedAttachment {
  contextId: string;
  attachmentId: string;
  file: File;
  kind: 'image' | 'file';
  /**
   * Uploaded already by the composer's `uploadAttachment`: `attachmentId` (its record's too) is the
   * host's, `url` where it serves it if it said. Its `file` is empty when the draft came back from
   * the store after a reload (the bytes are the host's).
   */
  uploaded?: true;
  url?: string;
}

/** Everything a host may send for a draft: the submission and the files it refers to. */
export type DraftSubmission = Submission & { attachments: SubmittedAttachment[] };

/** One stashed draft: set aside with `stash()`, taken back with `restoreStash(id)`. */
export interface StashEntry {
  id: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** The draft's visible text, chips as their labels, on one line and shortened. */
  preview: string;
  draft: ComposerDraft;
  /** Sent while the page went away (or refused where it could not go back): it may not have reached the host. */
  unsent?: true;
}

/** One follow-up written while the composer was busy, waiting to be sent. */
export interface QueuedSubmission {
  id: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** The draft's visible text, chips as their labels, on one line and shortened. */
  preview: string;
  /** What `t3-submit` carries when it goes out, computed when it was queued. */
  submission: DraftSubmission;
  /** The draft it was written as, for Edit. */
  draft: ComposerDraft;
}
