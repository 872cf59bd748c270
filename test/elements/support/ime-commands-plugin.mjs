import { cdpSessions } from './cdp-sessions.mjs';

/**
 * Test-runner server commands that reach the Playwright page: IME composition through the
 * DevTools protocol (`Input.imeSetComposition` / `Input.insertText`), which no keyboard command
 * of the runner can produce, and the deletion an Android keyboard sends (a key with keyCode 229
 * that carries the `deleteBackward` editing command, so the page sees `deleteContentBackward`
 * without a Backspace key), and the Enter that confirms a candidate.
 */
export function imeCommandsPlugin() {
  const cdpSessionOf = cdpSessions();
  const commands = {
    /** `replacementStart`/`replacementEnd` recompose existing text, as Android keyboards do for a word. */
    'ime-set-composition': (cdp, payload) => {
      const text = String(payload?.text ?? '');
      const params = { text, selectionStart: text.length, selectionEnd: text.length };
      if (Number.isInteger(payload?.replacementStart) && Number.isInteger(payload?.replacementEnd))
        Object.assign(params, { replacementStart: payload.replacementStart, replacementEnd: payload.replacementEnd });
      return cdp.send('Input.imeSetComposition', params);
    },
    'ime-insert-text': (cdp, payload) => cdp.send('Input.insertText', { text: String(payload?.text ?? '') }),
    /*
     * The Enter that confirms a composed candidate, in the order a desktop IME on Chromium makes
     * it: a keydown the IME took (keyCode 229, while the composition is still open, so the page
     * sees `isComposing`), the commit of the candidate, then the Enter's keyup. The protocol cannot
     * route the key through a real IME, so the IME's own choice to swallow it is modelled by the
     * 229 keydown carrying no text: Chromium then inserts no line break of its own.
     */
    'ime-confirm-with-enter': async (cdp, payload) => {
      const enter = { key: 'Enter', code: 'Enter' };
      await cdp.send('Input.dispatchKeyEvent', {
        type: 'rawKeyDown',
        ...enter,
        windowsVirtualKeyCode: 229,
        nativeVirtualKeyCode: 229,
      });
      await cdp.send('Input.insertText', { text: String(payload?.text ?? '') });
      await cdp.send('Input.dispatchKeyEvent', {
        type: 'keyUp',
        ...enter,
        windowsVirtualKeyCode: 13,
        nativeVirtualKeyCode: 13,
      });
    },
    'ime-delete-backward': async (cdp) => {
      const key = { key: 'Unidentified', code: '', windowsVirtualKeyCode: 229, nativeVirtualKeyCode: 229 };
      await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key, commands: ['deleteBackward'] });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
    },
  };
  return {
    name: 't3-ime-commands',
    async executeCommand({ command, payload, session }) {
      const run = commands[command];
      if (!run) return undefined;
      await run((await cdpSessionOf(session)).cdp, payload);
      return true;
    },
  };
}
