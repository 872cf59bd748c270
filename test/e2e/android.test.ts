import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { composer, editor, userMessages } from './support/demo-page.js';
import { useDemoSession } from './support/demo-session.js';

/**
 * The demo on an Android phone's Chrome (its user agent, touch, a phone's screen), where the
 * editor takes text through the browser's EditContext: what a person types after a send, or after
 * going to another thread and back, all arrives, with no error on the page. Taps are real touches.
 */

const ANDROID_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

const session = useDemoSession('android-e2e');
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function openOnAndroid(thread: string): Promise<{ page: Page; errors: string[] }> {
  const context = await session().browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent: ANDROID_USER_AGENT,
    isMobile: true,
    hasTouch: true,
  });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${session().host.url}/index.html?thread=${thread}`);
  await editor(page).waitFor();
  return { page, errors };
}

const draftText = (page: Page) =>
  composer(page).evaluate((element) => (element as unknown as { value: { text: string } }).value.text);

describe('the demo on Android', () => {
  it('edits through EditContext, and keeps every key typed after a send', async () => {
    const { page, errors } = await openOnAndroid('android-send');
    await expect(
      editor(page).evaluate((content) => (content as HTMLElement & { editContext?: unknown }).editContext != null),
    ).resolves.toBe(true);
    await editor(page).tap();
    await page.keyboard.type('a first message from the phone');
    await page.locator('#composer [part~="send-button"]').tap();
    await userMessages(page).filter({ hasText: 'a first message from the phone' }).first().waitFor();
    await expect.poll(() => draftText(page)).toBe('');
    await page.keyboard.type('and the next one');
    await expect.poll(() => draftText(page)).toBe('and the next one');
    expect(errors).toEqual([]);
  });

  it('sends with a hardware keyboard’s Ctrl+Enter, and takes text right after', async () => {
    const { page, errors } = await openOnAndroid('android-keys');
    await editor(page).tap();
    await page.keyboard.type('typed on a keyboard');
    await page.keyboard.press('Control+Enter');
    await userMessages(page).filter({ hasText: 'typed on a keyboard' }).first().waitFor();
    await page.keyboard.type('more');
    await expect.poll(() => draftText(page)).toBe('more');
    expect(errors).toEqual([]);
  });
});
