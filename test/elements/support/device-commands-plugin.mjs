/**
 * A test-runner server command that reaches the Playwright page's DevTools protocol to emulate
 * the input device's media features (`Emulation.setEmulatedMedia`), e.g. a phone's coarse
 * pointer: `{ features: [{ name: 'pointer', value: 'coarse' }] }` (through touch emulation, where
 * Chromium takes the pointer's features from); no features restores the device's own.
 */
export function deviceCommandsPlugin() {
  const sessions = new WeakMap();
  return {
    name: 't3-device-commands',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate-media-features') return undefined;
      const page = session.browser.getPage(session.id);
      let cdp = sessions.get(page);
      if (!cdp) {
        cdp = await page.context().newCDPSession(page);
        sessions.set(page, cdp);
      }
      const features = Array.isArray(payload?.features) ? payload.features : [];
      await cdp.send('Emulation.setEmulatedMedia', { features });
      // Chromium takes the pointer's media features from touch emulation.
      const coarse = features.some((feature) => /pointer$/.test(feature?.name) && feature.value === 'coarse');
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: coarse, maxTouchPoints: coarse ? 1 : undefined });
      return true;
    },
  };
}
