/**
 * A test-runner server command that reaches the Playwright page's DevTools protocol to give the
 * page's origin a tiny storage quota (`Storage.overrideQuotaForOrigin`), so a real IndexedDB write
 * fails with a real QuotaExceededError. Without `quotaSize` the override is lifted.
 */
export function storageCommandsPlugin() {
  // The session stays open: the override is kept for as long as it is.
  const sessions = new WeakMap();
  return {
    name: 't3-storage-commands',
    async executeCommand({ command, payload, session }) {
      if (command !== 'override-storage-quota') return undefined;
      const page = session.browser.getPage(session.id);
      let cdp = sessions.get(page);
      if (!cdp) {
        cdp = await page.context().newCDPSession(page);
        sessions.set(page, cdp);
      }
      const origin = new URL(page.url()).origin;
      const quotaSize = typeof payload?.quotaSize === 'number' ? payload.quotaSize : undefined;
      await cdp.send('Storage.overrideQuotaForOrigin', quotaSize === undefined ? { origin } : { origin, quotaSize });
      return true;
    },
  };
}
