import type { InputAnnotation, MessageContext } from '../src/core/index.js';

export type ReplyState = 'streaming' | 'complete' | 'stopped';

/**
 * Why a reply stopped: the stop endpoint, the host going down, or a message sent as a steer while
 * it streamed (`steered`: the reply to that message answers both). `client-gone` is read in rows
 * of earlier versions, which stopped a reply when its page went away; none is written now.
 */
export type StopReason = 'stop-request' | 'client-gone' | 'host-restart' | 'steered';

/** How the client sent a message (the composer's `t3-submit` `delivery`); only `steer` changes what the host does. */
export type Delivery = 'new' | 'queued' | 'steer';

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
  /**
   * The message this one follows on its branch: for a user message the reply before it (null for
   * the first message of a thread), for a reply the message it answers. The host always sends it;
   * optional so that messages made up outside the host (benchmarks, fixtures) need not.
   */
  parentId?: string | null;
}

export interface UserMessage extends MessageFields {
  role: 'user';
  /**
   * Sent as a steer while this reply was streaming (it is the message's parent): that reply ended
   * there (`stopReason` `steered`), and this message's reply answers both. Null otherwise (the
   * host always sends it).
   */
  interruptedReplyId?: string | null;
}

/**
 * The simulated reply under a user message. `text` is the answer, Markdown prose about what the
 * assistant received (render it as Markdown); `modelInput` is plain text, exactly what a model
 * would receive: render it verbatim (e.g. in a `<pre>`), never as Markdown with chips.
 */
export interface AssistantMessage extends MessageFields {
  role: 'assistant';
  replyTo: string;
  /** What a model receives for the message, whole from the start (it does not stream). */
  modelInput: string;
  /**
   * `projection`: `modelInput` is `projectContextForProvider` of the user message (T3's record
   * path). `annotations`: `modelInput` is the prompt the model reads and `inputAnnotations` mark
   * its chips, which never reach the model (Qwen's annotation path).
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

/** The versions of a message: the messages with the same parent (its edits), oldest first, itself included. */
export interface MessageVersions {
  siblings: string[];
  /** Where this message is among `siblings`. */
  index: number;
}

export interface ThreadListing {
  threadId: string;
  /** The branch last chosen, oldest first; each user message is followed by its assistant reply. */
  messages: ThreadMessage[];
  /** For each message shown that has other versions, by its id; messages without any are left out. */
  versions: Record<string, MessageVersions>;
}

/** A thread as `GET /api/threads` lists it. */
export interface ThreadSummary {
  threadId: string;
  /** From its first message: chips as their labels, at most 60 characters. */
  title: string;
  /** When its newest message was stored (ISO 8601). */
  updatedAt: string;
}

/** `GET /api/threads`: every thread with messages, the one written to last first. */
export interface ThreadList {
  threads: ThreadSummary[];
}

/** `PUT /api/threads/:threadId/branch`: show the branch through this message (its newest end). */
export interface BranchChoice {
  messageId: string;
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

/** `POST /api/uploads`: the stored file, by the id a record's `attachmentId` names and the URL that serves it. */
export interface UploadedAttachment {
  attachmentId: string;
  url: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
}

/** `DELETE /api/threads/:threadId`: how many messages and attachments (uploads included) went with it. */
export interface DeletedThreadStatus {
  threadId: string;
  deleted: { messages: number; attachments: number };
}

export interface ApiError {
  error: string;
}
