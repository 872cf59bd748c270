import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../../server/host.js';
import { useDemoSession } from './support/demo-session.js';
import { insertTool, openTools } from './support/demo-page.js';

/** Drafts end to end: the demo's threads keep their drafts in IndexedDB across real page reloads. */

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const session = useDemoSession('drafts-e2e');
let host: RunningHost;
let context: BrowserContext;

beforeAll(() => {
  ({ host, context } = session());
});

/**
 * Polls a page function until it returns true. `page.waitForFunction` evaluates its predicate as a
 * page script, which the demo's strict policy refuses (no eval, Trusted Types); `evaluate` is not.
 */
async function until<Arg>(page: Page, predicate: (arg: Arg) => boolean | Promise<boolean>, arg?: Arg): Promise<void> {
  for (let tries = 0; tries < 150; tries++) {
    if (await page.evaluate(predicate as (arg: unknown) => Promise<boolean>, arg)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never true: ${predicate.toString().slice(0, 200)}`);
}

async function openThread(page: Page, thread: string): Promise<void> {
  await page.goto(`${host.url}/index.html?thread=${thread}`);
  await until(page, () => customElements.get('t3-composer') !== undefined);
}

type ComposerInPage = HTMLElement & {
  value: { text: string };
  draft: { attachments: { file: File; uploaded?: true; url?: string }[] };
  draftKey?: string;
};

const composerText = (page: Page) =>
  page.locator('t3-composer').evaluate((composer) => (composer as ComposerInPage).value.text);
const composerChips = (page: Page) => page.locator('t3-composer .cm-content t3-context-chip').count();

/**
 * Waits until the thread's draft is in IndexedDB with this text (and, with `uploaded`, its files
 * stored as uploaded), read straight from the database.
 */
async function storedText(page: Page, thread: string, text: string, uploaded = false): Promise<void> {
  await until(
    page,
    async ([key, expected, withUploads]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('t3-composer');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      if (!db.objectStoreNames.contains('drafts')) return false;
      // Each page writes its own record of a key, `[key, page]`; the one with the latest change is the draft.
      type Stored = { changedAt: number; draft?: { text?: string; attachments?: { uploaded?: boolean }[] } };
      const records = await new Promise<Stored[]>((resolve) => {
        const request = db
          .transaction('drafts')
          .objectStore('drafts')
          .getAll(IDBKeyRange.bound([key!], [key!, []]));
        request.onsuccess = () => resolve(request.result as Stored[]);
        request.onerror = () => resolve([]);
      });
      const record = records.sort((a, b) => b.changedAt - a.changedAt)[0];
      db.close();
      const files = record?.draft?.attachments ?? [];
      return record?.draft?.text === expected && (!withUploads || files.every((file) => file.uploaded === true));
    },
    [`demo-thread:${thread}`, text, uploaded] as const,
  );
}

describe('drafts in the demo', () => {
  let page: Page;

  beforeAll(async () => {
    page = await context.newPage();
    await openThread(page, 'drafts-a');
  });

  it('a draft with a chip and an image survives a reload: the image, uploaded on attach, is the host’s', async () => {
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.type('draft with ', { delay: 5 });
    await insertTool(page, 'Terminal excerpt');
    await page.locator('#attach-input').setInputFiles({
      name: 'dot.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_BASE64, 'base64'),
    });
    await page.locator('t3-composer [part~="attachment"]').waitFor();
    const text = await composerText(page);
    expect(text.startsWith('draft with [')).toBe(true);
    await storedText(page, 'drafts-a', text, true);

    await page.reload();
    await until(
      page,
      (expected) => {
        const composer = document.querySelector('t3-composer') as ComposerInPage | null;
        return composer?.value.text === expected;
      },
      text,
    );
    expect(await composerChips(page)).toBe(2);
    await page.locator('t3-composer [part~="attachment"]').waitFor();
    // Stored by its id and url, without bytes: the host serves them, identical.
    const back = await page.locator('t3-composer').evaluate((composer) => {
      const [attachment] = (composer as ComposerInPage).draft.attachments;
      return { uploaded: attachment!.uploaded, url: attachment!.url, size: attachment!.file.size };
    });
    expect(back).toMatchObject({ uploaded: true, size: 0 });
    const bytes = await fetch(`${host.url}${back.url}`).then((response) => response.arrayBuffer());
    expect(Buffer.from(bytes).toString('base64')).toBe(PNG_BASE64);
  });

  it('each thread keeps its own draft: switch away and back', async () => {
    const draftA = await composerText(page);
    await page.getByRole('button', { name: 'New chat' }).click();
    const newChat = (await page.locator('#thread-list a[aria-current="page"]').getAttribute('data-thread'))!;
    expect(newChat).not.toBe('drafts-a');
    await until(page, () => (document.querySelector('t3-composer') as ComposerInPage).value.text === '');
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.type('release draft', { delay: 5 });
    await page.locator('#thread-list a[data-thread="drafts-a"]').click();
    await until(
      page,
      (expected) => (document.querySelector('t3-composer') as ComposerInPage).value.text === expected,
      draftA,
    );
    expect(await composerChips(page)).toBe(2);
    await page.locator(`#thread-list a[data-thread="${newChat}"]`).click();
    await until(page, () => (document.querySelector('t3-composer') as ComposerInPage).value.text === 'release draft');
    // And after a reload the thread in the address is the one shown, with its draft.
    await page.reload();
    await until(page, () => (document.querySelector('t3-composer') as ComposerInPage).value.text === 'release draft');
  });

  it('↑ in an empty composer brings back the last sent message of the thread with its chips', async () => {
    await openThread(page, 'drafts-sent');
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.type('sent with ', { delay: 5 });
    await insertTool(page, 'Terminal excerpt');
    const text = await composerText(page);
    await page.locator('t3-composer .cm-content').press('Enter');
    await page.locator('#transcript t3-user-message').first().waitFor();
    await until(page, () => (document.querySelector('t3-composer') as ComposerInPage).value.text === '');
    await page.reload();
    await page.locator('#transcript t3-user-message').first().waitFor();
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.press('ArrowUp');
    await until(
      page,
      (expected) => (document.querySelector('t3-composer') as ComposerInPage).value.text === expected,
      text.trim(),
    );
    expect(await composerChips(page)).toBe(1);
  });

  it('the stash control lists a stashed draft and restores it', async () => {
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('set aside', { delay: 5 });
    // The stash is in the tools drawer; it stays open, showing the entry, until Escape closes it.
    await openTools(page);
    await page.locator('#stash').click();
    await page.locator('#stashes li', { hasText: 'set aside' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('#tools').waitFor({ state: 'hidden' });
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.type('a draft long enough that its preview cannot fit beside the buttons of the panel');
    await openTools(page);
    await page.locator('#stash').click();
    await page.locator('#stashes li').nth(1).waitFor();
    // Each entry's buttons stay inside the panel, however long the preview.
    const panel = (await page.locator('#tools').boundingBox())!;
    for (const button of await page.locator('#stashes button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
    }
    await page.locator('#stashes button', { hasText: 'Drop' }).first().click();
    await expect.poll(() => page.locator('#stashes li').count()).toBe(1);
    expect(await composerText(page)).toBe('');
    await page.locator('#stashes button', { hasText: 'Restore' }).click();
    await until(page, () => (document.querySelector('t3-composer') as ComposerInPage).value.text === 'set aside');
    expect(await page.locator('#stashes li').count()).toBe(0);
  });

  it('two tabs on one thread: the later change wins whole, never a mix of the two', async () => {
    const first = await context.newPage();
    await openThread(first, 'drafts-tabs');
    const second = await context.newPage();
    await openThread(second, 'drafts-tabs');

    await first.locator('t3-composer .cm-content').click();
    await first.keyboard.type('from the first tab ', { delay: 5 });
    await insertTool(first, 'Terminal excerpt');
    const firstText = await composerText(first);
    await storedText(first, 'drafts-tabs', firstText);

    await second.locator('t3-composer .cm-content').click();
    await second.keyboard.type('from the second tab ', { delay: 5 });
    await insertTool(second, 'Review comment');
    const secondText = await composerText(second);
    await storedText(second, 'drafts-tabs', secondText);

    // The first tab goes away and comes back: it shows the second tab's draft with its chip, nothing of its own.
    await first.reload();
    await until(
      first,
      (expected) => (document.querySelector('t3-composer') as ComposerInPage | null)?.value.text === expected,
      secondText,
    );
    const kinds = await first
      .locator('t3-composer .cm-content t3-context-chip')
      .evaluateAll((chips) => chips.map((chip) => chip.getAttribute('kind')));
    expect(kinds).toEqual(['review-comment']);
    await first.close();
    await second.close();
  });

  it('a draft typed just before leaving the page is saved as the page goes (pagehide), before the save delay', async () => {
    const quick = await context.newPage();
    await openThread(quick, 'drafts-pagehide');
    await quick.locator('t3-composer .cm-content').click();
    await quick.keyboard.type('typed and gone');
    // No wait: the debounced save (300 ms) has not run; only the save on pagehide can keep this.
    await quick.goto(`${host.url}/index.html?thread=drafts-other`);
    await quick.goto(`${host.url}/index.html?thread=drafts-pagehide`);
    await until(
      quick,
      () => (document.querySelector('t3-composer') as ComposerInPage | null)?.value.text === 'typed and gone',
    );
    await quick.close();
  });
});
