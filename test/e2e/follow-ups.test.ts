import { describe, expect, it } from 'vitest';
import type { AssistantMessage, UserMessage } from '../../server/api-types.js';
import { useDemoSession } from './support/demo-session.js';
import {
  chipKinds,
  composer,
  editor,
  followUps,
  insertTool,
  isBusy,
  openThread,
  queueEntries,
  queueState,
  recordPosts,
  reload,
  replyState,
  replyStates,
  shownTexts,
  storedThread,
  userMessages,
  waitForStreaming,
} from './support/demo-page.js';

/**
 * Follow-ups in the demo (SPEC §14), typed and clicked as a person does: a message written while
 * the assistant answers waits in the composer's queue, with its chips, and goes out when the reply
 * ends (`delivery: 'queued'`); Stop pauses the queue until Resume. The host paces its replies over
 * a few seconds so there is time to write while one streams. Steering is in `steering.test.ts`.
 */

const session = useDemoSession('follow-ups-e2e', { replyPacing: { durationMs: 4000, maxChunks: 40 } });

const QUESTION = 'Why does checkout round the total down?';
const FOLLOW_UP = 'Also check the tax line in ';

describe('the Follow-ups setting', () => {
  it('is Queue by default, sets queue-mode when a person picks Steer, and keeps it across a reload', async () => {
    const page = await openThread(session(), 'follow-ups-setting');
    expect(await followUps(page).inputValue()).toBe('queue');
    expect(await composer(page).getAttribute('queue-mode')).toBe('queue');
    await followUps(page).selectOption({ label: 'Steer' });
    expect(await composer(page).getAttribute('queue-mode')).toBe('steer');
    await reload(page);
    expect(await followUps(page).inputValue()).toBe('steer');
    expect(await composer(page).getAttribute('queue-mode')).toBe('steer');
    await followUps(page).selectOption({ label: 'Queue' });
    expect(await composer(page).getAttribute('queue-mode')).toBe('queue');
    await page.context().close();
  });
});

describe('a follow-up written while the assistant answers', () => {
  it('waits in the queue with its chip, is sent as queued when the reply ends, and a reload keeps the thread', async () => {
    const page = await openThread(session(), 'queue-e2e');
    const posted = recordPosts(page);
    await editor(page).click();
    await page.keyboard.type(QUESTION);
    await page.keyboard.press('Enter');
    await waitForStreaming(page, 0);
    expect(await isBusy(page)).toBe(true);
    expect(await composer(page).locator('[part~="stop-button"]').count()).toBe(1);

    await page.keyboard.type(FOLLOW_UP);
    await insertTool(page, 'Terminal excerpt');
    // The send button says what Enter does now.
    expect(await composer(page).locator('[part~="send-button"]').getAttribute('aria-label')).toBe('Queue message');
    await page.keyboard.press('Enter');

    await expect.poll(() => queueEntries(page).count()).toBe(1);
    expect(await queueState(page)).toBe('1 queued');
    expect(await queueEntries(page).first().textContent()).toContain(FOLLOW_UP.trim());
    await expect.poll(() => chipKinds(queueEntries(page).first())).toEqual(['terminal']);
    // Still answering the first message: only that one has gone out, and the draft is empty again.
    expect(await replyState(page, 0)).toBe('streaming');
    expect(posted).toHaveLength(1);
    expect(
      await composer(page).evaluate((element) => (element as HTMLElement & { value: { text: string } }).value.text),
    ).toBe('');

    // The reply ends: the follow-up leaves the queue and goes out on its own.
    await expect.poll(() => userMessages(page).count(), { timeout: 15_000 }).toBe(2);
    expect(await replyState(page, 0)).toBe('complete');
    await expect.poll(() => queueEntries(page).count()).toBe(0);
    expect(await queueState(page)).toBeNull();
    expect(posted).toHaveLength(2);
    expect(posted[0]).toMatchObject({ text: QUESTION, delivery: 'new' });
    expect(posted[1]!.delivery).toBe('queued');
    expect(posted[1]!.context?.records.map((record) => record.kind)).toEqual(['terminal']);
    await expect.poll(() => chipKinds(userMessages(page).nth(1))).toEqual(['terminal']);
    await expect.poll(() => replyState(page, 1), { timeout: 15_000 }).toBe('complete');
    expect(await isBusy(page)).toBe(false);

    const { messages } = await storedThread(session(), 'queue-e2e');
    const [question, answer, followUp, second] = messages as [
      UserMessage,
      AssistantMessage,
      UserMessage,
      AssistantMessage,
    ];
    expect(messages).toHaveLength(4);
    expect(question.text).toBe(QUESTION);
    expect(answer).toMatchObject({ state: 'complete', replyTo: question.id });
    expect(followUp).toMatchObject({ parentId: answer.id, interruptedReplyId: null });
    expect(followUp.text).toContain(FOLLOW_UP.trim());
    expect(followUp.context?.records.map((record) => record.kind)).toEqual(['terminal']);
    expect(second).toMatchObject({ state: 'complete', replyTo: followUp.id });

    await reload(page);
    await expect.poll(() => shownTexts(page)).toEqual([question.text, followUp.text]);
    expect(await replyStates(page)).toEqual(['complete', 'complete']);
    await expect.poll(() => chipKinds(userMessages(page).nth(1))).toEqual(['terminal']);
    expect(await queueEntries(page).count()).toBe(0);
    await page.context().close();
  });
});

