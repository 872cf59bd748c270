import {
  optional,
  readField,
  readFields,
  readObject,
  readOwn,
  readRawRecordArray,
  trimmedNonEmpty,
  versionField,
  type FieldTable,
} from './record-fields.js';
import { decodeContextRecordList } from './record-schema.js';
import type { ContextRecord } from './types.js';

/**
 * The clipboard fragment: the records behind copied context links, plus where they came from.
 * Never bytes or URLs: images and files are re-fetched by the receiver through its own environment.
 */

/** The `web ` prefix is Chromium's convention for custom clipboard formats. */
export const CONTEXT_CLIPBOARD_MIME = 'web application/x-t3-context-fragment+json';

/** The attribute that carries the fragment in the portable HTML flavour. */
export const CONTEXT_CLIPBOARD_HTML_ATTRIBUTE = 'data-t3-context-fragment';

export const CLIPBOARD_FRAGMENT_MAX_CHARS = 16_000_000;

/** `encodeURIComponent` can expand one code unit to 9 chars; 4,096 leaves room for the wrapper. */
export const CLIPBOARD_HTML_MAX_CHARS = CLIPBOARD_FRAGMENT_MAX_CHARS * 9 + 4_096;

const SOURCE_ID_MAX_CHARS = 128;

export interface ContextClipboardSource {
  environmentId: string;
  threadId?: string;
  messageId?: string;
}

export interface ContextClipboardFragment {
  version: 1;
  source: ContextClipboardSource;
  records: ContextRecord[];
}

export interface ClipboardHtmlContent {
  /** Rich HTML of the copied selection; wrapped in a `<div>` carrying the fragment. */
  html?: string;
  /** Plain text of the copied selection, used when `html` is absent; escaped inside a `<pre>`. */
  text?: string;
}

const sourceId = trimmedNonEmpty(SOURCE_ID_MAX_CHARS);

const sourceFields: FieldTable<ContextClipboardSource> = {
  environmentId: sourceId,
  threadId: optional(sourceId),
  messageId: optional(sourceId),
};

function readFragment(value: unknown): ContextClipboardFragment {
  const fragment = readObject(value, 'fragment');
  readField(fragment, 'version', 'fragment.version', versionField);
  const source = readObject(readOwn(fragment, 'source', 'fragment.source'), 'fragment.source');
  // The bound applies to the raw array, before undecodable records are dropped.
  const records = readRawRecordArray(fragment, 'fragment');
  return {
    version: 1,
    source: readFields(source, 'fragment.source', sourceFields),
    records: decodeContextRecordList(records).records,
  };
}

/** The decoded fragment, or null when `value` is not a valid version-1 fragment. Never throws. */
function decodeFragmentValue(value: unknown): ContextClipboardFragment | null {
  try {
    return readFragment(value);
  } catch {
    return null;
  }
}

/**
 * The fragment as JSON for the custom MIME type. The fragment is decoded first, so only valid
 * records travel (invalid ones are dropped, unknown fields of known kinds stripped). Null when the
 * fragment is invalid (bad source, more than 200 records) or its JSON exceeds 16,000,000 chars.
 */
export function encodeClipboardFragment(fragment: ContextClipboardFragment): string | null {
  const decoded = decodeFragmentValue(fragment);
  if (!decoded) return null;
  const json = JSON.stringify(decoded);
  return json.length <= CLIPBOARD_FRAGMENT_MAX_CHARS ? json : null;
}

/**
 * Clipboard data is untrusted: anything that is not a valid version-1 fragment JSON string gives
 * null (empty, over 16,000,000 chars, unparsable, wrong shape). Undecodable records are dropped.
 */
export function decodeClipboardFragment(json: unknown): ContextClipboardFragment | null {
  if (typeof json !== 'string' || json === '' || json.length > CLIPBOARD_FRAGMENT_MAX_CHARS) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  return decodeFragmentValue(parsed);
}

function escapeHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `encodeURIComponent` leaves `'` as is, which would end a single-quoted attribute early. */
function encodeAttributeValue(json: string): string {
  return encodeURIComponent(json).replace(/'/g, '%27');
}

/**
 * The portable `text/html` flavour: `html` wrapped in `<div data-t3-context-fragment="…">`, or
 * else `text` escaped inside `<pre data-t3-context-fragment="…">`. Null when the fragment does not
 * encode (see `encodeClipboardFragment`).
 */
export function encodeClipboardHtml(
  fragment: ContextClipboardFragment,
  content: ClipboardHtmlContent = {},
): string | null {
  const json = encodeClipboardFragment(fragment);
  if (json === null) return null;
  const attribute = `${CONTEXT_CLIPBOARD_HTML_ATTRIBUTE}="${encodeAttributeValue(json)}"`;
  if (typeof content?.html === 'string') return `<div ${attribute}>${content.html}</div>`;
  return `<pre ${attribute}>${escapeHtmlText(typeof content?.text === 'string' ? content.text : '')}</pre>`;
}

const FRAGMENT_ATTRIBUTE_PATTERN = new RegExp(`${CONTEXT_CLIPBOARD_HTML_ATTRIBUTE}=(?:"([^"]+)"|'([^']+)')`);

/**
 * The fragment carried by the first `data-t3-context-fragment` attribute of `html` (single- or
 * double-quoted), or null when there is none or it does not decode. Never throws.
 */
export function decodeClipboardHtml(html: unknown): ContextClipboardFragment | null {
  if (typeof html !== 'string' || html === '' || html.length > CLIPBOARD_HTML_MAX_CHARS) return null;
  const match = FRAGMENT_ATTRIBUTE_PATTERN.exec(html);
  const encoded = match?.[1] ?? match?.[2];
  if (encoded === undefined) return null;
  let json: string;
  try {
    json = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  return decodeClipboardFragment(json);
}
