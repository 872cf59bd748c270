import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssistantMessage, ThreadListing, UserMessage } from '../../server/api-types.js';
import { INTERRUPTED_HEADING, NEW_MESSAGE_HEADING, STEERED_INTRO } from '../../server/assistant.js';
import type { RunningHost } from '../../server/host.js';
import { useDemoSession } from './support/demo-session.js';

/**
 * The Follow-ups setting (SPEC §14): Queue or Steer, kept per browser, sets the composer's
 * `queue-mode`. A steer (`t3-submit` with `delivery: 'steer'`) ends the running reply where it is
 * and the new reply answers both messages. The composer does not steer by itself yet, so the
 * steer is dispatched from the composer as it will fire it: `t3-submit`, bubbling, composed,
 * cancelable, with `delivery: 'steer'` and `waitUntil`.
 */

const session = useDemoSession('follow-ups-e2e', { replyPacing: { durationMs: 4000, maxChunks: 40 } });
let host: RunningHost;
let context: BrowserContext;

beforeAll(() => {
  ({ host, context } = session());
});

async function openThread(threadId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${host.url}/index.html?thread=${threadId}`);
  await page.locator('t3-composer .cm-content').waitFor();
  return page;
}

async function storedThread(threadId: string): Promise<ThreadListing['messages']> {
  return ((await (await fetch(`${host.url}/api/threads/${threadId}/messages`)).json()) as ThreadListing).messages;
}

const followUps = (page: Page) => page.getByRole('combobox', { name: 'Follow-ups', exact: true });
const queueMode = (page: Page) => page.locator('t3-composer').getAttribute('queue-mode');
const replyState = (page: Page, index: number) =>
  page.locator('#transcript .reply').nth(index).getAttribute('data-state');

describe('the Follow-ups setting', () => {
  it('is Queue by default, sets queue-mode, and keeps Steer across a reload', async () => {
    const page = await openThread('follow-ups-setting');
    expect(await followUps(page).inputValue()).toBe('queue');
    expect(await queueMode(page)).toBe('queue');
    await followUps(page).selectOption('steer');
    expect(await queueMode(page)).toBe('steer');
    await page.reload();
    await page.locator('t3-composer .cm-content').waitFor();
    expect(await followUps(page).inputValue()).toBe('steer');
    expect(await queueMode(page)).toBe('steer');
    // Back to the default for the other tests of this browser.
    await followUps(page).selectOption('queue');
    expect(await queueMode(page)).toBe('queue');
    await page.close();
  });
});

describe('a steer while the assistant answers', () => {
  it('ends the running reply early and starts one that answers both messages', async () => {
    const page = await openThread('steer-e2e');
    await followUps(page).selectOption('steer');
    await page.locator('t3-composer .cm-content').click();
    await page.keyboard.type('Why does checkout round the total down? ');
    await page.getByRole('button', { name: 'Terminal excerpt' }).click();
    await page.keyboard.press('Enter');
    await expect.poll(() => replyState(page, 0)).toBe('streaming');
    await expect
      .poll(async () => ((await page.locator('#transcript .projection').first().textContent()) ?? '').length)
      .toBeGreaterThan(0);

    const steer = await page.locator('t3-composer').evaluate(async (composer) => {
      let kept: PromiseLike<unknown> | undefined;
      const text = 'Only the rounding, please.';
      const detail = {
        text,
        prompt: text,
        inputAnnotations: [],
        attachments: [],
        delivery: 'steer',
        waitUntil: (promise: PromiseLike<unknown>) => (kept = promise),
      };
      const sent = composer.dispatchEvent(
        new CustomEvent('t3-submit', { detail, bubbles: true, composed: true, cancelable: true }),
      );
      await kept;
      return { sent, waited: kept !== undefined };
    });
    expect(steer).toEqual({ sent: true, waited: true });

    await expect.poll(() => page.locator('#transcript t3-user-message').count()).toBe(2);
    await expect.poll(() => replyState(page, 0)).toBe('stopped');
    expect(await page.locator('#transcript .reply-status').first().textContent()).toBe(
      'Simulated assistant · ended early: your next message steered it',
    );
    expect(await page.locator('t3-composer').evaluate((composer) => composer.hasAttribute('busy'))).toBe(true);
    await expect.poll(() => replyState(page, 1), { timeout: 15_000 }).toBe('complete');
    expect(await page.locator('t3-composer').evaluate((composer) => composer.hasAttribute('busy'))).toBe(false);

    const [question, interrupted, steered, answer] = (await storedThread('steer-e2e')) as [
      UserMessage,
      AssistantMessage,
      UserMessage,
      AssistantMessage,
    ];
    expect(interrupted).toMatchObject({ state: 'stopped', stopReason: 'steered' });
    expect(steered).toMatchObject({
      text: 'Only the rounding, please.',
      parentId: interrupted.id,
      interruptedReplyId: interrupted.id,
    });
    expect(answer.text.startsWith(`${STEERED_INTRO}\n\n${INTERRUPTED_HEADING}\n`)).toBe(true);
    expect(answer.text).toContain('Why does checkout round the total down?');
    expect(answer.text).toContain(`${NEW_MESSAGE_HEADING}\nOnly the rounding, please.`);
    expect(question.context?.records.map((record) => record.kind)).toEqual(['terminal']);
    expect(await page.locator('#transcript .projection').nth(1).textContent()).toBe(answer.text);

    await page.reload();
    await expect.poll(() => replyState(page, 0)).toBe('stopped');
    expect(await replyState(page, 1)).toBe('complete');
    await followUps(page).selectOption('queue');
    await page.close();
  });
});
