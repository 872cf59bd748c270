/**
 * Copying and dragging out of a message, a chunk of its own (`copy-control.ts` loads it on the
 * first pointer, key or focus inside a message): the whole message through the copy command or
 * the asynchronous clipboard, a selection laid out as readable text with its chips as links, and
 * what a drag carries.
 */
export { copyWithClipboardApi, copyWithCommand, selectionPayload, writeClipboardPayload } from './message-clipboard.js';
export { draggedPayload } from './message-drag.js';
