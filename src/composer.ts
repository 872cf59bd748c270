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
export type { DraftAttachment, SubmittedAttachment } from './elements/shared/composer-values.js';
export type { MentionItem, MentionProvider, MentionTag } from './elements/composer/menu/providers.js';
export type { DropResolver } from './elements/composer/drops/drop-resolver.js';
export type { DictationChangeDetail } from './elements/shared/events.js';
export {
  isWebSpeechAvailable,
  webSpeechRecognizer,
  type WebSpeechOptions,
} from './elements/composer/dictation/web-speech.js';
export {
  SpeechRecognizerError,
  type SpeechRecognizerAdapter,
  type SpeechRecognizerErrorCode,
  type SpeechRecognizerStartOptions,
  type SpeechResult,
} from './elements/composer/dictation/speech-recognizer.js';
export type { SendKey } from './elements/composer/editor/keys/send-key.js';
