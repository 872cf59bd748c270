import { html, nothing, type TemplateResult } from 'lit';
import { formatMessage, type T3Locale } from '../shared/locale.js';
import type { TextPreview } from '../shared/composer-values.js';
import { cutShort, isTextPreview, PREVIEW_LINES } from '../shared/text-preview.js';
import { renderNumberedLines } from '../../kinds/details-parts.js';

export type { TextPreview };

/**
 * The line count and the first lines, numbered, as text; nothing for a value that is not a
 * preview. A `partial` preview (only the start of the file was read) has no count, and more lines.
 */
export function renderTextPreview(value: unknown, locale: T3Locale): TemplateResult | typeof nothing {
  if (!isTextPreview(value)) return nothing;
  const { lineCount } = value;
  const partial = (value as { partial?: unknown }).partial === true;
  const lines = value.firstLines.slice(0, PREVIEW_LINES).map(cutShort);
  const count = lineCount === 1 ? locale.lineCountOne : formatMessage(locale.lineCount, { count: String(lineCount) });
  const more = partial || lineCount > lines.length;
  return html`${partial ? nothing : html`<div class="meta line-count">${count}</div>`}
    ${lines.length > 0 ? renderNumberedLines(lines, 1, { more, className: 'text-preview' }) : nothing}`;
}
