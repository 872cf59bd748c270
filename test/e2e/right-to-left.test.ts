import { describe, expect, it } from 'vitest';
import { RTL_SEED_MESSAGES, RTL_THREAD_ID } from '../../server/seed.js';
import { composer, editor, openThread, recordPosts } from './support/demo-page.js';
import { useDemoSession } from './support/demo-session.js';

/**
 * The demo's right-to-left sample thread (messages, their titles, what the model receives), and a
 * right-to-left draft sent from it, as a person meets them.
 */

const session = useDemoSession('right-to-left-e2e');

describe('the demo in right-to-left languages', () => {
  it('shows the seeded Hebrew and Arabic messages right to left with their English chips, and the English one left to right', async () => {
    const page = await openThread(session(), RTL_THREAD_ID);
    const messages = page.locator('#transcript t3-user-message');
    await expect.poll(() => messages.count()).toBe(RTL_SEED_MESSAGES.length);
    // Where each message's first word sits against its first chip: right of it when the line reads right to left.
    const directions = await messages.evaluateAll((elements) =>
      elements.map((message) => {
        const roots: Node[] = [message, message.shadowRoot!];
        const chip = roots.map((root) => (root as ParentNode).querySelector('t3-context-chip')).find((found) => found)!;
        let word: DOMRect | undefined;
        for (const root of roots) {
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node && !word; node = walker.nextNode()) {
            const match = /\p{L}+/u.exec(node.textContent ?? '');
            if (!match || node.parentElement?.closest('style')) continue;
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            word = range.getBoundingClientRect();
          }
        }
        const box = chip.getBoundingClientRect();
        return word!.left >= box.right - 1 ? 'rtl' : word!.right <= box.left + 1 ? 'ltr' : 'unclear';
      }),
    );
    expect(directions).toEqual(['rtl', 'rtl', 'ltr']);
    const chipLabels = await page
      .locator('#transcript t3-context-chip')
      .evaluateAll((chips) => chips.map((chip) => chip.getAttribute('label')));
    expect(chipLabels).toEqual(['Terminal 1 lines 8-9', '@src/cart.ts', '@src/cart.ts', '@docs/הערות.md']);
    // The thread's title, in the list and above the transcript, reads right to left too.
    const titleDirections = await page
      .locator(`#threads a[data-thread="${RTL_THREAD_ID}"], #thread-title`)
      .evaluateAll((titles) => titles.map((title) => getComputedStyle(title).direction));
    expect(titleDirections).toEqual(['rtl', 'rtl']);
    const meta = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(meta).toContain('interactive-widget=resizes-content');
    await page.context().close();
  });

  it('lays out each line of what the model receives in its own direction', async () => {
    const page = await openThread(session(), RTL_THREAD_ID);
    const inspector = page.locator('#transcript details.inspector').first();
    await inspector.locator('summary').click();
    // Where a line's text sits in the inspector: its distance from the start and from the end of the content box.
    const sides = (needle: string) =>
      inspector.locator('.projection').evaluate((pre, text) => {
        const node = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT).nextNode() as Text;
        const at = node.data.indexOf(text);
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        const line = range.getBoundingClientRect();
        const style = getComputedStyle(pre);
        const left = pre.getBoundingClientRect().left + pre.clientLeft + parseFloat(style.paddingLeft);
        const right =
          pre.getBoundingClientRect().left + pre.clientLeft + pre.clientWidth - parseFloat(style.paddingRight);
        return { fromLeft: Math.round(line.left - left), fromRight: Math.round(right - line.right) };
      }, needle);
    // The Hebrew question's own line reads right to left, against the right edge; the envelope stays left to right.
    const hebrew = await sides('מה חסר?');
    expect(hebrew.fromRight).toBeLessThanOrEqual(1);
    expect(hebrew.fromLeft).toBeGreaterThan(100);
    const envelope = await sides('<t3_context version="1">');
    expect(envelope.fromLeft).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  it('sends a Hebrew draft typed around a chip without any isolate character', async () => {
    const page = await openThread(session(), RTL_THREAD_ID);
    const posted = recordPosts(page);
    await editor(page).click();
    await page.keyboard.type('תראה את @');
    await page.locator('t3-composer [role="option"]').first().waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type('בבקשה');
    const line = editor(page).locator('.cm-line').first();
    expect(await line.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    await page.keyboard.press('Enter');
    await expect.poll(() => posted.length).toBe(1);
    expect(posted[0]!.text.startsWith('תראה את [')).toBe(true);
    expect(posted[0]!.text).not.toMatch(/[\u2066-\u2069]/);
    expect(
      await composer(page).evaluate((element) => (element as unknown as { value: { text: string } }).value.text),
    ).toBe('');
    await page.context().close();
  });
});
