import { type EditorState, type Extension, Facet } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

/**
 * Which key sends the draft: `enter` (Shift+Enter breaks a line), `mod-enter` (Ctrl/Cmd+Enter
 * sends, Enter breaks a line), `mod-enter-multiline` (Enter sends a one-line draft, and breaks
 * lines once the draft has a line break), or `auto`: `enter`, but on a touch-only device Enter
 * breaks a line and the send button sends, as chat apps do on phones.
 */
export type SendKey = 'enter' | 'mod-enter' | 'mod-enter-multiline' | 'auto';

/** The send key in force once `auto` is decided for the device. */
export type SendKeyMode = Exclude<SendKey, 'auto'>;

const SEND_KEYS: readonly SendKey[] = ['enter', 'mod-enter', 'mod-enter-multiline', 'auto'];

/** A device whose only pointer is a finger: a phone or a tablet without a mouse or trackpad. */
export const TOUCH_ONLY_QUERY = '(pointer: coarse) and (not (any-pointer: fine))';

/** The send key a `send-key` value means: anything unknown means `auto`. */
export function sendKeyOf(value: unknown): SendKey {
  return SEND_KEYS.includes(value as SendKey) ? (value as SendKey) : 'auto';
}

/** The send key in force: `auto` is `enter`, or on a touch-only device `mod-enter` (the send button sends). */
export function sendKeyMode(value: unknown, touchOnly: boolean): SendKeyMode {
  const sendKey = sendKeyOf(value);
  if (sendKey !== 'auto') return sendKey;
  return touchOnly ? 'mod-enter' : 'enter';
}

/** The send key in force in an editor state (`enter` unless the composer configured another). */
export const sendKeyFacet = Facet.define<SendKeyMode, SendKeyMode>({
  combine: (values) => values[0] ?? 'enter',
});

/** Whether a plain Enter sends the draft in this state (otherwise it breaks a line). */
export function enterSends(state: EditorState): boolean {
  const mode = state.facet(sendKeyFacet);
  return mode === 'enter' || (mode === 'mod-enter-multiline' && state.doc.lines === 1);
}

/**
 * Whether a key press is one that sends (or queues, or steers): Enter where it sends, and
 * Ctrl/Cmd+Enter (with or without Shift) in every mode. Shift+Enter only ever breaks a line.
 */
export function pressSends(
  state: EditorState,
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): boolean {
  if (event.key !== 'Enter' || event.altKey) return false;
  if (event.ctrlKey || event.metaKey) return true;
  return !event.shiftKey && enterSends(state);
}

/**
 * Whether the plain arrow keys walk the recall history at the draft's ends: only where a plain
 * Enter sends. Where Enter breaks lines, the draft is being written over several lines, so ↑/↓
 * stay line motion and Ctrl/Cmd+↑/↓ recall.
 */
export function plainArrowsRecall(state: EditorState): boolean {
  return enterSends(state);
}

/**
 * The send key of an editor state, and the editable element's `enterkeyhint` that follows it, so
 * an on-screen keyboard labels its Enter key with what it does now (`send` or a line break).
 */
export function sendKeyExtension(mode: SendKeyMode): Extension {
  return [
    sendKeyFacet.of(mode),
    EditorView.contentAttributes.of((view) => ({ enterkeyhint: enterSends(view.state) ? 'send' : 'enter' })),
  ];
}
