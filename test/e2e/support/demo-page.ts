import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Delivery, ThreadListing } from '../../../server/api-types.js';
import type { DemoSession } from './demo-session.js';

/**
 * The demo page as a person uses it, and the host as the API stores it: shared by the tests that
 * send, queue, steer and edit messages through real key presses and clicks.
 */

/** A message as the demo POSTs it to the host (what the request body holds). */
export interface PostedMessage {
  text: string;
  context: { version: 1; records: { kind: string; attachmentId?: string }[] } | null;
  attachments: { attachmentId: string; name: string; mimeType: string; dataBase64: string }[];
  parentId?: string | null;
  delivery?: Delivery;
}

/** A thread of the demo in a page of its own browser context: its own storage, so Follow-ups starts at Queue. */
export async function openThread(session: DemoSession, threadId: string): Promise<Page> {
  const context = await session.browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${session.host.url}/index.html?thread=${threadId}`);
  await editor(page).waitFor();
  // The thread is listed (empty or not) once the transcript has an entry.
  await page.locator('#transcript > li').first().waitFor();
  return page;
}

/** Reloads the page and waits until the thread is listed again. */
export async function reload(page: Page): Promise<void> {
  await page.reload();
  await editor(page).waitFor();
  await page.locator('#transcript > li').first().waitFor();
}

/** Every message the page POSTs to the host from now on, as sent, in order. */
export function recordPosts(page: Page): PostedMessage[] {
  const posted: PostedMessage[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/threads\/[^/]+\/messages$/.test(new URL(request.url()).pathname)) {
      posted.push(request.postDataJSON() as PostedMessage);
    }
  });
  return posted;
}

/** The thread as the host lists it (the branch shown). */
export async function storedThread(session: DemoSession, threadId: string): Promise<ThreadListing> {
  const response = await fetch(`${session.host.url}/api/threads/${threadId}/messages`);
  return (await response.json()) as ThreadListing;
}

/** The page's own composer (not a message's inline editor). */
export const composer = (page: Page): Locator => page.locator('#composer');
export const editor = (page: Page): Locator => page.locator('#composer .cm-content');
export const isBusy = (page: Page): Promise<boolean> =>
  composer(page).evaluate((element) => element.hasAttribute('busy'));
export const followUps = (page: Page): Locator => page.getByRole('combobox', { name: 'Follow-ups', exact: true });

export const queueEntries = (page: Page): Locator => page.locator('#composer [part~="queue-entry"]');
export const queueState = async (page: Page): Promise<string | null> => {
  const state = page.locator('#composer [part~="queue-state"]');
  return (await state.count()) === 0 ? null : ((await state.textContent()) ?? '').trim();
};

export const userMessages = (page: Page): Locator => page.locator('#transcript t3-user-message');
/** The texts of the user messages shown, in order. */
export const shownTexts = (page: Page): Promise<string[]> =>
  userMessages(page).evaluateAll((all) => all.map((message) => (message as HTMLElement & { text: string }).text));
export const replyState = (page: Page, index: number): Promise<string | null> =>
  page.locator('#transcript .reply').nth(index).getAttribute('data-state');
export const replyStates = (page: Page): Promise<(string | null)[]> =>
  page.locator('#transcript .reply').evaluateAll((replies) => replies.map((reply) => reply.getAttribute('data-state')));
/** The Markdown source of the reply at `index` as shown so far (its answer, streamed piece by piece). */
export const replyText = async (page: Page, index: number): Promise<string> =>
  (await page.locator('#transcript .reply-body').nth(index).getAttribute('data-markdown')) ?? '';

/** Waits until the reply at `index` streams and has shown some of its text. */
export async function waitForStreaming(page: Page, index: number): Promise<void> {
  await expect.poll(() => replyState(page, index)).toBe('streaming');
  await expect.poll(async () => (await replyText(page, index)).length).toBeGreaterThan(0);
}

/** The kinds of the chips inside `locator`, in order. */
export const chipKinds = (locator: Locator): Promise<string[]> =>
  locator.locator('t3-context-chip').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('kind') ?? ''));

/** Opens the tools drawer (context to insert at the caret, stashed drafts) with the Tools button, unless it is open. */
export async function openTools(page: Page): Promise<void> {
  if (await page.locator('#tools').isVisible()) return;
  await page.locator('#tools-toggle').click();
  await page.locator('#tools').waitFor();
}

/** Inserts context at the caret with one of the tools, as a person does: open the drawer, press it; it closes. */
export async function insertTool(page: Page, name: string): Promise<void> {
  await openTools(page);
  await page.locator('#tools').getByRole('button', { name, exact: true }).click();
  await page.locator('#tools').waitFor({ state: 'hidden' });
}

/**
 * Waits until every message of the transcript has drawn its body, chips and all: until the code a
 * message loads on demand has come, it shows an empty, `aria-busy` body.
 */
export async function transcriptDrawn(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.locator('#transcript t3-user-message').evaluateAll(
          (all) =>
            all.length > 0 &&
            all.every((message) => {
              const body = message.shadowRoot?.querySelector('[part~="body"]');
              return !!body && body.getAttribute('aria-busy') !== 'true';
            }),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}
