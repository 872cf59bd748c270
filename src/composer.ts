/** The `<t3-composer>` class and its types; no registration happens here (import `t3-composer/define`). */
export {
  type AttachmentRemoveDetail,
  type ComposerDraft,
  type DraftRestoreDetail,
  type DraftStorage,
  type StoredDrafts,
  type HistoryEntry,
  type StashChangeDetail,
  type StopDetail,
  type QueueChangeDetail,
  type SendingChangeDetail,
  type Delivery,
  type QueuedSubmission,
  type QueueEntryInit,
  type QueueMode,
  type StashEntry,
  type ComposerSubmitDetail,
  type ComposerValue,
  type InsertContextOptions,
  type InsertContextResult,
  type InsertCitationOptions,
  type InsertCitationResult,
  T3Composer,
} from './elements/composer/composer.js';
export { ComposerProperties } from './elements/composer/composer-properties.js';
export type { DraftAttachment, SubmittedAttachment } from './elements/shared/draft-values.js';
export type { MentionItem, MentionProvider, MentionTag } from './elements/composer/menu/providers.js';
