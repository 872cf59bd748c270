/**
 * Test-runner server commands that reach the Playwright page: IME composition through the
 * DevTools protocol (`Input.imeSetComposition` / `Input.insertText`), which no keyboard command
 * of the runner can produce.
 */
export function imeCommandsPlugin() {
  const sessions = new WeakMap();
  async function cdpSession(page) {
    let session = sessions.get(page);
    if (!session) {
      session = await page.context().newCDPSession(page);
      sessions.set(page, session);
    }
    return session;
  }
  return {
    name: 't3-ime-commands',
    async executeCommand({ command, payload, session }) {
      if (command !== 'ime-set-composition' && command !== 'ime-insert-text') return undefined;
      const page = session.browser.getPage(session.id);
      const cdp = await cdpSession(page);
      if (command === 'ime-set-composition') {
        const text = String(payload?.text ?? '');
        await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
      } else {
        await cdp.send('Input.insertText', { text: String(payload?.text ?? '') });
      }
      return true;
    },
  };
}
