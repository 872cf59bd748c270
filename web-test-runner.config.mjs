import { readFileSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { junitReporter } from '@web/test-runner-junit-reporter';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { deviceCommandsPlugin } from './test/elements/support/device-commands-plugin.mjs';
import { dragCommandsPlugin } from './test/elements/support/drag-commands-plugin.mjs';
import { imeCommandsPlugin } from './test/elements/support/ime-commands-plugin.mjs';
import { storageCommandsPlugin } from './test/elements/support/storage-commands-plugin.mjs';

/** Debian's Chromium and the flags that keep it off the network here; shared with the e2e tests. */
const chromium = JSON.parse(readFileSync(new URL('./support/chromium.json', import.meta.url), 'utf8'));

/**
 * An Android phone's Chrome as the editor sees it: CodeMirror reads the user agent once, when it
 * loads, and takes its Android input paths (a keyboard's `deleteContentBackward` becomes a
 * Backspace) only under it.
 */
const ANDROID_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

function chromiumLauncher(contextOptions = {}) {
  return playwrightLauncher({
    product: 'chromium',
    launchOptions: { ...chromium, headless: true },
    createBrowserContext: ({ browser }) =>
      browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'], ...contextOptions }),
  });
}

/** Element tests in Debian's Chromium, driven by Playwright with real keyboard and mouse input. */
export default {
  files: ['test/elements/**/*.test.ts', '!test/elements/android/**'],
  groups: [
    {
      name: 'android',
      files: 'test/elements/android/**/*.test.ts',
      browsers: [chromiumLauncher({ userAgent: ANDROID_USER_AGENT, hasTouch: true })],
    },
  ],
  nodeResolve: true,
  concurrency: 1,
  testsFinishTimeout: 300_000,
  testFramework: { config: { timeout: 10_000 } },
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }),
    imeCommandsPlugin(),
    storageCommandsPlugin(),
    deviceCommandsPlugin(),
    dragCommandsPlugin(),
  ],
  browsers: [chromiumLauncher()],
  reporters: [defaultReporter(), junitReporter({ outputPath: './reports/elements.xml' })],
};
