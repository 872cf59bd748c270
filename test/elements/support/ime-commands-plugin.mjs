import { cdpSessions } from './cdp-sessions.mjs';

/**
 * Test-runner server commands that reach the Playwright page: IME composition through the
 * DevTools protocol (`Input.imeSetComposition` / `Input.insertText`), which no keyboard command
 * of the runner can produce, and the deletion an Android keyboard sends (a key with keyCode 229
 * that carries the `deleteBackward` editing command, so the page sees `deleteContentBackward`
 * without a Backspace key).
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
