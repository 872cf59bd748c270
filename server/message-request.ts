import {
  decodeMessageContext,
  isContextId,
  sanitizeInputAnnotations,
  type DroppedContextRecord,
  type InputAnnotation,
  type MessageContext,
} from '../src/core/index.js';
import type { Delivery } from './api-types.js';
import { HttpError } from './http-io.js';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENT_MIME_CHARS,
  MAX_ATTACHMENT_NAME_CHARS,
  MAX_ATTACHMENTS_PER_MESSAGE,
  MAX_TEXT_CHARS,
} from './limits.js';

/**
 * Validation and normalisation of a `POST /api/threads/:id/messages` body, without I/O. Shape
 * errors throw a 400 naming the field; context records that do not decode and annotations that
 * do not sanitise are dropped and counted instead, as the wire contract asks.
 */

export interface UploadedAttachment {
  /** The client's id, as its context records name it. */
  clientId: string;
  name: string;
  mimeType: string;
  data: Buffer;
}

export interface MessageDraft {
  text: string;
  prompt: string | null;
  /** `null` for a message without structured context (a legacy client's). */
  context: MessageContext | null;
  dropped: DroppedContextRecord[];
  inputAnnotations: InputAnnotation[];
  /** How many submitted annotations were left out (invalid, overlapping, or beyond 256). */
  droppedAnnotations: number;
  uploads: UploadedAttachment[];
  /**
   * The reply the message follows: absent, the end of the branch shown; null, none (the message
   * starts the thread again, as an edit of its first message does). The caller checks it names a
   * reply of the thread.
   */
  parentId?: string | null;
  /** How the client sent it; `steer` ends the reply streaming before it, and the new reply answers both. */
  delivery?: Delivery;
}

const DELIVERIES: readonly Delivery[] = ['new', 'queued', 'steer'];
/** Ids this host gives out (`msg_…`, `msg_…_reply`); a longer or stranger value names nothing. */
const MESSAGE_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export function parseMessageRequest(body: unknown): MessageDraft {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'request body must be a JSON object');
  }
  const fields = body as Record<string, unknown>;
  const text = readText(fields.text, 'text', true) ?? '';
  const prompt = readText(fields.prompt, 'prompt', false);
  const { context, dropped } = readContext(fields.context);
  const rawAnnotations = readOptionalArray(fields.inputAnnotations, 'inputAnnotations');
  // Annotations are offsets into what the model reads: the prompt, or the text when there is none.
  const inputAnnotations = sanitizeInputAnnotations(prompt ?? text, rawAnnotations);
  const uploads = readUploads(readOptionalArray(fields.attachments, 'attachments'));

  const isEmpty =
    text.trim() === '' && (prompt ?? '').trim() === '' && uploads.length === 0 && (context?.records.length ?? 0) === 0;
  if (isEmpty) throw new HttpError(400, 'message is empty: send text, a prompt, context records or attachments');

  return {
    text,
    prompt,
    context,
    dropped,
    inputAnnotations,
    droppedAnnotations: rawAnnotations.length - inputAnnotations.length,
    uploads,
    ...(fields.parentId !== undefined && { parentId: readParentId(fields.parentId) }),
    delivery: readDelivery(fields.delivery),
  };
}

function readParentId(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string' || !MESSAGE_ID_PATTERN.test(value)) {
    throw new HttpError(400, 'parentId must be the id of a reply in this thread, or null');
  }
  return value;
}

function readDelivery(value: unknown): Delivery {
  if (value === undefined || value === null) return 'new';
  if (!DELIVERIES.includes(value as Delivery)) {
    throw new HttpError(400, `delivery must be one of ${DELIVERIES.join(', ')}`);
  }
  return value as Delivery;
}

/** `{messageId}` of `PUT /api/threads/:threadId/branch`. */
export function parseBranchChoice(body: unknown): string {
  const messageId = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).messageId : undefined;
  if (typeof messageId !== 'string' || !MESSAGE_ID_PATTERN.test(messageId)) {
    throw new HttpError(400, 'messageId must be the id of a message in this thread');
  }
  return messageId;
}

