import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UploadedAttachment } from './api-types.js';
import { BASE_HEADERS, HttpError, readBody, sendJson } from './http-io.js';
import { MAX_ATTACHMENT_MIME_CHARS, MAX_ATTACHMENT_NAME_CHARS, MAX_UPLOAD_BYTES, THREAD_ID_PATTERN } from './limits.js';
import type { Store, StoredAttachment } from './store.js';

/**
 * Uploads that start on attach (the composer's `uploadAttachment`): `POST /api/uploads` takes one
 * file as the raw request body, its type as `Content-Type` and its name, percent-encoded, as
 * `X-Upload-Name` (a header no form can send, so another site cannot upload without a preflight,
 * which the host does not answer); `?threadId=` ties it to the thread it is for, so it is deleted
 * with that thread. It answers the id a record can carry and the URL that serves it. A message
 * whose image or file record names that id links it, as any attachment stored before.
 */

export const UPLOAD_NAME_HEADER = 'x-upload-name';

/** `type/subtype` as RFC 6838 spells them, lower case; only a `charset` parameter is kept. */
const MIME_ESSENCE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
const CHARSET = /^charset=("?)([a-z0-9][a-z0-9!#$%&'+.^_`{|}~-]*)\1$/i;

/** Types a browser may show in place when the URL is opened; anything else is downloaded. */
const SHOWN_INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'text/plain']);

// eslint-disable-next-line no-control-regex -- control characters are what a file name must not carry
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

function newUploadId(): string {
  return `att_${randomBytes(12).toString('hex')}`;
}

export function uploadUrl(attachmentId: string): string {
  return `/api/uploads/${encodeURIComponent(attachmentId)}`;
}

/** The stored type of an upload: its `Content-Type` checked, `application/octet-stream` without one. */
export function uploadType(header: string | undefined): string {
  if (header === undefined || header.trim() === '') return 'application/octet-stream';
  const [essence = '', ...parameters] = header.split(';').map((part) => part.trim());
  const type = essence.toLowerCase();
  if (!MIME_ESSENCE.test(type)) throw new HttpError(400, 'Content-Type must be a media type (type/subtype)');
  const charset = parameters.map((parameter) => CHARSET.exec(parameter)?.[2]).find((value) => value !== undefined);
  const stored = charset ? `${type}; charset=${charset.toLowerCase()}` : type;
  if (stored.length > MAX_ATTACHMENT_MIME_CHARS) {
    throw new HttpError(400, `Content-Type must be at most ${MAX_ATTACHMENT_MIME_CHARS} characters`);
  }
  return stored;
}

/** The file's name from `X-Upload-Name`: percent-encoded UTF-8, 1–255 characters decoded, no control characters. */
export function uploadName(header: string | string[] | undefined): string {
  if (typeof header !== 'string' || header.trim() === '') {
    throw new HttpError(400, 'X-Upload-Name must give the file name (percent-encoded UTF-8)');
  }
  let name: string;
  try {
    name = decodeURIComponent(header);
  } catch {
    throw new HttpError(400, 'X-Upload-Name is not valid percent-encoding');
  }
  name = name.replace(CONTROL, '').trim();
  if (name === '') throw new HttpError(400, 'X-Upload-Name must give the file name (percent-encoded UTF-8)');
  if (name.length > MAX_ATTACHMENT_NAME_CHARS) {
    throw new HttpError(400, `X-Upload-Name must be at most ${MAX_ATTACHMENT_NAME_CHARS} characters`);
  }
  return name;
}

/** `POST /api/uploads`: stores the body as a file and answers `201 {attachmentId, url, name, mimeType, sizeBytes}`. */
export async function postUpload(req: IncomingMessage, res: ServerResponse, store: Store, query: URLSearchParams) {
  const mimeType = uploadType(req.headers['content-type']);
  const name = uploadName(req.headers[UPLOAD_NAME_HEADER]);
  const threadId = query.get('threadId');
  if (threadId !== null && !THREAD_ID_PATTERN.test(threadId)) {
    throw new HttpError(400, 'threadId must be 1-64 letters, digits, _ or -');
  }
  const data = await readBody(req, MAX_UPLOAD_BYTES);
  const id = newUploadId();
  store.insertUpload({
    id,
    name,
    mimeType,
    sizeBytes: data.length,
    data,
    createdAt: new Date().toISOString(),
    threadId,
  });
  const answer: UploadedAttachment = { attachmentId: id, url: uploadUrl(id), name, mimeType, sizeBytes: data.length };
  sendJson(req, res, 201, answer, { Location: answer.url });
}

/**
 * A stored file's bytes, as `GET /api/uploads/:id` and `GET /api/attachments/:id` serve them: the
 * stored type, never sniffed; shown in place only for images and plain text, downloaded otherwise
 * (`Content-Disposition`); under a sandboxing policy, so even an HTML or SVG file opened directly
 * runs no script.
 */
export function sendStoredFile(req: IncomingMessage, res: ServerResponse, file: StoredAttachment): void {
  const essence = file.mimeType.split(';')[0]!.trim().toLowerCase();
  const disposition = SHOWN_INLINE.has(essence) ? 'inline' : 'attachment';
  res.writeHead(200, {
    ...BASE_HEADERS,
    'Content-Type': file.mimeType,
    'Content-Length': String(file.data.length),
    'Content-Disposition': `${disposition}; filename*=UTF-8''${encodeRFC5987(file.name)}`,
    'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    // Attachment ids are never reused, so the bytes behind a URL never change.
    'Cache-Control': 'private, max-age=31536000, immutable',
  });
  res.end(req.method === 'HEAD' ? undefined : file.data);
}

function encodeRFC5987(value: string): string {
  try {
    return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  } catch {
    return 'attachment'; // a lone surrogate cannot be percent-encoded
  }
}
