import type { ContextRecord } from '../../core/index.js';
import type { ComposerDraft } from './editor/draft.js';

/** The draft's text and the records its chips refer to. */
export interface ComposerValue {
  text: string;
  records: ContextRecord[];
}

export type InsertContextResult = { ok: true; contextId: string } | { ok: false; error: string };

export interface InsertContextOptions {
  label?: string;
  /** `caret` (default): at the caret, or where it was before focus left; `end`: appended. */
  at?: 'caret' | 'end';
}

export type {
  AttachmentRemoveDetail,
  ComposerSubmitDetail,
  DraftRestoreDetail,
  QueueChangeDetail,
  StashChangeDetail,
  StopDetail,
  SubmittedAttachment,
} from '../shared/events.js';
export type { ComposerDraft };
export type { StashEntry } from './draft-stash.js';
export type { QueueEntryInit, QueuedSubmission } from './queued-submissions.js';
export type { QueueMode } from './submit-controller.js';
export type { HistoryEntry } from './history-entries.js';
export type { DraftStorage, StoredDrafts } from './draft-storage.js';
