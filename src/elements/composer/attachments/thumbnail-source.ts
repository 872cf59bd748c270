import { safeImageUrl } from '../../shared/urls.js';
import type { DraftAttachment } from './attachments.js';
import { isByteless } from './attachment-bytes.js';

const objectUrls = new WeakMap<File, string>();

/**
 * What a thumbnail shows: its file's bytes through an object URL, or, for an image uploaded before
 * the draft was stored (it came back without bytes), the host's `url` when it is one an image may load.
 */
export function imageSource(attachment: DraftAttachment): string {
  if (isByteless(attachment)) {
    const url = safeImageUrl(attachment.url);
    if (url) return url;
  }
  let url = objectUrls.get(attachment.file);
  if (!url) {
    url = URL.createObjectURL(attachment.file);
    objectUrls.set(attachment.file, url);
  }
  return url;
}

export function revokeObjectUrl(attachment: DraftAttachment): void {
  const url = objectUrls.get(attachment.file);
  if (url) URL.revokeObjectURL(url);
  objectUrls.delete(attachment.file);
}