describe('Stop with a follow-up queued', () => {
  it('stops the reply and pauses the queue: nothing is sent until Resume', async () => {
    const page = await openThread(session(), 'pause-e2e');
    const posted = recordPosts(page);
    await editor(page).click();
    await page.keyboard.type(QUESTION);
    await page.keyboard.press('Enter');
    await waitForStreaming(page, 0);
    await page.keyboard.type('Then the shipping costs.');
    await page.keyboard.press('Enter');
    await expect.poll(() => queueState(page)).toBe('1 queued');

    await composer(page).locator('[part~="stop-button"]').click();
    await expect.poll(() => replyState(page, 0)).toBe('stopped');
    await expect.poll(() => isBusy(page)).toBe(false);
    expect(await page.locator('#transcript .reply-status').first().textContent()).toContain('stopped');
    // The turn ended, and the queue waits: it says so, and offers Resume.
    expect(await queueState(page)).toBe('1 queued · Paused');
    const resume = composer(page).locator('[part~="queue-resume"]');
    expect(await resume.isVisible()).toBe(true);
    expect(await queueEntries(page).first().textContent()).toContain('Then the shipping costs.');
    expect(posted).toHaveLength(1);
    const stopped = await storedThread(session(), 'pause-e2e');
    expect(stopped.messages).toHaveLength(2);
    expect(stopped.messages[1]).toMatchObject({ state: 'stopped', stopReason: 'stop-request' });
    expect(await userMessages(page).count()).toBe(1);

    await resume.click();
    await expect.poll(() => userMessages(page).count()).toBe(2);
    expect(await queueState(page)).toBeNull();
    expect(posted).toHaveLength(2);
    expect(posted[1]).toMatchObject({ text: 'Then the shipping costs.', delivery: 'queued' });
    await expect.poll(() => replyState(page, 1), { timeout: 15_000 }).toBe('complete');
    const resumed = await storedThread(session(), 'pause-e2e');
    expect(resumed.messages.map((message) => [message.role, message.text.slice(0, 24)])).toEqual([
      ['user', QUESTION.slice(0, 24)],
      ['assistant', stopped.messages[1]!.text.slice(0, 24)],
      ['user', 'Then the shipping costs.'],
      ['assistant', resumed.messages[3]!.text.slice(0, 24)],
    ]);
    expect(resumed.messages[2]).toMatchObject({ parentId: stopped.messages[1]!.id });
    expect(resumed.messages[3]).toMatchObject({ state: 'complete' });
    await page.context().close();
  });
});
