import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssistantMessage, ReplyStatus, ThreadListing } from '../../server/api-types.js';
import { simulateAssistantReply } from '../../server/assistant.js';
import type { RunningHost } from '../../server/host.js';
import { useDemoHost, useDemoSession } from './support/demo-session.js';
import { insertTool } from './support/demo-page.js';

/**
 * Replies end to end: the host streams each reply as Server-Sent Events while the composer is
 * busy; Stop ends it on the host too; a follow-up queued meanwhile is sent when the reply ends.
 * Paced over four seconds so a person (and this test) can act while it streams.
 */

const session = useDemoSession('streaming-e2e', { replyPacing: { durationMs: 4000, maxChunks: 40 } });
/**
 * For Stop: a host whose replies take a minute, so the reply still streams when the click lands
 * (after a reload, too) however loaded the machine is; four seconds could pass before it does.
 */
const slowHost = useDemoHost('streaming-stop-e2e', { replyPacing: { durationMs: 60_000, maxChunks: 40 } });
let host: RunningHost;
let context: BrowserContext;

beforeAll(() => {
  ({ host, context } = session());
});

async function openThread(threadId: string, on: RunningHost = host): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${on.url}/index.html?thread=${threadId}`);
  await page.locator('t3-composer .cm-content').waitFor();
  return page;
}

async function storedThread(threadId: string, on: RunningHost = host): Promise<ThreadListing['messages']> {
  const response = await fetch(`${on.url}/api/threads/${threadId}/messages`);
  return ((await response.json()) as ThreadListing).messages;
}

async function storedReply(replyId: string, on: RunningHost = host): Promise<AssistantMessage> {
  return ((await (await fetch(`${on.url}/api/replies/${replyId}`)).json()) as ReplyStatus).reply;
}

/** Types a message with a terminal chip (so the reply carries an envelope and streams in many pieces) and sends it. */
async function sendWithChip(page: Page, text: string): Promise<void> {
  await page.locator('t3-composer .cm-content').click();
  await page.keyboard.type(`${text} `);
  await insertTool(page, 'Terminal excerpt');
  await page.keyboard.press('Enter');
}

const replies = (page: Page) => page.locator('#transcript .reply');
const isBusy = (page: Page) => page.locator('t3-composer').evaluate((composer) => composer.hasAttribute('busy'));
const replyState = (page: Page, index: number) => replies(page).nth(index).getAttribute('data-state');
/** The reply's answer as streamed so far: its Markdown source. */
const shownReply = async (page: Page, index: number) =>
  (await replies(page).nth(index).locator('.reply-body').getAttribute('data-markdown')) ?? '';
const projectionLength = async (page: Page, index: number) => (await shownReply(page, index)).length;

describe('streamed replies in the demo', () => {
  it('streams a reply piece by piece while the composer is busy, then stores it complete', async () => {
    const page = await openThread('stream-whole');
    await sendWithChip(page, 'Explain');
    await expect.poll(() => replyState(page, 0)).toBe('streaming');
    expect(await isBusy(page)).toBe(true);
    await expect(page.locator('t3-composer [part~="stop-button"]').isVisible()).resolves.toBe(true);
    const lengths = new Set<number>();
    await expect
      .poll(
        async () => {
          lengths.add(await projectionLength(page, 0));
          return replyState(page, 0);
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe('complete');
    // More than one partial length seen: the text arrived in pieces, not all at once at the end.
    const final = await projectionLength(page, 0);
    expect([...lengths].filter((length) => length > 0 && length < final).length).toBeGreaterThan(1);
    expect(await isBusy(page)).toBe(false);
    await expect(replies(page).nth(0).locator('.reply-status').textContent()).resolves.toBe(
      'Simulated assistant · answered',
    );
    const [message, reply] = await storedThread('stream-whole');
    expect(reply).toMatchObject({ role: 'assistant', replyTo: message!.id, state: 'complete' });
    expect((reply as AssistantMessage).modelInput).toContain('<t3_context version="1">');
    expect(await shownReply(page, 0)).toBe((reply as AssistantMessage).text);
    // What the model receives is in the inspector, whole, under the answer.
    expect(await replies(page).nth(0).locator('.projection').textContent()).toBe(
      (reply as AssistantMessage).modelInput,
    );
    await page.close();
  });

  it('Stop mid-stream ends the reply on the host as stopped, and a reload shows it stopped', async () => {
    const page = await openThread('stream-stop', slowHost());
    await sendWithChip(page, 'Stop this');
    await expect.poll(() => projectionLength(page, 0)).toBeGreaterThan(0);
    await page.locator('t3-composer [part~="stop-button"]').click();
    await expect.poll(() => replyState(page, 0)).toBe('stopped');
    expect(await isBusy(page)).toBe(false);
    const replyId = (await page.locator('#transcript li.assistant').first().getAttribute('data-message-id'))!;
    const stopped = await storedReply(replyId, slowHost());
    expect(stopped).toMatchObject({ state: 'stopped', stopReason: 'stop-request' });
    const [message] = await storedThread('stream-stop', slowHost());
    const whole = simulateAssistantReply(message as Parameters<typeof simulateAssistantReply>[0]).text;
    expect(stopped.text.length).toBeGreaterThan(0);
    expect(whole.startsWith(stopped.text) && stopped.text.length < whole.length).toBe(true);
    // Nothing streams on after the stop: the stored text is what the page shows, and stays so for
    // longer than this host takes between two pieces (a minute over 40 pieces).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await storedReply(replyId, slowHost())).text).toBe(stopped.text);
    expect(await shownReply(page, 0)).toBe(stopped.text);

    await page.reload();
    await expect.poll(() => replyState(page, 0)).toBe('stopped');
    await expect(replies(page).nth(0).locator('.reply-status').textContent()).resolves.toBe(
      'Simulated assistant · stopped',
    );
    await page.close();
  });

  it('a follow-up with a chip queued while busy is sent when the reply ends; a reload shows all of it', async () => {
    const page = await openThread('stream-queue');
    await sendWithChip(page, 'First');
    await expect.poll(() => replyState(page, 0)).toBe('streaming');
    await sendWithChip(page, 'Then this');
    const entries = page.locator('t3-composer [part~="queue-entry"]');
    await expect.poll(() => entries.count()).toBe(1);
    await expect.poll(() => entries.first().locator('t3-context-chip').count()).toBe(1);
    await expect
      .poll(() => page.locator('t3-composer').evaluate((c) => (c as unknown as { value: { text: string } }).value.text))
      .toBe('');
    // The first reply is still streaming: the follow-up waits.
    expect(await replyState(page, 0)).toBe('streaming');
    expect(await page.locator('#transcript t3-user-message').count()).toBe(1);

    await expect.poll(() => replyState(page, 0), { timeout: 15_000 }).toBe('complete');
    await expect.poll(() => page.locator('#transcript t3-user-message').count()).toBe(2);
    await expect.poll(() => entries.count()).toBe(0);
    await expect
      .poll(() => page.locator('#transcript t3-user-message').nth(1).locator('t3-context-chip').count())
      .toBe(1);
    await expect.poll(() => replyState(page, 1), { timeout: 15_000 }).toBe('complete');
    expect(await isBusy(page)).toBe(false);

    const stored = await storedThread('stream-queue');
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const followUp = stored[2] as Extract<(typeof stored)[number], { role: 'user' }>;
    expect(followUp.text).toMatch(/^Then this /);
    expect(followUp.context?.records.map((record) => record.kind)).toEqual(['terminal']);

    await page.reload();
    await expect.poll(() => page.locator('#transcript t3-user-message').count()).toBe(2);
    await expect
      .poll(() => page.locator('#transcript t3-user-message').nth(1).locator('t3-context-chip').count())
      .toBe(1);
    expect(await replyState(page, 0)).toBe('complete');
    expect(await replyState(page, 1)).toBe('complete');
    expect(await entries.count()).toBe(0);
    await page.close();
  });

  it('a follow-up queued in a thread whose reply ends while another thread is shown is sent on coming back', async () => {
    const page = await openThread('stream-away');
    await sendWithChip(page, 'Long one');
    await expect.poll(() => replyState(page, 0)).toBe('streaming');
    await sendWithChip(page, 'Afterwards');
    await expect.poll(() => page.locator('t3-composer [part~="queue-entry"]').count()).toBe(1);
    await page.getByRole('button', { name: 'New chat' }).click();
    await expect.poll(() => isBusy(page)).toBe(false);
    // The first reply ends while the other thread is shown; the follow-up waits in its thread's queue.
    await expect
      .poll(
        async () =>
          (await storedThread('stream-away')).map(
            (message) => `${message.role}:${'state' in message ? message.state : ''}`,
          ),
        {
          timeout: 15_000,
        },
      )
      .toEqual(['user:', 'assistant:complete']);
    await page.locator('#thread-list a[data-thread="stream-away"]').click();
    await expect.poll(() => page.locator('#transcript t3-user-message').count(), { timeout: 15_000 }).toBe(2);
    expect(await page.locator('t3-composer [part~="queue-entry"]').count()).toBe(0);
    const stored = await storedThread('stream-away');
    expect((stored[2] as { text: string }).text).toMatch(/^Afterwards /);
    await page.close();
  });

  it('a reload mid-stream does not stop the reply: the page follows it to its end, busy until then', async () => {
    const page = await openThread('stream-reload');
    await sendWithChip(page, 'Keep going');
    await expect.poll(() => projectionLength(page, 0)).toBeGreaterThan(0);
    await page.reload();
    await page.locator('#transcript .reply').first().waitFor();
    expect(await replyState(page, 0)).toBe('streaming');
    await expect.poll(() => isBusy(page)).toBe(true);
    await expect.poll(() => replyState(page, 0), { timeout: 15_000 }).toBe('complete');
    expect(await isBusy(page)).toBe(false);
    const [message, reply] = await storedThread('stream-reload');
    const whole = simulateAssistantReply(message as Parameters<typeof simulateAssistantReply>[0]).text;
    expect(reply).toMatchObject({ state: 'complete', text: whole });
    expect(await shownReply(page, 0)).toBe(whole);
    await page.close();
  });

  it('Stop works on a reply followed after a reload', async () => {
    const page = await openThread('stream-reload-stop', slowHost());
    await sendWithChip(page, 'Stop me later');
    await expect.poll(() => projectionLength(page, 0)).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => isBusy(page)).toBe(true);
    await page.locator('t3-composer [part~="stop-button"]').click();
    await expect.poll(() => replyState(page, 0)).toBe('stopped');
    expect(await isBusy(page)).toBe(false);
    const [, reply] = await storedThread('stream-reload-stop', slowHost());
    expect(reply).toMatchObject({ state: 'stopped', stopReason: 'stop-request' });
    await page.close();
  });
});
