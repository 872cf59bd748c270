import type { MessageFile, MessageImage } from '../../src/message.js';
import type { UserMessage } from './host-api.js';

/**
 * What a stored message's attachments are to `<t3-user-message>`: its images (the gallery, and the
 * thumbnail of an image chip) and its other files (a row, or the first lines of a text file chip),
 * each by its attachment id with the URL the host serves it from.
 */
export function messageFiles({ attachments }: UserMessage): { images: MessageImage[]; files: MessageFile[] } {
  const images: MessageImage[] = [];
  const files: MessageFile[] = [];
  for (const { attachmentId, name, mimeType, sizeBytes, url } of attachments) {
    if (mimeType.startsWith('image/')) images.push({ attachmentId, name, mimeType, src: url });
    else files.push({ attachmentId, name, mimeType, sizeBytes, href: url });
  }
  return { images, files };
}
