import type { TextPreview } from '../shared/composer-values.js';
import { textPreviewOf } from '../shared/text-preview.js';
import { safeImageUrl } from '../shared/urls.js';

/**
 * What a sent chip reads back from where its attachment is served (its `attachmentUrl`): an
 * image's thumbnail, a text file's first lines. Nothing is read until a chip's details first show,
 * and each URL is read once per page, however many chips and messages name it.
 */

/** How much of a text file is read for its first lines; past it the preview gives no line count. */
export const READ_BACK_BYTES = 256 * 1024;
/** How many files' previews a page keeps; the oldest go first. */
const KEPT = 200;

/** A text file's preview as read back; `partial` when only its start was read, so its line count is unknown. */
export interface ReadBackPreview extends TextPreview {
  partial?: true;
}

interface Reading {
  preview?: ReadBackPreview;
  done: boolean;
  /** Chips waiting to show it. */
  waiting: Set<() => void>;
}

const readings = new Map<string, Reading>();
const brokenImages = new Set<string>();

/** Media types whose bytes read as text. */
export function isTextType(mimeType: string): boolean {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    /^application\/(json|xml|javascript|x-sh|x-yaml|yaml|toml|sql|x-ndjson)$/.test(type) ||
    /\+(json|xml)$/.test(type)
  );
}

/**
 * The first lines of the text file at `url`: undefined while it is read (`update` is called once
 * it is) and when it cannot be (the request failed, or it was not text).
 */
export function textReadBack(url: string, update: () => void): ReadBackPreview | undefined {
  let reading = readings.get(url);
  if (!reading) {
    reading = { done: false, waiting: new Set() };
    readings.set(url, reading);
    if (readings.size > KEPT) readings.delete(readings.keys().next().value!);
    const started = reading;
    void readStart(url).then((preview) => {
      started.preview = preview;
      started.done = true;
      for (const waiting of started.waiting) waiting();
      started.waiting.clear();
    });
  }
  if (!reading.done) reading.waiting.add(update);
  return reading.preview;
}

/** Whether the text file at `url` is still being read. */
export function isReadingBack(url: string): boolean {
  return readings.get(url)?.done === false;
}

/** The URL an image chip's thumbnail loads, unless the URL is not one an image may load or it failed before. */
export function thumbnailUrl(url: string | undefined): string | undefined {
  const safe = safeImageUrl(url);
  return safe && !brokenImages.has(safe) ? safe : undefined;
}

/** A thumbnail that did not load: its chip shows its details without it from now on. */
export function thumbnailFailed(url: string, update: () => void): void {
  brokenImages.add(url);
  update();
}

async function readStart(url: string): Promise<ReadBackPreview | undefined> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    const type = response.headers.get('Content-Type');
    if (!response.ok || !response.body || (type && !isTextType(type))) return undefined;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let bytes = 0;
    let partial = false;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const room = READ_BACK_BYTES - bytes;
      bytes += chunk.value.byteLength;
      if (bytes > READ_BACK_BYTES) {
        // A character cut at the limit is left out (the decoder keeps it back).
        text += decoder.decode(chunk.value.subarray(0, room), { stream: true });
        partial = true;
        void reader.cancel();
        break;
      }
      text += decoder.decode(chunk.value, { stream: true });
    }
    if (!partial) text += decoder.decode();
    // A NUL is no text a person wrote: a binary file under a text type.
    if (text.includes('\u0000')) return undefined;
    const preview = textPreviewOf(text);
    return partial ? { ...preview, partial } : preview;
  } catch {
    return undefined;
  }
}
