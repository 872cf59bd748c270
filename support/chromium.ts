import { readFileSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium and the flags that keep it off the network here; shared with web-test-runner. */
const launch = JSON.parse(readFileSync(new URL('./chromium.json', import.meta.url), 'utf8')) as {
  executablePath: string;
  args: string[];
};

/** Headless Chromium for the e2e tests, the browser benchmarks and the screenshot script. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ ...launch, headless: true });
}
