/**
 * `t3-composer/ai-sdk`: a submission as the AI SDK's `UIMessage` and back, and the projection of a
 * conversation for the model in a route handler. Imports only the core: no dependency on `ai` at
 * runtime (its types come from `ai`, an optional peer).
 */
export {
  T3_CONTEXT_PART,
  type T3CommandData,
  type T3ContextData,
  type T3DataParts,
  type T3Delivery,
  type T3UIMessage,
} from './data-part.js';
export { toUIMessage, type T3SubmissionInput, type T3UIMessageFile, type ToUIMessageOptions } from './to-ui-message.js';
export { fromUIMessage, type T3StoredMessage } from './from-ui-message.js';
export { projectUIMessages } from './project-ui-messages.js';
export type { ProjectionOptions } from '../core/entry.js';
