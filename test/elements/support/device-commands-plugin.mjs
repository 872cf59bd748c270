import { cdpSessions } from './cdp-sessions.mjs';

/**
 * Test-runner server commands for the input device. `emulate-media-features` reaches the
 * Playwright page's DevTools protocol to emulate its media features (`Emulation.setEmulatedMedia`),
 * e.g. a phone's coarse pointer: `{ features: [{ name: 'pointer', value: 'coarse' }] }` (through
 * touch emulation, where Chromium takes the pointer's features from); no features restores the
 * device's own. `tap` is a finger's tap at `{ x, y }`.
 */
export function deviceCommandsPlugin() {
  const cdpSessionOf = cdpSessions();
  return {
    name: 't3-device-commands',
    async executeCommand({ command, payload, session }) {
      if (command === 'tap') {
        // A finger's tap (touchstart, touchend and the click that follows) where the page says;
        // needs a browser context with touch (the `android` group's).
        const { page } = await cdpSessionOf(session);
        await page.touchscreen.tap(payload.x, payload.y);
        return true;
      }
      if (command !== 'emulate-media-features') return undefined;
      const { cdp } = await cdpSessionOf(session);
      const features = Array.isArray(payload?.features) ? payload.features : [];
      await cdp.send('Emulation.setEmulatedMedia', { features });
      // Chromium takes the pointer's media features from touch emulation.
      const coarse = features.some((feature) => /pointer$/.test(feature?.name) && feature.value === 'coarse');
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: coarse, maxTouchPoints: coarse ? 1 : undefined });
      return true;
    },
  };
}
