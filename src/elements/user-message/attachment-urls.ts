import { type MessageFile, type MessageImage, sanitizeFiles, sanitizeImages } from './message-model.js';

/**
 * Gives each image and file chip of a message's body the URL its attachment is served from: the
 * `src` of the message's image, or the `href` of its file, with the attachment id of the chip's
 * record. The chip reads its thumbnail or first lines from there when its details first show.
 * The wire's records carry no URL (T3's schema has none); the message's `images` and `files` do.
 */
export function assignAttachmentUrls(body: ParentNode, input: { images?: unknown; files?: unknown }): void {
  const urls = urlsById(sanitizeImages(input.images), sanitizeFiles(input.files));
  for (const chip of body.querySelectorAll('t3-context-chip')) {
    const record = chip.record;
    const attachmentId = (record?.kind === 'image' || record?.kind === 'file') && record.attachmentId;
    const url = typeof attachmentId === 'string' ? urls.get(attachmentId) : undefined;
    if (chip.attachmentUrl !== url) chip.attachmentUrl = url;
  }
}

function urlsById(images: readonly MessageImage[], files: readonly MessageFile[]): Map<string, string> {
  const urls = new Map<string, string>();
  for (const image of images) if (image.attachmentId) urls.set(image.attachmentId, image.src);
  for (const file of files) if (file.attachmentId && file.href) urls.set(file.attachmentId, file.href);
  return urls;
}
