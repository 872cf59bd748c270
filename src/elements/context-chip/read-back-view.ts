import { html, isServer, nothing, type TemplateResult } from 'lit';
import type { AttachmentContextFields } from '../../core/index.js';
import type { T3Locale } from '../shared/locale.js';
import type { TextPreview } from '../shared/composer-values.js';
import { isReadingBack, isTextType, textReadBack, thumbnailFailed, thumbnailUrl } from './attachment-read-back.js';
import { renderTextPreview } from './text-preview.js';

/** A chip as its read-back details see it: where its attachment is served, and how it redraws. */
export interface ReadBackSource {
  attachmentUrl?: string;
  /** A preview the chip was given (a long paste in the composer): shown as it is, nothing read. */
  textPreview?: TextPreview;
  locale: T3Locale;
  update(): void;
}

/** An image chip's thumbnail, from its attachment's URL; nothing without one, or once it failed to load. */
export function renderThumbnail(chip: ReadBackSource): TemplateResult | typeof nothing {
  const url = thumbnailUrl(chip.attachmentUrl);
  if (!url) return nothing;
  return html`<img
    part="thumbnail"
    class="thumbnail"
    src=${url}
    alt=""
    decoding="async"
    @error=${() => thumbnailFailed(url, chip.update)}
  />`;
}

/**
 * A text file chip's first lines: the preview it was given, or those read from its attachment's
 * URL (a line says so while they are read). Nothing for a file that is not text, or whose text
 * cannot be read: the details show its name and size alone, as they did.
 */
export function renderFileText(record: AttachmentContextFields, chip: ReadBackSource): unknown {
  if (chip.textPreview) return renderTextPreview(chip.textPreview, chip.locale);
  const url = chip.attachmentUrl;
  // A server render reads nothing: the browser reads it on the first look.
  if (!url || isServer || !isTextType(record.mimeType)) return nothing;
  const preview = textReadBack(url, chip.update);
  if (preview) return renderTextPreview(preview, chip.locale);
  return isReadingBack(url) ? html`<div class="meta reading">${chip.locale.loading}</div>` : nothing;
}
