import type { ContextRecord } from '../../core/index.js';
import { type ClipboardPayload, selectionPayload } from './message-clipboard.js';

/**
 * What a drag out of a message carries, as a copy of the same would: a chip dragged alone (chips
 * of a message are draggable) is its canonical link with its record, a dragged selection its text
 * with the records of the chips it holds. A composer it is dropped on takes the chips with their
 * records. Undefined for a drag that carries no chip, which the browser fills as it does.
 */
export function draggedPayload(
  event: DragEvent,
  root: ShadowRoot,
  records: readonly ContextRecord[],
): ClipboardPayload | undefined {
  const source = event.composedPath()[0];
  if (source instanceof HTMLElement && source.localName === 't3-context-chip') {
    const text = source.dataset.copy;
    if (!text) return undefined;
    const contextId = source.getAttribute('context-id');
    return { text, records: records.filter((record) => record.contextId === contextId) };
  }
  return selectionPayload(root, records);
}
