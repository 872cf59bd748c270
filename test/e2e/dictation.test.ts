import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useDemoSession } from './support/demo-session.js';
import { composer, editor, recordPosts, shownTexts } from './support/demo-page.js';

/**
 * Dictation in the demo (SPEC §16). Headless Chromium has a `webkitSpeechRecognition` with no
 * speech service behind it, so a page gets, before its scripts run, either no recognition at all
 * (a browser without it) or a `SpeechRecognition` stand-in with a granted microphone, whose
 * results the test fires as a browser's recognizer would.
 */

const session = useDemoSession('dictation-e2e');

/** Installed before the page's scripts: a browser without speech recognition. */
function removeSpeechRecognition(): void {
  const scope = window as unknown as Record<string, unknown>;
  delete scope.SpeechRecognition;
  delete scope.webkitSpeechRecognition;
}

/** Installed before the page's scripts: a recognizer whose instances the test drives. */
function installSpeechStandIn(): void {
  const made: EventTarget[] = [];
  class StandInRecognition extends EventTarget {
    continuous = false;
    interimResults = false;
    lang = '';
    constructor() {
      super();
      made.push(this);
    }
    start(): void {}
    abort(): void {
      this.dispatchEvent(new Event('end'));
    }
  }
  const scope = window as unknown as Record<string, unknown>;
  scope.SpeechRecognition = StandInRecognition;
  scope.speechStandIns = made;
  const track = { stop: () => {} };
  Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
    configurable: true,
    value: async () => ({ getTracks: () => [track] }),
  });
}

/** The latest recognition reports the session's `results` (`[transcript, isFinal]`), changed from `resultIndex` on. */
async function recognize(page: Page, resultIndex: number, results: [string, boolean][]): Promise<void> {
  await page.waitForFunction(
    () => ((window as unknown as { speechStandIns: unknown[] }).speechStandIns ?? []).length > 0,
  );
  await page.evaluate(
    ({ index, list }) => {
      const made = (window as unknown as { speechStandIns: EventTarget[] }).speechStandIns;
      const results = list.map(([transcript, isFinal]) => Object.assign([{ transcript }], { isFinal }));
      made.at(-1)!.dispatchEvent(Object.assign(new Event('result'), { resultIndex: index, results }));
    },
    { index: resultIndex, list: results },
  );
}

/** A thread of the demo in a context of its own whose pages run `init` before their scripts. */
async function openWith(init: () => void, threadId: string, ...more: (() => void)[]): Promise<Page> {
  const context = await session().browser.newContext({ viewport: { width: 1100, height: 900 } });
  for (const script of [init, ...more]) await context.addInitScript(script);
  const page = await context.newPage();
  await page.goto(`${session().host.url}/index.html?thread=${threadId}`);
  await editor(page).waitFor();
  await page.locator('#transcript > li').first().waitFor();
  return page;
}

/** Installed before the page's scripts: a Mac, as the editor reads the platform. */
function pretendMac(): void {
  Object.defineProperty(navigator, 'platform', { configurable: true, get: () => 'MacIntel' });
}

describe('dictation in the demo', () => {
  it('says it is unavailable where the browser has no speech recognition, and offers no microphone', async () => {
    const page = await openWith(removeSpeechRecognition, 'dictation-unavailable');
    expect(await page.locator('#dictation-note').textContent()).toContain('Dictation is not available');
    expect(await composer(page).locator('[part~="dictation-button"]').count()).toBe(0);
    await page.context().close();
  });

  it('dictates into the draft between typed words and sends what was heard, guess included', async () => {
    const page = await openWith(installSpeechStandIn, 'dictation-e2e');
    const posted = recordPosts(page);
    expect(await page.locator('#dictation-note').count(), 'no note where the microphone shows').toBe(0);
    const button = composer(page).locator('[part~="dictation-button"]');
    await editor(page).click();
    await page.keyboard.type('Please');
    await button.click();
    // Pressed once the microphone is granted (a promise), not at the click itself.
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    await recognize(page, 0, [['check the total', true]]);
    await page.keyboard.type(' and');
    await recognize(page, 1, [
      ['check the total', true],
      ['the tax line', false],
    ]);
    await composer(page).locator('[part~="interim"]').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => posted.map((message) => message.text)).toEqual(['Please check the total and the tax line']);
    await expect.poll(() => shownTexts(page)).toEqual(['Please check the total and the tax line']);
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  });

  it('toggles with Cmd+Shift+Space on a Mac', async () => {
    const page = await openWith(installSpeechStandIn, 'dictation-mac', pretendMac);
    await editor(page).click();
    await page.keyboard.press('Meta+Shift+Space');
    const button = composer(page).locator('[part~="dictation-button"]');
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });
});
