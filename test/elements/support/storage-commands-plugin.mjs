import { cdpSessions } from './cdp-sessions.mjs';

/**
 * A test-runner server command that reaches the Playwright page's DevTools protocol to give the
 * page's origin a tiny storage quota (`Storage.overrideQuotaForOrigin`), so a real IndexedDB write
 * fails with a real QuotaExceededError. Without `quotaSize` the override is lifted.
 */
export function storageCommandsPlugin() {
  const cdpSessionOf = cdpSessions();
  return {
    name: 't3-storage-commands',
    async executeCommand({ command, payload, session }) {
      if (command !== 'override-storage-quota') return undefined;
      const { cdp, page } = await cdpSessionOf(session);
      const origin = new URL(page.url()).origin;
      const quotaSize = typeof payload?.quotaSize === 'number' ? payload.quotaSize : undefined;
      await cdp.send('Storage.overrideQuotaForOrigin', quotaSize === undefined ? { origin } : { origin, quotaSize });
      return true;
    },
  };
}
