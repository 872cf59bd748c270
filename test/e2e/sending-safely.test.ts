import type { BrowserContext, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ThreadListing } from '../../server/api-types.js';
import type { RunningHost } from '../../server/host.js';
import { useDemoSession } from './support/demo-session.js';
import { insertTool } from './support/demo-page.js';

/**
 * Sending safely through the demo: the composer keeps a submitted draft until the host has stored
 * the message (`waitUntil`), so what a person types meanwhile is never lost, a refused message
 * comes back with its chips, and a message still in flight when the page goes away comes back as
 * a stash entry instead of being sent again. Meanwhile the transcript shows the message, marked
 * as sending, until the stored one takes its place (or, refused, it is taken out). The host is
 * slowed, broken or silenced per page with routes on its message endpoint; everything else is
 * real: key presses, clicks, the host's store.
 */

const session = useDemoSession('sending-safely-e2e', { replyPacing: { durationMs: 300, maxChunks: 5 } });
let host: RunningHost;
let context: BrowserContext;

beforeAll(() => {
  ({ host, context } = session());
});

const MESSAGES = '**/api/threads/*/messages';

type ComposerInPage = HTMLElement & {
  value: { text: string; records: { kind: string }[] };
  stashes: { preview: string; unsent?: boolean; draft: { text: string } }[];
};

