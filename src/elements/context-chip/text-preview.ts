import { html, nothing, type TemplateResult } from 'lit';
import { formatMessage, type T3Locale } from '../shared/locale.js';
import type { TextPreview } from '../shared/draft-values.js';
import { cutShort, isTextPreview, PREVIEW_LINES } from '../shared/text-preview.js';
import { renderNumberedLines } from './chip-details.js';

export type { TextPreview };

/** The line count and the first lines, numbered, as text; nothing for a value that is not a preview. */
export function renderTextPreview(value: unknown, locale: T3Locale): TemplateResult | typeof nothing {
  if (!isTextPreview(value)) return nothing;
  const { lineCount } = value;
  const lines = value.firstLines.slice(0, PREVIEW_LINES).map(cutShort);
  const count = lineCount === 1 ? locale.lineCountOne : formatMessage(locale.lineCount, { count: String(lineCount) });
  return html`<div class="meta line-count">${count}</div>
    ${lines.length > 0 ? renderNumberedLines(lines, 1, { more: lineCount > lines.length, className: 'text-preview' }) : nothing}`;
}
