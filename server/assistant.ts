import {
  collectCitations,
  collectContextReferences,
  projectContextForProvider,
  resolveMessageContext,
} from '../src/core/index.js';
import type { InputAnnotation } from '../src/core/index.js';
import type { AssistantMessage, UserMessage } from './api-types.js';
import { replyIdOf } from './thread-tree.js';

/**
 * The simulated assistant: instead of answering, it shows what a model would be sent for the user
 * message. A message with structured context, reference links or legacy blocks takes T3's record
 * path (the provider projection with its `<t3_context>` envelope); a message that only has a
 * prompt and input annotations takes Qwen's path, where the model reads the prompt alone. The
 * result is the whole reply; a streamed one is stored as it goes (see reply-stream.ts).
 *
 * `interrupted`: the message whose reply this one cut short (it was sent as a steer while that
 * reply streamed). The reply then answers both: the model receives the interrupted message first,
 * then the new one.
 */
export function simulateAssistantReply(message: UserMessage, interrupted?: UserMessage | null): AssistantMessage {
  const own = replyToOne(message);
  return interrupted ? { ...own, ...answerBoth(replyToOne(interrupted), own) } : own;
}

export const STEERED_INTRO =
  'You sent a new message while the previous reply was being written, so that reply stopped there. ' +
  'This reply answers both: a model receives the interrupted message first, then the new one.';
export const INTERRUPTED_HEADING = '--- Interrupted message ---';
export const NEW_MESSAGE_HEADING = '--- New message ---';

/** Both messages' texts under their headings, annotations moved to where their text now starts. */
function answerBoth(
  earlier: AssistantMessage,
  own: AssistantMessage,
): Pick<AssistantMessage, 'text' | 'inputAnnotations'> {
  const before = `${STEERED_INTRO}\n\n${INTERRUPTED_HEADING}\n`;
  const between = `\n\n${NEW_MESSAGE_HEADING}\n`;
  const ownStart = before.length + earlier.text.length + between.length;
  return {
    text: before + earlier.text + between + own.text,
    inputAnnotations: [...shifted(earlier.inputAnnotations, before.length), ...shifted(own.inputAnnotations, ownStart)],
  };
}

const shifted = (annotations: readonly InputAnnotation[], by: number): InputAnnotation[] =>
  annotations.map((annotation) => ({ ...annotation, start: annotation.start + by, end: annotation.end + by }));

function replyToOne(message: UserMessage): AssistantMessage {
  const base = {
    id: replyIdOf(message.id),
    threadId: message.threadId,
    role: 'assistant' as const,
    createdAt: message.createdAt,
    context: null,
    prompt: null,
    attachments: [],
    replyTo: message.id,
    parentId: message.id,
    state: 'complete' as const,
    stopReason: null,
  };
  if (isAnnotationDriven(message)) {
    return {
      ...base,
      via: 'annotations',
      text: message.prompt ?? message.text,
      inputAnnotations: message.inputAnnotations,
    };
  }
  // Legacy messages (no context) are upgraded in memory first, exactly as a renderer would.
  const resolved = resolveMessageContext({ text: message.text, context: message.context });
  return { ...base, via: 'projection', text: projectContextForProvider(resolved), inputAnnotations: [] };
}

/** Records win when present: a composer submission carries both, and T3 hosts send the records. */
function isAnnotationDriven(message: UserMessage): boolean {
  if (message.context !== null) return false;
  if (message.prompt === null && message.inputAnnotations.length === 0) return false;
  const resolved = resolveMessageContext({ text: message.text, context: null });
  // A citation link is expanded on the record path only, as T3 Code's server does.
  return (
    resolved.records.length === 0 &&
    collectContextReferences(resolved.text).length === 0 &&
    collectCitations(resolved.text).length === 0
  );
}
