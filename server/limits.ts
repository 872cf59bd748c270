/** Wire limits of the reference host API. One place, so the README and the errors agree. */

/** Request bodies above this get 413 (SPEC §9). Base64 makes it at most 24 MiB of attachment bytes in total. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** `text` and `prompt`, in UTF-16 code units (JavaScript string length). */
export const MAX_TEXT_CHARS = 1_000_000;

export const MAX_ATTACHMENTS_PER_MESSAGE = 32;

/** Decoded bytes of one attachment. */
export const MAX_ATTACHMENT_BYTES = 16 * 1024 * 1024;

/** Bytes of one upload (`POST /api/uploads`, the raw file as the body): the same as one attachment. */
export const MAX_UPLOAD_BYTES = MAX_ATTACHMENT_BYTES;

/** The record limits of T3's image/file kinds, so an uploaded attachment always fits its record. */
export const MAX_ATTACHMENT_NAME_CHARS = 255;
export const MAX_ATTACHMENT_MIME_CHARS = 100;

export const THREAD_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
