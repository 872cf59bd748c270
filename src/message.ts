/**
 * The message elements: `<t3-context-chip>`, `<t3-user-message>` and `<t3-context-scope>`, with
 * their types. No registration happens here (import `t3-composer/define-message` for that), and
 * nothing reachable from this entry loads the editor.
 */
export { T3ContextChip, type ChipView } from './elements/context-chip/context-chip.js';
export type { TextPreview } from './elements/shared/composer-values.js';
export { T3UserMessage, type UserMessageContentRenderer } from './elements/user-message/user-message.js';
export type { MessageFile, MessageImage, UserMessageRenderInfo } from './elements/user-message/message-model.js';
export { T3ContextScope } from './elements/context-scope/context-scope.js';
export { ConfigurableElement } from './elements/shared/configurable-element.js';
export {
  type AssetResolver,
  mergeConfig,
  type ResolvedConfig,
  type T3Config,
  t3ConfigContext,
} from './elements/shared/config.js';
export { DEFAULT_LOCALE, type T3Locale } from './elements/shared/locale.js';
export type {
  ContextPresentation,
  DetailsLevel,
  ExpandedLevel,
  PresentationMap,
} from './elements/shared/presentations.js';
export type {
  ChipActivateDetail,
  ChipPlacement,
  ChipRemoveDetail,
  UploadRetryDetail,
  CitationActivateDetail,
  CitationCommentDetail,
  EditDetail,
  EditOriginal,
  T3EventDetails,
  T3EventName,
  T3Events,
} from './elements/shared/events.js';