async function openPage(path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${host.url}${path}`);
  await page.locator('t3-composer .cm-content').waitFor();
  return page;
}

async function storedThread(threadId: string): Promise<ThreadListing['messages']> {
  const response = await fetch(`${host.url}/api/threads/${threadId}/messages`);
  return ((await response.json()) as ThreadListing).messages;
}

const userTexts = async (threadId: string) =>
  (await storedThread(threadId)).flatMap((message) => (message.role === 'user' ? [message.text] : []));

const composer = (page: Page) => page.locator('t3-composer');
const composerText = (page: Page) => composer(page).evaluate((element) => (element as ComposerInPage).value.text);
const composerKinds = (page: Page) =>
  composer(page).evaluate((element) => (element as ComposerInPage).value.records.map((record) => record.kind));
const editorChips = (page: Page) => page.locator('t3-composer .cm-content t3-context-chip').count();
const isSending = (page: Page) => composer(page).evaluate((element) => element.hasAttribute('sending'));
const queueEntries = (page: Page) => page.locator('t3-composer [part~="queue-entry"]');
const replyStates = (page: Page) =>
  page.locator('#transcript .reply').evaluateAll((replies) => replies.map((reply) => reply.getAttribute('data-state')));

/** Routes each POST of a message through `answer`; GETs (the thread's listing) go to the host. */
async function onPost(page: Page, answer: (route: Route) => Promise<void> | void): Promise<string[]> {
  const posted: string[] = [];
  await page.route(MESSAGES, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posted.push((route.request().postDataJSON() as { text: string }).text);
    await answer(route);
  });
  return posted;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('what is typed while a message is sent', () => {
  it('a slow host: the text typed straight after Enter stays, and only the sent message is stored', async () => {
    const page = await openPage('/index.html?thread=safe-slow');
    // The host answers once the test has looked at the page while the message was in flight.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const posted = await onPost(page, async (route) => {
      await answered;
      await route.continue();
    });
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.type('fix the build');
    await page.keyboard.press('Enter');
    await page.keyboard.type('also the tests');
    // The composer cleared at Enter and is busy at once: the new text is neither sent nor queued.
    expect(await composerText(page)).toBe('also the tests');
    expect(await queueEntries(page).count()).toBe(0);
    await expect.poll(() => isSending(page)).toBe(true);

    answer();
    await expect.poll(() => userTexts('safe-slow'), { timeout: 15_000 }).toEqual(['fix the build']);
    await expect.poll(() => page.locator('#transcript t3-user-message').count()).toBe(1);
    await expect.poll(() => replyStates(page), { timeout: 15_000 }).toEqual(['complete']);
    await expect.poll(() => isSending(page)).toBe(false);
    expect(await composerText(page)).toBe('also the tests');
    expect(posted).toEqual(['fix the build']);
    expect(await userTexts('safe-slow')).toEqual(['fix the build']);
    expect(await queueEntries(page).count()).toBe(0);
    await page.close();
  });

  it('a normal host: a keystroke straight after Enter is kept', async () => {
    const page = await openPage('/index.html?thread=safe-quick');
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.type('ping');
    // Enter and the next key back to back, as a fast typist rolls them (no round trip between).
    await Promise.all([page.keyboard.press('Enter'), page.keyboard.press('k')]);
    await expect.poll(() => replyStates(page), { timeout: 15_000 }).toEqual(['complete']);
    expect(await composerText(page)).toBe('k');
    expect(await userTexts('safe-quick')).toEqual(['ping']);
    await page.close();
  });
});

describe('the message in the transcript while it is sent', () => {
  const entries = (page: Page) => page.locator('#transcript > li.entry');
  const sendingEntry = (page: Page) => page.locator('#transcript > li.entry.user[data-state="sending"]');

  it('shows at once, marked as sending, and is replaced by the stored message when the host answers', async () => {
    const page = await openPage('/index.html?thread=safe-optimistic');
    await page.locator('#transcript .entry.empty').waitFor();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await onPost(page, async (route) => {
      await answered;
      await route.continue();
    });
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.type('fix the build ');
    await insertTool(page, 'Terminal excerpt');
    await page.keyboard.press('Enter');

    // Before the host has answered: the message is in the transcript with its chip, saying it is being sent.
    await sendingEntry(page).waitFor();
    expect(await page.locator('#transcript .entry.empty').count()).toBe(0);
    expect(await entries(page).count()).toBe(1);
    const shown = sendingEntry(page).locator('t3-user-message');
    expect(await shown.evaluate((element) => (element as HTMLElement & { text: string }).text)).toMatch(
      /^fix the build \[Terminal 1 lines 12-15\]\(t3-context:/,
    );
    await expect.poll(() => shown.locator('t3-context-chip[kind="terminal"]').count()).toBe(1);
    expect(await sendingEntry(page).textContent()).toContain('Sending…');
    expect(await sendingEntry(page).getAttribute('aria-busy')).toBe('true');
    expect(await shown.evaluate((element) => element.hasAttribute('editable'))).toBe(false);
    expect(await storedThread('safe-optimistic')).toEqual([]);

    answer();
    // The stored message takes its place, under the host's id, with its reply after it.
    await expect.poll(() => sendingEntry(page).count()).toBe(0);
    const [stored] = await storedThread('safe-optimistic');
    expect(await page.locator('#transcript > li.entry.user').count()).toBe(1);
    expect(await page.locator('#transcript > li.entry.user').getAttribute('data-message-id')).toBe(stored!.id);
    expect(await page.locator('#transcript > li.entry.user t3-user-message').getAttribute('editable')).toBe('');
    await expect.poll(() => replyStates(page), { timeout: 15_000 }).toEqual(['complete']);
    expect(await entries(page).evaluateAll((all) => all.map((entry) => entry.className))).toEqual([
      'entry user',
      'entry assistant',
    ]);
    await page.close();
  });

  it('is taken out when the host refuses it, and the thread is empty again', async () => {
    const page = await openPage('/index.html?thread=safe-optimistic-refused');
    await page.locator('#transcript .entry.empty').waitFor();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await onPost(page, async (route) => {
      await answered;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'busy' }) });
    });
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.type('not stored');
    await page.keyboard.press('Enter');
    await sendingEntry(page).waitFor();
    expect(await composerText(page)).toBe('');

    answer();
    await expect.poll(() => sendingEntry(page).count()).toBe(0);
    expect(await page.locator('#transcript t3-user-message').count()).toBe(0);
    expect(await page.locator('#transcript .entry.empty').count()).toBe(1);
    // The composer has the draft back, as it had it.
    expect(await composerText(page)).toBe('not stored');
    await page.close();
  });
});

describe('a message the host refuses', () => {
  it('comes back with its chip in front of what was typed since, with a notice; one undo takes it back', async () => {
    const page = await openPage('/index.html?thread=safe-refused');
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const posted = await onPost(page, async (route) => {
      await answered;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'the host is down' }),
      });
    });
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.type('see the log ');
    await insertTool(page, 'Terminal excerpt');
    expect(await editorChips(page)).toBe(1);
    const draft = await composerText(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type('and more');
    expect(await composerText(page)).toBe('and more');
    await expect.poll(() => isSending(page)).toBe(true);

    answer();
    const notice = page.locator('t3-composer [part~="notice"]');
    await expect.poll(() => notice.textContent()).toContain('the host is down');
    expect(await notice.isVisible()).toBe(true);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatch(/^see the log \[/);
    // The refused draft as it was, then one newline, then what was typed since.
    expect(await composerText(page)).toBe(`${draft}\nand more`);
    expect(await composerKinds(page)).toEqual(['terminal']);
    expect(await editorChips(page)).toBe(1);
    // The notice reads as two sentences and is the one place that says it: the status line does not repeat it.
    expect(await notice.textContent()).toBe('Not sent: the host is down. Your message is back in the composer.');
    expect(await page.locator('#status').textContent()).toBe('');
    expect(await isSending(page)).toBe(false);
    expect(await composer(page).evaluate((element) => element.hasAttribute('busy'))).toBe(false);
    expect(await storedThread('safe-refused')).toEqual([]);

    await page.keyboard.press('Control+z');
    expect(await composerText(page)).toBe('and more');
    expect(await editorChips(page)).toBe(0);
    await page.close();
  });
});

describe('a host that never answers', () => {
  it('a page that does not set busy: the send button says it is busy, and Enter queues meanwhile', async () => {
    const page = await openPage('/script-tag.html');
    await onPost(page, () => {});
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.type('no answer');
    await page.keyboard.press('Enter');
    await expect.poll(() => isSending(page)).toBe(true);
    expect(await composer(page).evaluate((element) => element.hasAttribute('busy'))).toBe(false);
    expect(await page.locator('t3-composer [part~="send-button"]').getAttribute('aria-busy')).toBe('true');
    await page.keyboard.type('meanwhile');
    expect(await composerText(page)).toBe('meanwhile');
    await page.keyboard.press('Enter');
    await expect.poll(() => queueEntries(page).count()).toBe(1);
    expect(await queueEntries(page).first().textContent()).toContain('meanwhile');
    expect(await composerText(page)).toBe('');
    await page.close();
  });

  it('the demo: sending, Enter queues; after a reload the message is a "Maybe not sent" stash entry, not resent', async () => {
    const page = await openPage('/index.html?thread=safe-silent');
    let answering = false;
    const posted = await onPost(page, (route) => (answering ? route.continue() : undefined));
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.type('stuck message');
    await page.keyboard.press('Enter');
    await expect.poll(() => isSending(page)).toBe(true);
    // The demo is busy while it waits: the stop button shows in place of the send button.
    expect(await composer(page).evaluate((element) => element.hasAttribute('busy'))).toBe(true);
    expect(await page.locator('t3-composer [part~="stop-button"]').isVisible()).toBe(true);
    await page.keyboard.type('typed meanwhile');
    await pause(300);
    expect(await composerText(page)).toBe('typed meanwhile');
    expect(await isSending(page)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => queueEntries(page).count()).toBe(1);
    expect(await queueEntries(page).first().textContent()).toContain('typed meanwhile');
    expect(await composerText(page)).toBe('');
    expect(posted).toEqual(['stuck message']);
    expect(await storedThread('safe-silent')).toEqual([]);

    // The host answers again from now on (the request left unanswered is cut by the reload).
    answering = true;
    await page.reload();
    await page.locator('t3-composer .cm-content').waitFor();
    const stash = page.locator('#stashes li .stash-preview');
    await expect.poll(() => stash.count()).toBe(1);
    expect(await stash.first().textContent()).toMatch(/^Maybe not sent/);
    expect(await stash.first().textContent()).toContain('stuck message');
    const stashes = await composer(page).evaluate((element) =>
      (element as ComposerInPage).stashes.map(({ unsent, draft }) => ({ unsent, text: draft.text })),
    );
    expect(stashes).toEqual([{ unsent: true, text: 'stuck message' }]);
    // The follow-up queued meanwhile goes out as the demo sends a waiting queue; the stuck message does not.
    await expect.poll(() => userTexts('safe-silent'), { timeout: 15_000 }).toEqual(['typed meanwhile']);
    await expect.poll(() => replyStates(page), { timeout: 15_000 }).toEqual(['complete']);
    await pause(500);
    expect(await userTexts('safe-silent')).toEqual(['typed meanwhile']);
    expect(await stash.count()).toBe(1);
    expect(await isSending(page)).toBe(false);
    await page.close();
  });
});
