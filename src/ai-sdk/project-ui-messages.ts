import { decodeMessageContext, projectContextForProvider, type ProjectionOptions } from '../core/entry.js';
import { contextData, isContextPart, isObject, isTextPart, messageText, partsOf } from './data-part.js';

/**
 * The messages a route handler gives `convertToModelMessages`: in each user message, the text
 * parts become one text part (where the first one was) holding `projectContextForProvider`'s
 * output for the text and the records of its `data-t3-context` part, decoded as untrusted input
 * (an invalid record drops alone, an invalid context counts as none), and the `data-t3-context`
 * parts are removed. The prose is escaped as the projection's `escapeProse` says (by default it is,
 * so text pasted into a message never stands as an envelope entry), also in user messages without
 * the part. Other messages, and anything that is not a message with a `parts` array, pass
 * unchanged; the input is not modified.
 */
export function projectUIMessages<MESSAGE>(messages: readonly MESSAGE[], options: ProjectionOptions = {}): MESSAGE[] {
  if (!Array.isArray(messages)) return [];
  return messages.map((message) => projectMessage(message, options));
}

function projectMessage<MESSAGE>(message: MESSAGE, options: ProjectionOptions): MESSAGE {
  if (!isObject(message) || message.role !== 'user' || !Array.isArray(message.parts)) return message;
  const parts = partsOf(message);
  const data = contextData(parts);
  const decoded = data === undefined ? undefined : decodeMessageContext(data.context);
  const records = decoded?.ok ? decoded.context.records : [];
  const hasText = parts.some(isTextPart);
  const projected = hasText ? projectContextForProvider({ text: messageText(parts), records }, options) : '';

  const kept: unknown[] = [];
  let placed = false;
  for (const part of parts) {
    if (isContextPart(part)) continue;
    if (isTextPart(part)) {
      if (!placed) kept.push({ ...part, text: projected });
      placed = true;
      continue;
    }
    kept.push(part);
  }
  return { ...message, parts: kept } as MESSAGE;
}
