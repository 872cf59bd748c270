import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMessage, ThreadListing, UserMessage } from '../../server/api-types.js';
import type { RunningHost } from '../../server/host.js';
import { axeViolations } from './support/axe.js';
import { useDemoSession } from './support/demo-session.js';

/**
 * Edits as branches in the demo (SPEC §15): a message with versions shows `‹ 2 / 2 ›`, Previous
 * and Next switch the transcript between the versions' branches with a click or the keyboard,
 * and a reload shows the branch last chosen. The picker's versions are made through the host's
 * API, the way an edit sends them; the edit test presses the message's Edit control and types.
 * Edits with files, cancelled and refused edits: `editing.test.ts`.
 */

const session = useDemoSession('branches-e2e', { replyPacing: { durationMs: 200, maxChunks: 4 } });
let host: RunningHost;

beforeAll(() => {
  ({ host } = session());
});

async function post(threadId: string, text: string, parentId?: string | null): Promise<UserMessage> {
  const response = await fetch(`${host.url}/api/threads/${threadId}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ text, ...(parentId !== undefined && { parentId }) }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as CreatedMessage).message;
}

async function stored(threadId: string): Promise<ThreadListing> {
  return (await (await fetch(`${host.url}/api/threads/${threadId}/messages`)).json()) as ThreadListing;
}

/** A thread `a, b, c` whose `b` was edited into `b, edited` (shown). */
async function editedThread(threadId: string) {
  await post(threadId, 'a');
  const b = await post(threadId, 'b');
  await post(threadId, 'c');
  const edited = await post(threadId, 'b, edited', b.parentId);
  return { b, edited };
}

async function openThread(threadId: string, options: { hasTouch?: boolean } = {}): Promise<Page> {
  const context = await session().browser.newContext({ viewport: { width: 1100, height: 800 }, ...options });
  const page = await context.newPage();
  await page.goto(`${host.url}/index.html?thread=${threadId}`);
  await page.locator('#transcript t3-user-message').first().waitFor();
  return page;
}

const shownTexts = (page: Page) =>
  page
    .locator('#transcript t3-user-message')
    .evaluateAll((all) => all.map((m) => (m as HTMLElement & { text: string }).text));
const picker = (page: Page) => page.locator('#transcript .versions');
const previous = (page: Page) => page.getByRole('button', { name: 'Previous version' });
const next = (page: Page) => page.getByRole('button', { name: 'Next version' });

describe('the version picker', () => {
  it('switches between the versions of an edited message with clicks and keys, and a reload keeps the choice', async () => {
    await editedThread('versions');
    const page = await openThread('versions');
    expect(await shownTexts(page)).toEqual(['a', 'b, edited']);
    expect(await picker(page).count()).toBe(1);
    expect(await picker(page).textContent()).toContain('2 / 2');
    expect(await picker(page).getAttribute('aria-label')).toBe('Version 2 of 2');
    expect(await next(page).isDisabled()).toBe(true);
    // Every message is editable; the picker sits under the edited one.
    expect(await page.locator('#transcript t3-user-message[editable]').count()).toBe(2);

    await previous(page).click();
    await expect.poll(() => shownTexts(page)).toEqual(['a', 'b', 'c']);
    expect(await picker(page).textContent()).toContain('1 / 2');
    // The focus stays on the picker: Previous is now disabled, so Next has it, and the keyboard goes on.
    await expect.poll(() => next(page).evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => shownTexts(page)).toEqual(['a', 'b, edited']);
    await expect.poll(() => previous(page).evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => shownTexts(page)).toEqual(['a', 'b', 'c']);

    await page.reload();
    await page.locator('#transcript .versions').waitFor();
    expect(await shownTexts(page)).toEqual(['a', 'b', 'c']);
    expect(await picker(page).textContent()).toContain('1 / 2');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('gives each control a 44 px target on a touch screen', async () => {
    await editedThread('versions-touch');
    const page = await openThread('versions-touch', { hasTouch: true });
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    for (const control of [
      previous(page),
      next(page),
      page.getByRole('combobox', { name: 'Follow-ups', exact: true }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    await page.context().close();
  });
});

describe('an edit of a sent message', () => {
  it('is sent as a new version after the edited message’s parent; the picker shows it, and a reload too', async () => {
    const { b, edited } = await editedThread('edit-e2e');
    const page = await openThread('edit-e2e');
    const posted: { text: string; parentId?: string | null }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/threads/edit-e2e/messages')) {
        posted.push(request.postDataJSON() as { text: string; parentId?: string | null });
      }
    });
    // As a person does: hover the message, press Edit, change the text, press Enter.
    const message = page.locator(`#transcript li[data-message-id="${edited.id}"] t3-user-message`);
    await message.hover();
    await message.locator('[part~="edit-button"]').click();
    const inline = message.locator('t3-composer[part~="editor"] .cm-content');
    await inline.waitFor();
    await expect.poll(() => inline.evaluate((content) => content.matches(':focus'))).toBe(true);
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' again');
    await page.keyboard.press('Enter');

    await expect.poll(() => shownTexts(page)).toEqual(['a', 'b, edited again']);
    expect(await picker(page).textContent()).toContain('3 / 3');
    await expect.poll(() => page.locator('#transcript .reply').last().getAttribute('data-state')).toBe('complete');
    expect(await page.locator('#transcript t3-composer').count()).toBe(0);
    expect(posted).toEqual([expect.objectContaining({ text: 'b, edited again', parentId: b.parentId })]);

    const thread = await stored('edit-e2e');
    const newest = thread.messages[2] as UserMessage;
    expect(newest).toMatchObject({ text: 'b, edited again', parentId: b.parentId });
    expect(thread.versions[newest.id]).toEqual({ siblings: [b.id, edited.id, newest.id], index: 2 });

    await page.reload();
    await page.locator('#transcript .versions').waitFor();
    expect(await shownTexts(page)).toEqual(['a', 'b, edited again']);
    await previous(page).click();
    await expect.poll(() => shownTexts(page)).toEqual(['a', 'b, edited']);
    expect(await picker(page).textContent()).toContain('2 / 3');
    await page.context().close();
  });
});
