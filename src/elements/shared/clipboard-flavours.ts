import {
  CONTEXT_CLIPBOARD_MIME,
  type ContextClipboardFragment,
  type ContextRecord,
  encodeClipboardFragment,
  encodeClipboardHtml,
} from '../../core/index.js';

/** Environment id written into fragments when the host configured none. */
const UNKNOWN_ENVIRONMENT = 'unknown';

/**
 * What a copy or a drag of text with chips carries, type → data: always `text/plain`; and when
 * chips came along, the fragment's own type and its HTML flavour with their records, so another
 * composer takes the chips with what they refer to.
 */
export function clipboardFlavours(
  text: string,
  records: readonly ContextRecord[],
  environmentId: string | undefined,
): Record<string, string> {
  const flavours: Record<string, string> = { 'text/plain': text };
  if (records.length === 0) return flavours;
  const fragment: ContextClipboardFragment = {
    version: 1,
    source: { environmentId: environmentId || UNKNOWN_ENVIRONMENT },
    records: [...records],
  };
  const json = encodeClipboardFragment(fragment);
  const htmlFlavour = encodeClipboardHtml(fragment, { text });
  if (json) flavours[CONTEXT_CLIPBOARD_MIME] = json;
  if (htmlFlavour) flavours['text/html'] = htmlFlavour;
  return flavours;
}

/** Sets each flavour on a clipboard event's or a drag's data. */
export function writeFlavours(data: DataTransfer, flavours: Record<string, string>): void {
  for (const [type, value] of Object.entries(flavours)) data.setData(type, value);
}
