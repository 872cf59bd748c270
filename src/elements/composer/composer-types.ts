import type { ContextRecord } from '../../core/index.js';
import type { ComposerDraft } from '../shared/composer-values.js';

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
  SendingChangeDetail,
  SubmitDetail,
  Delivery,
  StashChangeDetail,
  StopDetail,
  SubmittedAttachment,
} from '../shared/events.js';
export type { ComposerDraft };
export type { DraftAttachment, QueuedSubmission, StashEntry } from '../shared/composer-values.js';
export type { QueueEntryInit } from './sending/queued-submissions.js';
export type { QueueMode } from './sending/queue-mode.js';
export type { HistoryEntry } from './saved-drafts/history-entries.js';
export type { DraftStorage, StoredDrafts } from './saved-drafts/draft-storage.js';
