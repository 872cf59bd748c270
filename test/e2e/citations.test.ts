import type { Page } from 'playwright-core';
import type { AssistantMessage } from '../../server/api-types.js';
import { describe, expect, it } from 'vitest';
import { useDemoSession } from './support/demo-session.js';
import { editor, openThread, reload, replyState, storedThread, userMessages } from './support/demo-page.js';

/**
 * Citations in the demo (SPEC §19), as a person uses them: select a passage of a reply with the
 * mouse, press Cite in composer, send (the assistant quotes the passage back); then click the chip
 * in the sent message and the passage is scrolled to and highlighted, also once the page rendered
 * the reply anew.
 */

const session = useDemoSession('citations-e2e', { replyPacing: { durationMs: 200, maxChunks: 4 } });

const ANSWER = 'Caching the parsed config avoids reading the file on every request. It matters under load.';

/** Sends a message from the page's composer and waits until reply `index` is complete. */
async function send(page: Page, text: string, index: number): Promise<void> {
  await editor(page).click();
  if (text) await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => replyState(page, index), { timeout: 10_000 }).toBe('complete');
}

/** Drags the mouse across `quote` in the first reply's text, as a person selects it. */
async function selectInFirstReply(page: Page, quote: string): Promise<void> {
  const box = await page
    .locator('#transcript .reply-body')
    .first()
    .evaluate((reply, needle) => {
      const walker = document.createTreeWalker(reply, NodeFilter.SHOW_TEXT);
      let node = walker.nextNode() as Text;
      while (!node.data.includes(needle)) node = walker.nextNode() as Text;
      const at = node.data.indexOf(needle);
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      const first = range.getBoundingClientRect();
      range.setStart(node, at + needle.length - 1);
      range.setEnd(node, at + needle.length);
      const last = range.getBoundingClientRect();
      return {
        x1: first.left + 1,
        y1: first.top + first.height / 2,
        x2: last.right - 0.5,
        y2: last.top + last.height / 2,
      };
    }, quote);
  await page.mouse.move(box.x1, box.y1);
  await page.mouse.down();
  await page.mouse.move(box.x2, box.y2, { steps: 5 });
  await page.mouse.up();
}

const highlighted = (page: Page): Promise<string | null> =>
  page.evaluate(() => {
    const highlight = CSS.highlights.get('t3-citation');
    const range = highlight ? ([...highlight][0] as Range | undefined) : undefined;
    return range ? range.toString() : null;
  });

describe('citing a reply', () => {
  it('cites a selection, sends it, and jumps back to the passage, also after the reply is rendered anew', async () => {
    const page = await openThread(session(), 'citations');
    await send(page, ANSWER, 0);

    await selectInFirstReply(page, 'avoids reading the file');
    const cite = page.getByRole('button', { name: 'Cite in composer' });
    await cite.click();
    const chip = page.locator('#composer t3-context-chip[kind="citation"]');
    await expect.poll(() => chip.count()).toBe(1);
    await expect.poll(() => chip.locator('[part~="label"]').textContent()).toBe('avoids reading the file');
    await page.keyboard.type('why?');
    await send(page, '', 1);

    // The host stored the link in the text, and the model reads the quote as T3 Code's server sends it.
    const { messages } = await storedThread(session(), 'citations');
    const sent = messages.filter((message) => message.role === 'user')[1]!;
    expect(sent.text).toMatch(/^\[Assistant quote\]\(t3-citation:\/\/v1\/demo-host\/citations\/[^)]+\) why\?$/);
    const reply = messages.at(-1) as AssistantMessage;
    expect(reply.modelInput).toContain('[assistant-quote-1] why?\n\n<assistant_citations>');
    expect(reply.modelInput).toContain('"text": "avoids reading the file"');
    // The assistant echoes the passage as a quote, never as the link it came in.
    const echoed = page.locator('#transcript .reply-body').nth(1);
    const quotes = (await echoed.locator('blockquote').allTextContents()).map((text) => text.trim());
    expect(quotes).toEqual(['“avoids reading the file” why?', 'avoids reading the file']);
    expect(await echoed.textContent()).not.toMatch(/t3-citation|Assistant quote|\]\(/);

    const sentChip = userMessages(page).nth(1).locator('t3-context-chip[kind="citation"]');
    await sentChip.click();
    await expect.poll(() => highlighted(page)).toBe('avoids reading the file');

    // The page is loaded again: every reply is rendered anew from the host.
    await page.evaluate(() => CSS.highlights.clear());
    await reload(page);
    await userMessages(page).nth(1).locator('t3-context-chip[kind="citation"]').click();
    await expect.poll(() => highlighted(page)).toBe('avoids reading the file');
    const inView = await page.evaluate(() => {
      const range = [...CSS.highlights.get('t3-citation')!][0] as Range;
      const rect = range.getBoundingClientRect();
      return rect.bottom > 0 && rect.top < innerHeight;
    });
    expect(inView).toBe(true);
  });
});

