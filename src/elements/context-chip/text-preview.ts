import { html, nothing, type TemplateResult } from 'lit';
import { formatMessage, type T3Locale } from '../shared/locale.js';
import { isTextPreview, type TextPreview } from '../shared/draft-values.js';
import { renderNumberedLines } from './chip-details.js';

export type { TextPreview };

/** How many lines of a text file its chip shows, and how much of each. */
export const PREVIEW_LINES = 5;
export const PREVIEW_LINE_CHARS = 160;

const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * Calls `line(from, to)` for each line of `text` (`\n`, `\r\n` and `\r` end a line; a final
 * line break opens no new one) until it returns false. Linear in the text read.
 */
export function forEachLine(text: string, line: (from: number, to: number) => boolean | void): void {
  LINE_BREAK.lastIndex = 0;
  let from = 0;
  while (from < text.length) {
    const found = LINE_BREAK.exec(text);
    const to = found ? found.index : text.length;
    if (line(from, to) === false) return;
    from = found ? LINE_BREAK.lastIndex : text.length;
  }
}

/** The number of lines of `text`, counted up to `stopAfter` at most. */
export function countLines(text: string, stopAfter = Infinity): number {
  let count = 0;
  forEachLine(text, () => ++count < stopAfter);
  return count;
}

/** The preview of `text`: its line count and its first lines, each cut short. */
export function textPreviewOf(text: string): TextPreview {
  const firstLines: string[] = [];
  let lineCount = 0;
  forEachLine(text, (from, to) => {
    if (firstLines.length < PREVIEW_LINES) firstLines.push(cutShort(text.slice(from, to)));
    lineCount++;
  });
  return { lineCount, firstLines };
}

/** A line cut to `PREVIEW_LINE_CHARS`, never in the middle of a surrogate pair. */
function cutShort(line: string): string {
  if (line.length <= PREVIEW_LINE_CHARS) return line;
  const code = line.charCodeAt(PREVIEW_LINE_CHARS - 1);
  return line.slice(0, code >= 0xd800 && code <= 0xdbff ? PREVIEW_LINE_CHARS - 1 : PREVIEW_LINE_CHARS);
}

/** The line count and the first lines, numbered, as text; nothing for a value that is not a preview. */
export function renderTextPreview(value: unknown, locale: T3Locale): TemplateResult | typeof nothing {
  if (!isTextPreview(value)) return nothing;
  const { lineCount } = value;
  const lines = value.firstLines.slice(0, PREVIEW_LINES).map(cutShort);
  const count = lineCount === 1 ? locale.lineCountOne : formatMessage(locale.lineCount, { count: String(lineCount) });
  return html`<div class="meta line-count">${count}</div>
    ${lines.length > 0 ? renderNumberedLines(lines, 1, { more: lineCount > lines.length, className: 'text-preview' }) : nothing}`;
}
