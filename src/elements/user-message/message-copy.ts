import type { ContextRecord } from '../../core/index.js';
import { selectionPayload, writeClipboardPayload } from './message-clipboard.js';
import { draggedPayload } from './message-drag.js';

/**
 * Copying and dragging out of a message, a chunk of its own (`copy-control.ts` loads it on the
 * first pointer, key or focus inside a message): the whole message through the copy command or
 * the asynchronous clipboard, a selection laid out as readable text with its chips as links, and
 * what a drag carries.
 */
export { copyWithClipboardApi, copyWithCommand } from './message-clipboard.js';

/** The message a copy or a drag comes out of. */
export interface CopySource {
  /** The message's shadow root, where the selection is. */
  root: ShadowRoot;
  /** Every record of the message: a copy takes those of the chips it holds. */
  records: readonly ContextRecord[];
  environmentId: string | undefined;
}

/**
 * A selection copy: the rendered text with each fully selected chip as its canonical link, plus
 * their records. A selection without a chip is left to the browser's own copy.
 */
export function copySelection(event: ClipboardEvent, { root, records, environmentId }: CopySource): void {
  if (!event.clipboardData || event.defaultPrevented) return;
  const payload = selectionPayload(root, records);
  if (!payload) return;
  event.preventDefault();
  writeClipboardPayload(event.clipboardData, payload, environmentId);
}

/** A drag of a chip or a selection carries what a copy of it would; one without a chip is the browser's. */
export function dragOut(event: DragEvent, { root, records, environmentId }: CopySource): void {
  const data = event.dataTransfer;
  if (!data || event.defaultPrevented) return;
  const payload = draggedPayload(event, root, records);
  if (!payload) return;
  data.clearData();
  writeClipboardPayload(data, payload, environmentId);
  data.effectAllowed = 'copy';
}