describe('citing a whole paragraph', () => {
  it('cites the paragraph a triple click selects, also when a reply follows it', async () => {
    const page = await openThread(session(), 'citations-paragraph');
    await send(page, ANSWER, 0);
    await send(page, 'And then?', 1);
    const point = await page
      .locator('#transcript .reply-body')
      .first()
      .evaluate((reply) => {
        const walker = document.createTreeWalker(reply, NodeFilter.SHOW_TEXT);
        let node = walker.nextNode() as Text;
        while (!node.data.includes('avoids')) node = walker.nextNode() as Text;
        const range = document.createRange();
        range.setStart(node, node.data.indexOf('avoids'));
        range.setEnd(node, node.data.indexOf('avoids') + 1);
        const rect = range.getBoundingClientRect();
        return { x: rect.left + 1, y: rect.top + rect.height / 2 };
      });
    await page.mouse.click(point.x, point.y, { clickCount: 3 });
    const cite = page.getByRole('button', { name: 'Cite in composer' });
    await cite.click();
    const chip = page.locator('#composer t3-context-chip[kind="citation"]');
    await expect.poll(() => chip.count()).toBe(1);
    const quoted = await chip.evaluate((element) => (element as HTMLElement & { citation: { text: string } }).citation);
    expect(quoted.text.trim()).toBe(ANSWER);
  });
});

describe('a citation whose reply is not shown', () => {
  it('keeps the chip and shows the saved quote when the reply is in another thread', async () => {
    const page = await session().context.newPage();
    await page.goto(`${session().host.url}/index.html?thread=citations-elsewhere`);
    await editor(page).waitFor();
    await page.locator('#transcript > li').first().waitFor();
    // A link written in another thread: typed as its text, it becomes a chip as it is pasted.
    const href = `t3-citation://v1/demo-host/somewhere-else/msg_gone?${new URLSearchParams({
      text: 'the saved quote',
      start: '0',
      end: '15',
      prefix: '',
      suffix: '',
    })}`;
    await editor(page).click();
    await page.evaluate((text) => navigator.clipboard.writeText(text), `[Assistant quote](${href})`);
    await page.keyboard.press('Control+v');
    await expect.poll(() => page.locator('#composer t3-context-chip[kind="citation"]').count()).toBe(1);
    await send(page, '', 0);
    await userMessages(page).first().locator('t3-context-chip[kind="citation"]').click();
    await expect.poll(() => page.locator('#status').textContent()).toContain('“the saved quote”');
    const chip = userMessages(page).first().locator('t3-context-chip[kind="citation"]');
    await expect.poll(() => chip.getAttribute('source-unavailable')).toBe('');
    await expect
      .poll(() => chip.locator('[part~="details"]').textContent())
      .toMatch(/not available here; this is the saved quote\.[\s\S]*the saved quote/);
    expect(await highlighted(page)).toBe(null);
  });
});

describe('the script-tag bundle', () => {
  it('has the citation helpers on window.T3Composer', async () => {
    const page = await session().context.newPage();
    await page.goto(`${session().host.url}/script-tag.html`);
    await page.waitForFunction(() => 'T3Composer' in window);
    const names = await page.evaluate(() =>
      ['citationFromSelection', 'findCitation', 'highlightCitation', 'parseCitationLink', 'formatCitationLink'].filter(
        (name) => typeof (window as unknown as { T3Composer: Record<string, unknown> }).T3Composer[name] === 'function',
      ),
    );
    expect(names).toHaveLength(5);
  });
});
