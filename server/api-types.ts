import type { InputAnnotation, MessageContext } from '../src/core/index.js';

export type ReplyState = 'streaming' | 'complete' | 'stopped';

/**
 * Why a reply stopped: the stop endpoint, or the host going down. `client-gone` is read in rows
 * of earlier versions, which stopped a reply when its page went away; none is written now.
 */
export type StopReason = 'stop-request' | 'client-gone' | 'host-restart';

/** The JSON shapes of the host API, as a demo page or a test reads them. */

export interface AttachmentMetadata {
  attachmentId: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
  /** `GET` this for the bytes (the asset URL a pasted chip resolves to). */
  url: string;
}

interface MessageFields {
  id: string;
  threadId: string;
  createdAt: string;
  text: string;
  context: MessageContext | null;
  prompt: string | null;
  inputAnnotations: InputAnnotation[];
  attachments: AttachmentMetadata[];
}

export interface UserMessage extends MessageFields {
  role: 'user';
}

/**
 * The simulated reply under a user message. `text` is plain text, exactly what a model would
 * receive: render it verbatim (e.g. in a `<pre>`), never as Markdown with chips.
 */
export interface AssistantMessage extends MessageFields {
  role: 'assistant';
  replyTo: string;
  /**
   * `projection`: `text` is `projectContextForProvider` of the user message (T3's record path).
   * `annotations`: `text` is the prompt the model reads and `inputAnnotations` mark its chips,
   * which never reach the model (Qwen's annotation path).
   */
  via: 'projection' | 'annotations';
  /**
   * `streaming`: `text` is what has arrived so far; `complete`: all of it; `stopped`: cut short
   * (`stopReason` says why), `text` is what was streamed before.
   */
  state: ReplyState;
  stopReason: StopReason | null;
}

export type ThreadMessage = UserMessage | AssistantMessage;

export interface ThreadListing {
  threadId: string;
  /** Oldest first; each user message is followed by its assistant reply. */
  messages: ThreadMessage[];
}

export interface DroppedRecord {
  index: number;
  error: string;
}

export interface CreatedMessage {
  message: UserMessage;
  reply: AssistantMessage;
  /** Context records the decoder left out, with their index in the submitted `context.records`. */
  dropped: DroppedRecord[];
  /** How many submitted input annotations were left out by sanitising. */
  droppedAnnotations: number;
}

/** `GET /api/replies/:replyId`, and `POST /api/replies/:replyId/stop` (`stopped`: this request stopped it). */
export interface ReplyStatus {
  reply: AssistantMessage;
  stopped?: boolean;
}

/**
 * The events of a streamed reply (`POST …/messages` with `Accept: text/event-stream`), in order:
 * one `created`, any number of `delta` (the next piece of the reply's text), one `end`.
 */
export interface ReplyStreamEvents {
  created: CreatedMessage;
  delta: { replyId: string; text: string };
  end: { reply: AssistantMessage };
}

export interface ApiError {
  error: string;
}
