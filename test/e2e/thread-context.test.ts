import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { toKindScopedContextId } from '../../src/core/index.js';
import { useDemoSession } from './support/demo-session.js';
import { chipKinds, editor, openThread, recordPosts, userMessages } from './support/demo-page.js';

/**
 * Other threads as context through the demo: a thread dragged from the thread list into the
 * composer (a real drag in Chromium) or picked from the `@` menu's Threads group becomes a thread
 * chip, goes to the host with its record, and opens that thread when activated in a sent message.
 */

const session = useDemoSession('thread-context-e2e');
const OTHER = 'release-plan';
const TITLE = 'Release checklist for v2';

const expectedRecord = {
  version: 1,
  contextId: toKindScopedContextId('thread', OTHER),
  label: TITLE,
  kind: 'thread',
  environmentId: 'demo-host',
  threadId: OTHER,
  title: TITLE,
};

beforeAll(async () => {
  const response = await fetch(`${session().host.url}/api/threads/${OTHER}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ text: TITLE }),
  });
  expect(response.status).toBe(201);
});

const draftChips = (page: Page) => page.locator('#composer .cm-content t3-context-chip');

describe('threads as context in the demo', () => {
  it('a thread dragged from the list lands in the composer as a chip, is sent with its record, and opens', async () => {
    const page = await openThread(session(), 'drag-a-thread');
    const posts = recordPosts(page);
    await editor(page).click();
    await page.keyboard.type('Compare with ', { delay: 10 });

    const listed = page.locator(`#thread-list a[data-thread="${OTHER}"]`);
    await listed.waitFor();
    const box = (await editor(page).boundingBox())!;
    await listed.dragTo(editor(page), { targetPosition: { x: box.width - 8, y: box.height / 2 } });

    await expect.poll(() => chipKinds(editor(page))).toEqual(['thread']);
    expect(
      await draftChips(page)
        .first()
        .evaluate((chip) => (chip as HTMLElement & { label: string }).label),
    ).toBe(TITLE);
    // A click on the chip in the draft is editing: the thread shown stays.
    await draftChips(page).first().click();
    expect(await page.evaluate(() => new URL(location.href).searchParams.get('thread'))).toBe('drag-a-thread');
    await editor(page).press('End');
    await page.keyboard.press('Enter');

    await expect.poll(() => posts.length).toBe(1);
    expect(posts[0]!.context?.records).toEqual([expectedRecord]);
    const sentChip = userMessages(page).last().locator('t3-context-chip');
    await sentChip.waitFor();
    expect(await sentChip.getAttribute('kind')).toBe('thread');

    await sentChip.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('thread')).toBe(OTHER);
    await expect.poll(() => page.locator('#thread-title').textContent()).toBe(TITLE);
    await page.context().close();
  });

  it('the @ menu offers a Threads group; a picked thread is sent with its record', async () => {
    const page = await openThread(session(), 'pick-a-thread');
    const posts = recordPosts(page);
    await editor(page).click();
    await page.keyboard.type('See @Release', { delay: 10 });

    const menu = page.locator('#composer [part~="menu"]');
    const option = menu.getByRole('option', { name: TITLE, exact: true });
    await option.waitFor();
    expect(await menu.locator('.menu-group', { hasText: 'Threads' }).count()).toBe(1);
    await option.click();

    await expect.poll(() => chipKinds(editor(page))).toEqual(['thread']);
    await page.keyboard.press('Enter');
    await expect.poll(() => posts.length).toBe(1);
    expect(posts[0]!.context?.records).toEqual([expectedRecord]);
    await page.context().close();
  });
});
