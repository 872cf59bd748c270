import { readFileSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { junitReporter } from '@web/test-runner-junit-reporter';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { imeCommandsPlugin } from './test/elements/support/ime-commands-plugin.mjs';
import { storageCommandsPlugin } from './test/elements/support/storage-commands-plugin.mjs';

/** Debian's Chromium and the flags that keep it off the network here; shared with the e2e tests. */
const chromium = JSON.parse(readFileSync(new URL('./support/chromium.json', import.meta.url), 'utf8'));

/** Element tests in Debian's Chromium, driven by Playwright with real keyboard and mouse input. */
export default {
  files: 'test/elements/**/*.test.ts',
  nodeResolve: true,
  concurrency: 1,
  testsFinishTimeout: 300_000,
  testFramework: { config: { timeout: 10_000 } },
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }),
    imeCommandsPlugin(),
    storageCommandsPlugin(),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { ...chromium, headless: true },
      createBrowserContext: ({ browser }) => browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] }),
    }),
  ],
  reporters: [defaultReporter(), junitReporter({ outputPath: './reports/elements.xml' })],
};