function readText(value: unknown, field: string, required: boolean): string | null {
  if (value === undefined || value === null) {
    if (required) throw new HttpError(400, `${field} is required and must be a string`);
    return null;
  }
  if (typeof value !== 'string') throw new HttpError(400, `${field} must be a string`);
  if (value.length > MAX_TEXT_CHARS) throw new HttpError(400, `${field} must be at most ${MAX_TEXT_CHARS} chars`);
  return value;
}

function readContext(value: unknown): { context: MessageContext | null; dropped: DroppedContextRecord[] } {
  if (value === undefined || value === null) return { context: null, dropped: [] };
  const decoded = decodeMessageContext(value);
  if (!decoded.ok) throw new HttpError(400, `context rejected: ${decoded.error}`);
  return { context: decoded.context, dropped: decoded.dropped };
}

function readOptionalArray(value: unknown, field: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new HttpError(400, `${field} must be an array`);
  return value;
}

function readUploads(values: readonly unknown[]): UploadedAttachment[] {
  if (values.length > MAX_ATTACHMENTS_PER_MESSAGE) {
    throw new HttpError(400, `attachments must have at most ${MAX_ATTACHMENTS_PER_MESSAGE} entries`);
  }
  const seen = new Set<string>();
  return values.map((value, index) => {
    const upload = readUpload(value, `attachments[${index}]`);
    if (seen.has(upload.clientId)) {
      throw new HttpError(
        400,
        `attachments[${index}].attachmentId duplicates an earlier attachment ("${upload.clientId}")`,
      );
    }
    seen.add(upload.clientId);
    return upload;
  });
}

function readUpload(value: unknown, path: string): UploadedAttachment {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, `${path} must be an object`);
  }
  const fields = value as Record<string, unknown>;
  const clientId = typeof fields.attachmentId === 'string' ? fields.attachmentId.trim() : undefined;
  if (!isContextId(clientId)) {
    throw new HttpError(400, `${path}.attachmentId must be 1-128 letters, digits, _ or -`);
  }
  const name = typeof fields.name === 'string' ? fields.name.trim() : '';
  if (name === '' || name.length > MAX_ATTACHMENT_NAME_CHARS) {
    throw new HttpError(400, `${path}.name must be a non-empty string of at most ${MAX_ATTACHMENT_NAME_CHARS} chars`);
  }
  return {
    clientId,
    name,
    mimeType: readMimeType(fields.mimeType, `${path}.mimeType`),
    data: decodeBase64(fields.dataBase64, `${path}.dataBase64`),
  };
}

/** `type/subtype` tokens (RFC 9110); parameters are dropped, case is folded. */
const MIME_TYPE_PATTERN = /^[a-z0-9!#$%&'*+.^_`|~-]+\/[a-z0-9!#$%&'*+.^_`|~-]+$/;

function readMimeType(value: unknown, path: string): string {
  const essence = typeof value === 'string' ? value.split(';')[0]!.trim().toLowerCase() : '';
  if (!MIME_TYPE_PATTERN.test(essence) || essence.length > MAX_ATTACHMENT_MIME_CHARS) {
    throw new HttpError(
      400,
      `${path} must be a MIME type such as image/png (at most ${MAX_ATTACHMENT_MIME_CHARS} chars)`,
    );
  }
  return essence;
}

/** Canonical padded base64; Node's decoder alone would silently skip invalid characters. */
const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeBase64(value: unknown, path: string): Buffer {
  if (typeof value !== 'string') throw new HttpError(400, `${path} must be a base64 string`);
  if (value.length % 4 !== 0 || !BASE64_PATTERN.test(value)) {
    throw new HttpError(400, `${path} is not valid base64`);
  }
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  const size = (value.length / 4) * 3 - padding;
  if (size > MAX_ATTACHMENT_BYTES) {
    throw new HttpError(413, `${path} decodes to ${size} bytes; at most ${MAX_ATTACHMENT_BYTES} are allowed`);
  }
  return Buffer.from(value, 'base64');
}
