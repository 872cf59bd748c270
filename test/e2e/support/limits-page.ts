import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { CreatedMessage, ThreadListing, UserMessage } from '../../../server/api-types.js';
import type { ContextRecord } from '../../../src/core/index.js';
import type { DemoSession } from './demo-session.js';

/**
 * The demo page and the host as the limits tests drive them: a page that records its errors and
 * writes, the composer's draft, the newest message's chips, and the host's stored messages.
 */

export interface DemoPage {
  page: Page;
  /** Uncaught errors in the page. */
  errors: string[];
  /** Message writes the page sent to the host. */
  posts: string[];
}

/** Waits until the newest reply has streamed to its end, so the transcript no longer grows or scrolls. */
export async function replyEnded(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('#transcript .reply').last().getAttribute('data-state'), { timeout: 60_000 })
    .toBe('complete');
}

/** A thread of the demo in a new page of the session's context, with its errors and writes recorded. */
export async function openDemo({ host, context }: DemoSession, thread: string): Promise<DemoPage> {
  const page = await context.newPage();
  const demo: DemoPage = { page, errors: [], posts: [] };
  page.on('pageerror', (error) => demo.errors.push(error.message));
  page.on('request', (request) => {
    if (request.method() === 'POST') demo.posts.push(request.url());
  });
  await page.goto(`${host.url}/index.html?thread=${thread}`);
  await page.waitForFunction(() => customElements.get('t3-composer') !== undefined);
  await page.locator('t3-composer .cm-content').waitFor();
  return demo;
}

export type ComposerElement = HTMLElement & {
  value: { text: string; records: ContextRecord[] };
  insertContext(record: ContextRecord): { ok: true; contextId: string } | { ok: false; error: string };
};

export function composer(page: Page): Locator {
  return page.locator('t3-composer');
}

export function draftText(page: Page): Promise<string> {
  return composer(page).evaluate((element) => (element as ComposerElement).value.text);
}

export function setDraft(page: Page, value: { text: string; records: readonly ContextRecord[] }): Promise<void> {
  return composer(page).evaluate((element, next) => {
    (element as ComposerElement).value = next as ComposerElement['value'];
  }, value);
}

/** The chips the editor shows for the draft. */
export async function draftChipCount(page: Page): Promise<number> {
  return composer(page).evaluate((element) => element.shadowRoot!.querySelectorAll('t3-context-chip').length);
}

export function notice(page: Page): Locator {
  return page.locator('t3-composer [part~="notice"]');
}

export function status(page: Page): Locator {
  return page.locator('#status');
}

export function transcriptMessages(page: Page): Locator {
  return page.locator('#transcript t3-user-message');
}

export async function pressInEditor(page: Page, key: string): Promise<void> {
  await composer(page).evaluate((element) => element.focus());
  await page.keyboard.press(key);
}

/** The chips the newest message shows: polled, as a message draws them once the code it loads on demand has come. */
export async function lastMessageChips(page: Page): Promise<{ count: number; unresolved: number }> {
  return transcriptMessages(page)
    .last()
    .evaluate((message) => {
      const chips = [...message.shadowRoot!.querySelectorAll('t3-context-chip')];
      return { count: chips.length, unresolved: chips.filter((chip) => chip.hasAttribute('unresolved')).length };
    });
}

/**
 * A key typed at the end of the draft shows up in it: the page still handles input after the
 * heavy work. No timing is asserted, only that it happens within a generous bound.
 */
export async function expectResponsive(page: Page): Promise<void> {
  const before = (await draftText(page)).length;
  await composer(page).evaluate((element) => element.focus());
  await page.keyboard.press('Control+End');
  await page.keyboard.type('Q');
  await expect
    .poll(
      async () => {
        const text = await draftText(page);
        return text.length === before + 1 && text.endsWith('Q');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.keyboard.press('Backspace');
}

/**
 * Through the real clipboard: the text is written with the async clipboard API, then pasted as
 * text with Ctrl+Shift+V (Ctrl+V would turn a long text into a file chip).
 */
export async function pasteIntoComposer(page: Page, text: string): Promise<void> {
  await composer(page).evaluate((element) => element.focus());
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('Control+Shift+V');
}

/** The user messages the host stores for `thread`. */
export async function listThread({ host }: DemoSession, thread: string): Promise<UserMessage[]> {
  const response = await fetch(`${host.url}/api/threads/${thread}/messages`);
  expect(response.status).toBe(200);
  const listing = (await response.json()) as ThreadListing;
  return listing.messages.filter((message): message is UserMessage => message.role === 'user');
}

/** A message written to the host directly, as another client would. */
export async function postMessage({ host }: DemoSession, thread: string, body: unknown): Promise<CreatedMessage> {
  const response = await fetch(`${host.url}/api/threads/${thread}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedMessage;
}
