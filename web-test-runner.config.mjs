import { esbuildPlugin } from '@web/dev-server-esbuild';
import { junitReporter } from '@web/test-runner-junit-reporter';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { imeCommandsPlugin } from './test/elements/support/ime-commands-plugin.mjs';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Element tests in Debian's Chromium, driven by Playwright with real keyboard and mouse input. */
export default {
  files: 'test/elements/**/*.test.ts',
  nodeResolve: true,
  concurrency: 1,
  testsFinishTimeout: 300_000,
  testFramework: { config: { timeout: 10_000 } },
  plugins: [esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }), imeCommandsPlugin()],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs },
      createBrowserContext: ({ browser }) => browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] }),
    }),
  ],
  reporters: [defaultReporter(), junitReporter({ outputPath: './reports/elements.xml' })],
};
