import { collectContextReferences, projectContextForProvider, resolveMessageContext } from '../src/core/index.js';
import type { AssistantMessage, UserMessage } from './api-types.js';

/**
 * The simulated assistant: instead of answering, it shows what a model would be sent for the user
 * message. A message with structured context, reference links or legacy blocks takes T3's record
 * path (the provider projection with its `<t3_context>` envelope); a message that only has a
 * prompt and input annotations takes Qwen's path, where the model reads the prompt alone. The
 * result is the whole reply; a streamed one is stored as it goes (see reply-stream.ts).
 */
export function simulateAssistantReply(message: UserMessage): AssistantMessage {
  const base = {
    id: `${message.id}_reply`,
    threadId: message.threadId,
    role: 'assistant' as const,
    createdAt: message.createdAt,
    context: null,
    prompt: null,
    attachments: [],
    replyTo: message.id,
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
  return resolved.records.length === 0 && collectContextReferences(resolved.text).length === 0;
}
