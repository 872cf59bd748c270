import type { TextPreview } from './composer-values.js';

/** How many lines of a text file its chip shows, and how much of each. */
export const PREVIEW_LINES = 5;
export const PREVIEW_LINE_CHARS = 160;

const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * Calls `line(from, to)` for each line of `text` (`\n`, `\r\n` and `\r` end a line; a final
 * line break opens no new one) until it returns false. Linear in the text read.
 */
function forEachLine(text: string, line: (from: number, to: number) => boolean | void): void {
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

/** `text` cut to at most `max` UTF-16 units, never between the two halves of a surrogate pair. */
export function cutWhole(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** A line cut to `PREVIEW_LINE_CHARS`. */
export const cutShort = (line: string): string => cutWhole(line, PREVIEW_LINE_CHARS);

/** Whether a value set from outside is a preview the chip can show. */
export function isTextPreview(value: unknown): value is TextPreview {
  const preview = value as Partial<TextPreview> | null | undefined;
  return (
    !!preview &&
    Number.isSafeInteger(preview.lineCount) &&
    (preview.lineCount as number) >= 0 &&
    Array.isArray(preview.firstLines) &&
    preview.firstLines.every((line) => typeof line === 'string')
  );
}
