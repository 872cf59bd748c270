import {
  decodeMessageContext,
  type InputAnnotation,
  type MessageContext,
  sanitizeInputAnnotations,
} from '../core/entry.js';
import { contextData, messageText, partsOf } from './data-part.js';

/** A stored message as `<t3-user-message>` takes it. */
export interface T3StoredMessage {
  /** The message's text parts, joined by a blank line: the canonical text with its `t3-context` links. */
  text: string;
  /**
   * The decoded records: a record that does not decode drops alone; with no data part, or one whose
   * context does not decode as a whole, `records` is empty, so the text shows as written.
   */
  context: MessageContext;
  /** The model-facing prompt the annotations index into; present with `inputAnnotations`. */
  prompt?: string;
  /**
   * The prompt's valid annotations, for an annotation-driven rendering (`content` = `prompt`); left
   * out when none is valid.
   */
  inputAnnotations?: InputAnnotation[];
}

/**
 * Reads a stored `UIMessage` back for `<t3-user-message>` (`text` and `context`). Everything is
 * validated with the core's decoders, so a forged record or annotation drops alone, and a missing
 * or invalid `data-t3-context` part leaves the text as plain text. Never throws.
 */
export function fromUIMessage(message: unknown): T3StoredMessage {
  try {
    return readMessage(message);
  } catch {
    // Only an exotic object (a throwing getter or proxy) gets here; JSON never does.
    return { text: '', context: { version: 1, records: [] } };
  }
}

function readMessage(message: unknown): T3StoredMessage {
  const parts = partsOf(message);
  const data = contextData(parts);
  const decoded = data === undefined ? undefined : decodeMessageContext(data.context);
  const stored: T3StoredMessage = {
    text: messageText(parts),
    context: decoded?.ok ? decoded.context : { version: 1, records: [] },
  };
  if (typeof data?.prompt === 'string') {
    const annotations = sanitizeInputAnnotations(data.prompt, data.inputAnnotations);
    if (annotations.length > 0) {
      stored.prompt = data.prompt;
      stored.inputAnnotations = annotations;
    }
  }
  return stored;
}
