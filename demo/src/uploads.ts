import type { T3Composer } from '../../src/composer.js';
import type { UploadedAttachment } from '../../server/api-types.js';

export type UploadAttachment = NonNullable<T3Composer['uploadAttachment']>;

/**
 * The composer's `uploadAttachment` for the demo host: each file goes to `POST /api/uploads` as
 * soon as it is attached, for the thread shown then (so deleting that thread deletes it).
 * XMLHttpRequest, because a fetch reports no upload progress; the composer's signal aborts it.
 */
export function uploadTo(threadOf: () => string): UploadAttachment {
  return (file, { signal, onProgress }) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const request = new XMLHttpRequest();
      request.open('POST', `/api/uploads?threadId=${encodeURIComponent(threadOf())}`);
      request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
      request.setRequestHeader('X-Upload-Name', encodeURIComponent(file.name || 'file'));
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      request.onload = () => {
        const answer = parsed(request.responseText);
        if (request.status === 201 && typeof answer?.attachmentId === 'string') {
          const { attachmentId, url } = answer as unknown as UploadedAttachment;
          resolve({ attachmentId, url });
        } else reject(new Error(typeof answer?.error === 'string' ? answer.error : `HTTP ${request.status}`));
      };
      request.onerror = () => reject(new Error('The connection failed.'));
      request.onabort = () => reject(signal.reason);
      const abort = () => request.abort();
      signal.addEventListener('abort', abort, { once: true });
      // A finished request lets go of the signal, which lives as long as its attachment.
      request.onloadend = () => signal.removeEventListener('abort', abort);
      request.send(file);
    });
}

function parsed(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
