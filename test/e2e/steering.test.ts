import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AssistantMessage, UserMessage } from '../../server/api-types.js';
import {
  INTERRUPTED_HEADING,
  INTERRUPTED_PROSE_HEADING,
  NEW_MESSAGE_HEADING,
  NEW_PROSE_HEADING,
  STEERED_INTRO,
} from '../../server/assistant.js';
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
  replyText,
  shownTexts,
  storedThread,
  type PostedMessage,
  userMessages,
  waitForStreaming,
} from './support/demo-page.js';

/**
 * Steering in the demo (SPEC §14), typed and clicked as a person does: with Follow-ups set to
 * Steer, Enter while the assistant answers sends the message into the running reply, which ends
 * where it is (stored as `steered`), and the next reply answers both messages. In Queue mode,
 * Ctrl+Shift+Enter steers once. The host paces its replies over a few seconds.
 */

const session = useDemoSession('steering-e2e', { replyPacing: { durationMs: 4000, maxChunks: 40 } });

const QUESTION = 'Why does checkout round the total down? ';
const STEER = 'Only the rounding, please.';

/** Sends the first message of a thread, with a terminal chip, and waits until its reply streams. */
async function askAndWaitForStreaming(page: Page): Promise<void> {
  await editor(page).click();
  await page.keyboard.type(QUESTION);
  await insertTool(page, 'Terminal excerpt');
  await page.keyboard.press('Enter');
  await waitForStreaming(page, 0);
}

/**
 * What the host stored for a steer: the question, its reply ended early by the steer, the steer
 * after that reply, and a complete reply answering both; the page shows the same.
 */
async function expectSteered(page: Page, threadId: string, posted: readonly PostedMessage[]): Promise<void> {
  await expect.poll(() => userMessages(page).count()).toBe(2);
  await expect.poll(() => replyState(page, 0)).toBe('stopped');
  expect(await page.locator('#transcript .reply-status').first().textContent()).toBe(
    'Simulated assistant · ended early: your next message steered it',
  );
  expect(posted.map((message) => message.delivery)).toEqual(['new', 'steer']);
  expect(posted[1]!.text).toBe(STEER);
  await expect.poll(() => replyState(page, 1), { timeout: 15_000 }).toBe('complete');
  expect(await isBusy(page)).toBe(false);

  const { messages } = await storedThread(session(), threadId);
  expect(messages).toHaveLength(4);
  const [question, interrupted, steered, answer] = messages as [
    UserMessage,
    AssistantMessage,
    UserMessage,
    AssistantMessage,
  ];
  expect(question.context?.records.map((record) => record.kind)).toEqual(['terminal']);
  expect(interrupted).toMatchObject({ state: 'stopped', stopReason: 'steered', replyTo: question.id });
  expect(interrupted.text.length).toBeGreaterThan(0);
  expect(steered).toMatchObject({ text: STEER, parentId: interrupted.id, interruptedReplyId: interrupted.id });
  expect(answer).toMatchObject({ state: 'complete', replyTo: steered.id });
  expect(answer.modelInput.startsWith(`${STEERED_INTRO}\n\n${INTERRUPTED_HEADING}\n`)).toBe(true);
  expect(answer.modelInput).toContain(QUESTION.trim());
  expect(answer.modelInput).toContain(`${NEW_MESSAGE_HEADING}\n${STEER}`);
  // The answer in prose takes both, the interrupted question first.
  expect(answer.text.indexOf(INTERRUPTED_PROSE_HEADING)).toBeLessThan(answer.text.indexOf(NEW_PROSE_HEADING));
  expect(await replyText(page, 1)).toBe(answer.text);
  expect(await replyText(page, 0)).toBe(interrupted.text);

  await reload(page);
  await expect.poll(() => shownTexts(page)).toEqual([question.text, STEER]);
  expect(await replyStates(page)).toEqual(['stopped', 'complete']);
  await expect.poll(() => chipKinds(userMessages(page).first())).toEqual(['terminal']);
}

describe('Follow-ups set to Steer', () => {
  it('Enter while a reply streams ends it early, and the next reply answers both messages', async () => {
    const page = await openThread(session(), 'steer-e2e');
    const posted = recordPosts(page);
    await followUps(page).click();
    await followUps(page).selectOption({ label: 'Steer' });
    expect(await composer(page).getAttribute('queue-mode')).toBe('steer');

    await askAndWaitForStreaming(page);
    await page.keyboard.type(STEER);
    // The send button says what Enter does now.
    expect(await composer(page).locator('[part~="send-button"]').getAttribute('aria-label')).toBe(
      'Send now, into the running reply',
    );
    await page.keyboard.press('Enter');
    // Nothing waits: the message went straight out.
    expect(await queueState(page)).toBeNull();
    await expectSteered(page, 'steer-e2e', posted);
    await page.context().close();
  });
});

describe('Ctrl+Shift+Enter in Queue mode', () => {
  it('steers once; the next Enter while the new reply streams queues again', async () => {
    const page = await openThread(session(), 'steer-once-e2e');
    const posted = recordPosts(page);
    expect(await followUps(page).inputValue()).toBe('queue');

    await askAndWaitForStreaming(page);
    await page.keyboard.type(STEER);
    await page.keyboard.press('Control+Shift+Enter');
    expect(await queueState(page)).toBeNull();
    // The steer's reply answers both messages; it is long enough to stream for a while.
    await waitForStreaming(page, 1);
    expect(await replyState(page, 0)).toBe('stopped');

    const later = 'And keep the cents exact afterwards.';
    await page.keyboard.type(later);
    await page.keyboard.press('Enter');
    await expect.poll(() => queueState(page)).toBe('1 queued');
    expect(await queueEntries(page).first().textContent()).toContain(later);
    expect(await replyState(page, 1)).toBe('streaming');

    await expect.poll(() => userMessages(page).count(), { timeout: 15_000 }).toBe(3);
    expect(posted.map((message) => message.delivery)).toEqual(['new', 'steer', 'queued']);
    expect(posted[2]!.text).toBe(later);
    await expect.poll(() => replyState(page, 2), { timeout: 15_000 }).toBe('complete');
    const { messages } = await storedThread(session(), 'steer-once-e2e');
    expect(messages).toHaveLength(6);
    expect(messages[1]).toMatchObject({ state: 'stopped', stopReason: 'steered' });
    expect(messages[2]).toMatchObject({ text: STEER, interruptedReplyId: messages[1]!.id });
    // The steered reply ran to its end: the queued message waited for it.
    expect(messages[3]).toMatchObject({ state: 'complete' });
    expect(messages[4]).toMatchObject({ text: later, parentId: messages[3]!.id, interruptedReplyId: null });
    expect(messages[5]).toMatchObject({ state: 'complete' });

    await reload(page);
    await expect.poll(() => shownTexts(page)).toEqual([messages[0]!.text, STEER, later]);
    expect(await replyStates(page)).toEqual(['stopped', 'complete', 'complete']);
    await page.context().close();
  });

  it('in an empty draft steers the oldest queued follow-up into the running reply', async () => {
    const page = await openThread(session(), 'steer-queued-e2e');
    const posted = recordPosts(page);
    await askAndWaitForStreaming(page);
    await page.keyboard.type(STEER);
    await page.keyboard.press('Enter');
    await expect.poll(() => queueState(page)).toBe('1 queued');
    await page.keyboard.press('Control+Shift+Enter');
    await expect.poll(() => queueEntries(page).count()).toBe(0);
    await expectSteered(page, 'steer-queued-e2e', posted);
    await page.context().close();
  });
});
