import {
  collectCitations,
  collectContextReferences,
  projectContextForProvider,
  resolveMessageContext,
} from '../src/core/index.js';
import type { ContextRecord, InputAnnotation } from '../src/core/index.js';
import type { AssistantMessage, UserMessage } from './api-types.js';
import { replyProse } from './reply-prose.js';
import { replyIdOf } from './thread-tree.js';

/**
 * The simulated assistant: it answers in Markdown prose about what it received (`text`,
 * reply-prose.ts) and keeps what a model would be sent beside it (`modelInput`). A message with
 * structured context, reference links or legacy blocks takes T3's record path (the provider
 * projection with its `<t3_context>` envelope); a message that only has a prompt and input
 * annotations takes Qwen's path, where the model reads the prompt alone. The result is the whole
 * reply; a streamed one is stored as it goes (see reply-stream.ts).
 *
 * `interrupted`: the message whose reply this one cut short (it was sent as a steer while that
 * reply streamed). The reply then answers both: the model receives the interrupted message first,
 * then the new one.
 */
export function simulateAssistantReply(message: UserMessage, interrupted?: UserMessage | null): AssistantMessage {
  const own = replyToOne(message);
  return interrupted ? { ...own, ...answerBoth(replyToOne(interrupted), own) } : own;
}

export const STEERED_PROSE_INTRO =
  'Your new message arrived while I was still answering the one before, so that answer stopped there. ' +
  'Here I answer both.';
export const INTERRUPTED_PROSE_HEADING = '## Your earlier message';
export const NEW_PROSE_HEADING = '## Your new message';

export const STEERED_INTRO =
  'You sent a new message while the previous reply was being written, so that reply stopped there. ' +
  'This reply answers both: a model receives the interrupted message first, then the new one.';
export const INTERRUPTED_HEADING = '--- Interrupted message ---';
export const NEW_MESSAGE_HEADING = '--- New message ---';

/**
 * Both messages under their headings: the prose, and what the model receives, annotations moved to
 * where their text now starts.
 */
function answerBoth(
  earlier: AssistantMessage,
  own: AssistantMessage,
): Pick<AssistantMessage, 'text' | 'modelInput' | 'inputAnnotations'> {
  const before = `${STEERED_INTRO}\n\n${INTERRUPTED_HEADING}\n`;
  const between = `\n\n${NEW_MESSAGE_HEADING}\n`;
  const ownStart = before.length + earlier.modelInput.length + between.length;
  return {
    text: [STEERED_PROSE_INTRO, INTERRUPTED_PROSE_HEADING, earlier.text, NEW_PROSE_HEADING, own.text].join('\n\n'),
    modelInput: before + earlier.modelInput + between + own.modelInput,
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
  const attachmentNames = message.attachments.map(({ name }) => name);
  if (isAnnotationDriven(message)) {
    const records = message.inputAnnotations.flatMap(recordOfAnnotation);
    const named = new Set(records.map((record) => record.label));
    return {
      ...base,
      via: 'annotations',
      text: replyProse(
        { text: message.text, records },
        attachmentNames.filter((name) => !named.has(name)),
      ),
      modelInput: message.prompt ?? message.text,
      inputAnnotations: message.inputAnnotations,
    };
  }
  // Legacy messages (no context) are upgraded in memory first, exactly as a renderer would.
  const resolved = resolveMessageContext({ text: message.text, context: message.context });
  const named = new Set(resolved.records.flatMap((record) => ('name' in record ? [record.name] : [])));
  return {
    ...base,
    via: 'projection',
    text: replyProse(
      resolved,
      attachmentNames.filter((name) => !named.has(name)),
    ),
    modelInput: projectContextForProvider(resolved),
    inputAnnotations: [],
  };
}

/** A reference annotation read as the record it stands for, as far as its payload tells. */
function recordOfAnnotation(annotation: InputAnnotation): ContextRecord[] {
  if (annotation.type !== 'reference') return [];
  const { id, kind, label, value } = annotation.reference;
  const record = { version: 1, contextId: id, kind: kind ?? 'reference', label: label ?? value ?? annotation.text };
  return [record as ContextRecord];
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
