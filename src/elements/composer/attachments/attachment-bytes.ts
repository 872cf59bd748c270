import type { DraftAttachment } from '../../shared/composer-values.js';

/**
 * Whether a file is here without its bytes: uploaded before its draft was stored, it came back from
 * the store as the host's, by id and url alone.
 */
export function isByteless(attachment: DraftAttachment): boolean {
  return !!attachment.uploaded && attachment.file.size === 0;
}

/** A file's text: its bytes, or for one here without them, what the host serves at its `url` (none if it cannot). */
export async function textOf(attachment: DraftAttachment): Promise<string | undefined> {
  if (!isByteless(attachment)) return attachment.file.text();
  if (!attachment.url) return undefined;
  try {
    const response = await fetch(attachment.url, { credentials: 'same-origin' });
    return response.ok ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}
