import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../../server/host.js';
import { createMessage } from '../../server/messages.js';
import { axeViolations } from './support/axe.js';
import { transcriptDrawn } from './support/demo-page.js';
import { useDemoSession } from './support/demo-session.js';

/** The demo's transcript as a person meets it: opened at the newest message, the composer one keypress away. */

const session = useDemoSession('transcript-view-e2e');
let host: RunningHost;
let browser: Browser;

beforeAll(() => {
  ({ host, browser } = session());
});

async function openSeededThread(height: number) {
  const context = await browser.newContext({ viewport: { width: 1100, height } });
  const page = await context.newPage();
  await page.goto(`${host.url}/index.html`);
  await page.locator('#transcript t3-user-message').last().waitFor();
  await transcriptDrawn(page);
  return { context, page };
}

describe('the demo transcript', () => {
  it('opens scrolled to the newest message once every message and chip has rendered', async () => {
    const { context, page } = await openSeededThread(520);
    const transcript = page.locator('#transcript');
    const scroll = () =>
      transcript.evaluate((list) => ({
        overflows: list.scrollHeight > list.clientHeight + 100,
        fromEnd: list.scrollHeight - list.scrollTop - list.clientHeight,
      }));
    // The seeded thread is taller than the list at this height: the test would prove nothing otherwise.
    await expect.poll(async () => (await scroll()).overflows).toBe(true);
    await expect.poll(async () => (await scroll()).fromEnd).toBeLessThan(2);
    const list = (await transcript.boundingBox())!;
    const newest = (await page.locator('#transcript > li').last().boundingBox())!;
    expect(newest.y + newest.height).toBeLessThanOrEqual(list.y + list.height + 1);
    expect(newest.y + newest.height).toBeGreaterThan(list.y);
    await context.close();
  });

  it('the first Tab reaches a skip link that puts the caret in the composer', async () => {
    const { context, page } = await openSeededThread(800);
    await page.keyboard.press('Tab');
    const skip = page.locator('.skip-link');
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.shadowRoot?.activeElement?.classList.contains('cm-content') ?? false,
        ),
      )
      .toBe(true);
    await page.keyboard.type('typed right away');
    await expect
      .poll(() =>
        page
          .locator('t3-composer')
          .evaluate((composer) => (composer as unknown as { value: { text: string } }).value.text),
      )
      .toBe('typed right away');
    await context.close();
  });

  it('Tab crosses the seeded transcript one message at a time, however many chips each holds', async () => {
    const { context, page } = await openSeededThread(800);
    const messages = page.locator('#transcript t3-user-message');
    const chipCount = await messages.evaluateAll((all) =>
      all.reduce((sum, message) => sum + message.shadowRoot!.querySelectorAll('t3-context-chip').length, 0),
    );
    const messageCount = await messages.count();
    expect(chipCount).toBeGreaterThan(messageCount);
    const visits: number[] = [];
    for (let presses = 0; presses < 80; presses++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (active?.tagName === 'T3-COMPOSER') return 'composer';
        return [...document.querySelectorAll('#transcript t3-user-message')].indexOf(active!);
      });
      if (where === 'composer') break;
      if (where >= 0) visits.push(where);
    }
    expect(visits).toEqual([...Array(messageCount).keys()]);
    await context.close();
  });

  it('a long thread shows its newest messages, adds earlier ones as the reader scrolls up, keeping the view, and goes back to the newest when the reader does', async () => {
    const exchanges = 120;
    for (let index = 0; index < exchanges; index++) {
      const text = `Long thread message ${index}`;
      const draft = { text, prompt: null, context: null, dropped: [], inputAnnotations: [], droppedAnnotations: 0 };
      createMessage(host.store, 'long-thread', { ...draft, uploads: [] });
    }
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${host.url}/index.html?thread=long-thread`);
    const messages = page.locator('#transcript t3-user-message');
    await messages.last().waitFor();
    const shownTexts = () =>
      messages.evaluateAll((all) => all.map((message) => (message as HTMLElement & { text: string }).text));
    // The newest 50 exchanges (100 entries), each message with its reply.
    await expect.poll(async () => (await shownTexts()).at(-1)).toBe(`Long thread message ${exchanges - 1}`);
    expect((await shownTexts())[0]).toBe(`Long thread message ${exchanges - 50}`);
    const earlier = page.locator('#transcript .earlier-button');
    await expect.poll(() => earlier.textContent()).toBe('Show 140 earlier messages');
    // The marker is part of the list, and the list stays clean under axe with it.
    expect(await axeViolations(page)).toEqual([]);

    // Where the first message in view sits, at every scroll: what the reader saw just before earlier ones came in.
    await page.evaluate(() => {
      const list = document.getElementById('transcript')!;
      const seen: { count: number; text: string; offset: number }[] = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      list.addEventListener('scroll', () => {
        const top = list.getBoundingClientRect().top;
        const shown = [...list.querySelectorAll<HTMLElement & { text: string }>('t3-user-message')];
        const first = shown.find((message) => message.getBoundingClientRect().bottom > top)!;
        seen.push({ count: shown.length, text: first.text, offset: first.getBoundingClientRect().top - top });
      });
    });
    // Scrolling up with the wheel brings the previous 10 exchanges in, above what was read.
    const transcript = page.locator('#transcript');
    const box = (await transcript.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const oldest = `Long thread message ${exchanges - 50}`;
    for (let turns = 0; turns < 1000 && (await shownTexts())[0] === oldest; turns++) await page.mouse.wheel(0, -150);
    await expect.poll(async () => (await shownTexts())[0]).toBe(`Long thread message ${exchanges - 60}`);
    // The message the reader had in view is still where it was, not pushed down by the ten exchanges above it.
    const moved = await page.evaluate(() => {
      const list = document.getElementById('transcript')!;
      const seen = (window as unknown as { seen: { count: number; text: string; offset: number }[] }).seen;
      const before = seen.filter((snapshot) => snapshot.count === 50).at(-1)!;
      const message = [...list.querySelectorAll<HTMLElement & { text: string }>('t3-user-message')].find(
        (candidate) => candidate.text === before.text,
      )!;
      return message.getBoundingClientRect().top - list.getBoundingClientRect().top - before.offset;
    });
    expect(Math.abs(moved)).toBeLessThan(400);
    await expect.poll(() => earlier.textContent()).toBe('Show 120 earlier messages');

    // The marker is a button too: pressed from the keyboard, again and again, it adds the rest and goes away;
    // the button stays in view as the entries come in under it.
    await earlier.focus();
    for (let presses = 0; presses < 20 && (await earlier.count()) > 0; presses++) {
      await page.keyboard.press('Enter');
      if ((await earlier.count()) === 0) break;
      const seen = await earlier.evaluate((button) => {
        const view = button.closest('#transcript')!.getBoundingClientRect();
        const box = button.getBoundingClientRect();
        return box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
      });
      expect(seen).toBe(true);
    }
    await expect.poll(async () => (await shownTexts())[0]).toBe('Long thread message 0');
    expect(await shownTexts()).toHaveLength(exchanges);
    expect(await earlier.count()).toBe(0);
    // Focus the button held stays in the transcript when the button goes.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('transcript');

    // Back at the newest (scrolled down with the wheel), the transcript is as it opened: the
    // entries read meanwhile leave the document, and the marker is back.
    for (let turns = 0; turns < 60 && (await shownTexts()).length > 50; turns++) await page.mouse.wheel(0, 1500);
    await expect.poll(async () => (await shownTexts()).length).toBe(50);
    expect((await shownTexts())[0]).toBe(`Long thread message ${exchanges - 50}`);
    await expect.poll(() => earlier.textContent()).toBe('Show 140 earlier messages');
    // The wheel's last turns may still be scrolling: the newest message settles in view.
    const newestInView = () =>
      page.evaluate(() => {
        const list = document.getElementById('transcript')!;
        const view = list.getBoundingClientRect();
        const newest = list.lastElementChild!.getBoundingClientRect();
        return newest.bottom > view.top && newest.top < view.bottom;
      });
    await expect.poll(newestInView, { timeout: 10_000 }).toBe(true);
    await context.close();
  });
});
