import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMessage, ThreadListing, UserMessage } from '../../server/api-types.js';
import type { RunningHost } from '../../server/host.js';
import {
  type ContextRecord,
  decodeMessageContext,
  formatContextReference,
  MESSAGE_CONTEXT_MAX_JSON_CHARS,
  type PreviewAnnotationContextRecord,
  type TerminalContextRecord,
} from '../../src/core/index.js';
import { COMPOSER_STRINGS } from '../../src/elements/composer/composer-strings.js';
import { useDemoSession } from './support/demo-session.js';
import { insertTool } from './support/demo-page.js';

/**
 * Every wire limit at its bound, end to end through the demo page and the reference host: the
 * largest context, 200 records, 256 annotations, a 64,000-char terminal excerpt, a pasted draft of
 * 2,000 chips and a 1,000,000-char message. Each is sent and rendered, or refused with a visible
 * message naming the limit; afterwards the page still takes keystrokes.
 */

const MAX_TEXT_CHARS = 1_000_000;
const MAX_TERMINAL_TEXT_CHARS = 64_000;
const MAX_RECORDS = 200;
const MAX_ANNOTATIONS = 256;
const HEAVY_TEST_MS = 180_000;

const session = useDemoSession('limits-e2e');
let host: RunningHost;
let context: BrowserContext;

beforeAll(() => {
  ({ host, context } = session());
});

// ---- Pages and the composer ------------------------------------------------------------------

interface DemoPage {
  page: Page;
  /** Uncaught errors in the page. */
  errors: string[];
  /** Message writes the page sent to the host. */
  posts: string[];
}

/** Waits until the newest reply has streamed to its end, so the transcript no longer grows or scrolls. */
async function replyEnded(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('#transcript .reply').last().getAttribute('data-state'), { timeout: 60_000 })
    .toBe('complete');
}

async function openDemo(thread: string): Promise<DemoPage> {
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

type ComposerElement = HTMLElement & {
  value: { text: string; records: ContextRecord[] };
  insertContext(record: ContextRecord): { ok: true; contextId: string } | { ok: false; error: string };
};

function composer(page: Page): Locator {
  return page.locator('t3-composer');
}

function draftText(page: Page): Promise<string> {
  return composer(page).evaluate((element) => (element as ComposerElement).value.text);
}

function setDraft(page: Page, value: { text: string; records: readonly ContextRecord[] }): Promise<void> {
  return composer(page).evaluate((element, next) => {
    (element as ComposerElement).value = next as ComposerElement['value'];
  }, value);
}

/** The chips the editor shows for the draft. */
async function draftChipCount(page: Page): Promise<number> {
  return composer(page).evaluate((element) => element.shadowRoot!.querySelectorAll('t3-context-chip').length);
}

function notice(page: Page): Locator {
  return page.locator('t3-composer [part~="notice"]');
}

function status(page: Page): Locator {
  return page.locator('#status');
}

function transcriptMessages(page: Page): Locator {
  return page.locator('#transcript t3-user-message');
}

async function pressInEditor(page: Page, key: string): Promise<void> {
  await composer(page).evaluate((element) => element.focus());
  await page.keyboard.press(key);
}

/** Chips of the last message in the transcript: how many, and how many show unresolved. */
/** The chips the newest message shows: polled, as a message draws them once the code it loads on demand has come. */
async function lastMessageChips(page: Page): Promise<{ count: number; unresolved: number }> {
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
async function expectResponsive(page: Page): Promise<void> {
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

// ---- The host ----------------------------------------------------------------------------------

async function listThread(thread: string): Promise<UserMessage[]> {
  const response = await fetch(`${host.url}/api/threads/${thread}/messages`);
  expect(response.status).toBe(200);
  const listing = (await response.json()) as ThreadListing;
  return listing.messages.filter((message): message is UserMessage => message.role === 'user');
}

async function postMessage(thread: string, body: unknown): Promise<CreatedMessage> {
  const response = await fetch(`${host.url}/api/threads/${thread}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedMessage;
}

// ---- Records -----------------------------------------------------------------------------------

/** 800 numbered lines; the last one ends with `END` so its presence proves the whole text arrived. */
function terminalText(length: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let n = 1; size < length; n++) {
    const line = `${String(n).padStart(5, '0')} ${'.'.repeat(73)}`;
    lines.push(line);
    size += line.length + 1;
  }
  const text = lines.join('\n').slice(0, length - 3);
  return `${text}END`;
}

function terminalRecord(id: string, text: string): TerminalContextRecord {
  const lineCount = text.split('\n').length;
  return {
    version: 1,
    kind: 'terminal',
    contextId: id,
    label: `Terminal ${id}`,
    terminalId: `terminal-${id}`,
    terminalLabel: `Terminal ${id}`,
    lineStart: 1,
    lineEnd: lineCount,
    text,
  };
}

function previewRecord(id: string): PreviewAnnotationContextRecord {
  return {
    version: 1,
    kind: 'preview-annotation',
    contextId: id,
    label: `Preview ${id}`,
    annotationId: `annotation-${id}`,
    pageUrl: 'http://localhost:3000/checkout',
    pageTitle: 'Checkout',
    comment: '',
    targetSummary: '1 selected element',
    styleChanges: [],
  };
}

const STYLE_CHANGE_CHARS = 2_048;
const COMMENT_CHARS = 8_000;
const PREVIEW_STYLE_CHANGES = 200;

/**
 * 200 records whose raw JSON is exactly `jsonChars` long: 100 terminal excerpts at their 64,000
 * chars and 100 preview annotations padded with style changes (2,048 chars each, at most 200 per
 * record) and comments (at most 8,000) up to the exact length. Every field stays within its limit.
 */
function contextRecordsOfJsonLength(jsonChars: number): ContextRecord[] {
  const half = MAX_RECORDS / 2;
  const terminals = Array.from({ length: half }, (_, i) =>
    terminalRecord(`term_${i}`, terminalText(MAX_TERMINAL_TEXT_CHARS)),
  );
  const previews = Array.from({ length: half }, (_, i) => previewRecord(`preview_${i}`));
  let missing = jsonChars - JSON.stringify([...terminals, ...previews]).length;
  const styleChange = 's'.repeat(STYLE_CHANGE_CHARS);
  // Pushing into an empty array adds the quoted string; into a non-empty one, a comma too.
  for (let i = 0; missing > STYLE_CHANGE_CHARS + 3 + COMMENT_CHARS * 2; i = (i + 1) % half) {
    const changes = previews[i]!.styleChanges;
    if (changes.length === PREVIEW_STYLE_CHANGES) throw new Error('the records cannot hold that much JSON');
    missing -= STYLE_CHANGE_CHARS + (changes.length === 0 ? 2 : 3);
    changes.push(styleChange);
  }
  for (const preview of previews) {
    const comment = Math.min(COMMENT_CHARS, missing);
    preview.comment = 'c'.repeat(comment);
    missing -= comment;
  }
  const records = [...terminals, ...previews];
  if (missing !== 0 || JSON.stringify(records).length !== jsonChars)
    throw new Error('padding missed the target length');
  return records;
}

function linksTo(records: readonly ContextRecord[]): string {
  return records.map((record) => formatContextReference(record)).join(' ');
}

// ---- The tests ---------------------------------------------------------------------------------

describe('the largest message context: 16,000,000 JSON chars', () => {
  const atLimit = contextRecordsOfJsonLength(MESSAGE_CONTEXT_MAX_JSON_CHARS);
  const overLimit = contextRecordsOfJsonLength(MESSAGE_CONTEXT_MAX_JSON_CHARS + 1);

  it('is exactly the decoder bound: at it the context decodes, one char more fails it whole', () => {
    const decoded = decodeMessageContext({ version: 1, records: atLimit });
    expect(decoded.ok && decoded.context.records.length).toBe(MAX_RECORDS);
    expect(decoded.ok && decoded.dropped).toEqual([]);
    expect(decodeMessageContext({ version: 1, records: overLimit })).toEqual({
      ok: false,
      error: `context.records: JSON must be at most ${MESSAGE_CONTEXT_MAX_JSON_CHARS} chars`,
    });
  });

  it(
    'is sent from the composer, stored whole and rendered by <t3-user-message> with every chip resolved',
    async () => {
      const { page, errors } = await openDemo('limit-context');
      await setDraft(page, { text: `Everything at once: ${linksTo(atLimit)}`, records: atLimit });
      expect(await draftChipCount(page)).toBe(MAX_RECORDS);
      await pressInEditor(page, 'Enter');
      await transcriptMessages(page).first().waitFor({ timeout: 120_000 });
      await expect
        .poll(() => lastMessageChips(page), { timeout: 60_000 })
        .toEqual({ count: MAX_RECORDS, unresolved: 0 });
      const [stored] = await listThread('limit-context');
      expect(JSON.stringify(stored!.context!.records).length).toBe(MESSAGE_CONTEXT_MAX_JSON_CHARS);
      // The reply streams in: wait until its envelope is there.
      await expect
        .poll(() => page.locator('#transcript .projection').last().textContent(), { timeout: 60_000 })
        .toContain('<t3_context version="1">');
      await expectResponsive(page);
      expect(errors).toEqual([]);
      await page.close();
    },
    HEAVY_TEST_MS,
  );

  it(
    'one char more is refused by the host with an error naming the limit, and nothing is stored',
    async () => {
      const { page, errors } = await openDemo('limit-context-over');
      await setDraft(page, { text: `One char too many: ${linksTo(overLimit)}`, records: overLimit });
      await pressInEditor(page, 'Enter');
      await expect
        .poll(() => notice(page).textContent(), { timeout: 120_000 })
        .toMatch(
          new RegExp(
            `^Not sent: .*context\\.records: JSON must be at most ${MESSAGE_CONTEXT_MAX_JSON_CHARS} chars\\. ${COMPOSER_STRINGS.backInComposer}$`,
          ),
        );
      expect(await status(page).textContent(), 'said once, in the notice').toBe('');
      expect(await listThread('limit-context-over')).toEqual([]);
      await expectResponsive(page);
      expect(errors).toEqual([]);
      await page.close();
    },
    HEAVY_TEST_MS,
  );
});

describe('200 records', () => {
  it(
    'takes 200 distinct records, refuses the 201st with a notice, and sends the 200',
    async () => {
      const { page, errors } = await openDemo('limit-records');
      const records = Array.from({ length: MAX_RECORDS }, (_, i) => terminalRecord(`record_${i}`, `$ step ${i}`));
      const results = await composer(page).evaluate(
        (element, all) => all.map((record) => (element as ComposerElement).insertContext(record).ok),
        records,
      );
      expect(results.every(Boolean)).toBe(true);
      await insertTool(page, 'Terminal excerpt');
      await expect.poll(() => notice(page).textContent()).toBe(COMPOSER_STRINGS.limitRecords);
      expect(await draftChipCount(page)).toBe(MAX_RECORDS);
      await pressInEditor(page, 'Enter');
      await transcriptMessages(page).first().waitFor();
      await expect
        .poll(() => lastMessageChips(page), { timeout: 60_000 })
        .toEqual({ count: MAX_RECORDS, unresolved: 0 });
      const [stored] = await listThread('limit-records');
      expect(stored!.context!.records.map((record) => record.contextId)).toEqual(
        records.map((record) => record.contextId),
      );
      await expectResponsive(page);
      expect(errors).toEqual([]);
      await page.close();
    },
    HEAVY_TEST_MS,
  );
});

describe('256 annotations', () => {
  it(
    'takes 256 chips, refuses the 257th with a notice, and sends 256 annotations',
    async () => {
      const { page, errors } = await openDemo('limit-chips');
      // 128 records referenced twice each: the chip limit binds before the record limit.
      const records = Array.from({ length: MAX_ANNOTATIONS / 2 }, (_, i) => terminalRecord(`chip_${i}`, `$ run ${i}`));
      await setDraft(page, { text: `${linksTo(records)} and again ${linksTo(records)}`, records });
      expect(await draftChipCount(page)).toBe(MAX_ANNOTATIONS);
      await insertTool(page, 'Terminal excerpt');
      await expect.poll(() => notice(page).textContent()).toBe(COMPOSER_STRINGS.limitChips);
      expect(await draftChipCount(page)).toBe(MAX_ANNOTATIONS);
      await pressInEditor(page, 'Enter');
      await transcriptMessages(page).first().waitFor();
      await expect
        .poll(() => lastMessageChips(page), { timeout: 60_000 })
        .toEqual({ count: MAX_ANNOTATIONS, unresolved: 0 });
      const [stored] = await listThread('limit-chips');
      expect(stored!.inputAnnotations).toHaveLength(MAX_ANNOTATIONS);
      expect(stored!.context!.records).toHaveLength(MAX_ANNOTATIONS / 2);
      await expectResponsive(page);
      expect(errors).toEqual([]);
      await page.close();
    },
    HEAVY_TEST_MS,
  );

  it('renders an annotation-driven message with 256 reference annotations as 256 chips', async () => {
    const words = Array.from({ length: MAX_ANNOTATIONS }, (_, i) => `@item${i}`);
    const prompt = words.join(' ');
    let start = 0;
    const inputAnnotations = words.map((word, i) => {
      const annotation = {
        type: 'reference',
        start,
        end: start + word.length,
        text: word,
        reference: { id: `item_${i}`, kind: 'file', label: `item${i}` },
      };
      start += word.length + 1;
      return annotation;
    });
    const created = await postMessage('limit-annotations', { text: prompt, prompt, inputAnnotations });
    expect(created.droppedAnnotations).toBe(0);
    const { page, errors } = await openDemo('limit-annotations');
    await transcriptMessages(page).first().waitFor();
    await expect
      .poll(() => lastMessageChips(page), { timeout: 60_000 })
      .toEqual({ count: MAX_ANNOTATIONS, unresolved: 0 });
    await expectResponsive(page);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a terminal excerpt of 64,000 chars', () => {
  it(
    'is inserted, sent, and shown whole in the chip details; one char more is refused by insertContext',
    async () => {
      const { page, errors } = await openDemo('limit-terminal');
      const text = terminalText(MAX_TERMINAL_TEXT_CHARS);
      const atLimit = terminalRecord('terminal_max', text);
      const overLimit = terminalRecord('terminal_over', `${text}!`);
      const results = await composer(page).evaluate(
        (element, [ok, tooLong]) => [
          (element as ComposerElement).insertContext(ok!),
          (element as ComposerElement).insertContext(tooLong!),
        ],
        [atLimit, overLimit],
      );
      expect(results).toEqual([
        { ok: true, contextId: 'terminal_max' },
        { ok: false, error: `terminal.text: must be at most ${MAX_TERMINAL_TEXT_CHARS} chars` },
      ]);
      expect(await draftChipCount(page)).toBe(1);
      await pressInEditor(page, 'Enter');
      await transcriptMessages(page).first().waitFor();
      const [stored] = await listThread('limit-terminal');
      expect((stored!.context!.records[0] as TerminalContextRecord).text).toBe(text);

      // Hovered once the reply has ended: a scroll (the transcript following it) closes details opened by hover.
      await replyEnded(page);
      const chip = transcriptMessages(page).last().locator('t3-context-chip');
      await chip.hover();
      const details = chip.locator('[part~="details"]');
      await expect.poll(() => details.evaluate((element) => element.matches(':popover-open'))).toBe(true);
      const shown = await details.evaluate((element) => ({
        lines: element.querySelectorAll('.line').length,
        text: element.textContent ?? '',
      }));
      expect(shown.lines).toBe(text.split('\n').length);
      expect(shown.text).toContain('END');
      await expectResponsive(page);
      expect(errors).toEqual([]);
      await page.close();
    },
    HEAVY_TEST_MS,
  );
  it(
    'with 64,000 line breaks (the most lines the limit allows) shows all 64,001 numbered lines in the details',
    async () => {
      const { page, errors } = await openDemo('limit-terminal-lines');
      const text = '\n'.repeat(MAX_TERMINAL_TEXT_CHARS);
      const inserted = await composer(page).evaluate(
        (element, record) => (element as ComposerElement).insertContext(record),
        terminalRecord('terminal_lines', text),
      );
      expect(inserted.ok).toBe(true);
      await pressInEditor(page, 'Enter');
      await transcriptMessages(page).first().waitFor();
      // Hovered once the reply has ended: a scroll (the transcript following it) closes details opened by hover.
      await replyEnded(page);
      const chip = transcriptMessages(page).last().locator('t3-context-chip');
      await chip.hover();
      const details = chip.locator('[part~="details"]');
      await expect
        .poll(() => details.evaluate((element) => element.matches(':popover-open')), { timeout: 30_000 })
        .toBe(true);
      expect(await details.evaluate((element) => element.querySelectorAll('.line').length)).toBe(
        MAX_TERMINAL_TEXT_CHARS + 1,
      );
      await expectResponsive(page);
      expect(errors).toEqual([]);
      await page.close();
    },
    HEAVY_TEST_MS,
  );
});

describe('a pasted draft of 2,000 chips', () => {
  it(
    'shows every chip and refuses to submit with the notice; nothing is sent',
    async () => {
      const { page, errors, posts } = await openDemo('limit-paste');
      const links = Array.from({ length: 2_000 }, (_, i) =>
        formatContextReference({ kind: 'file', contextId: `pasted_${i}`, label: `file ${i}` }),
      );
      const pasted = `Pasted: ${links.join(' ')}`;
      await pasteIntoComposer(page, pasted);
      await expect.poll(() => draftText(page), { timeout: 60_000 }).toBe(pasted);
      expect(await draftChipCount(page)).toBe(2_000);
      await pressInEditor(page, 'Enter');
      await expect.poll(() => notice(page).textContent()).toBe(COMPOSER_STRINGS.limitChips);
      expect(await draftText(page)).toBe(pasted);
      expect(posts).toEqual([]);
      expect(await transcriptMessages(page).count()).toBe(0);
      await expectResponsive(page);
      expect(errors).toEqual([]);
      await page.close();
    },
    HEAVY_TEST_MS,
  );
});

describe('a message of 1,000,000 chars', () => {
  it(
    'is pasted, sent, stored byte-identical and rendered',
    async () => {
      const { page, errors } = await openDemo('limit-text');
      const text = messageText(MAX_TEXT_CHARS);
      await pasteIntoComposer(page, text);
      await expect.poll(async () => (await draftText(page)).length, { timeout: 60_000 }).toBe(MAX_TEXT_CHARS);
      await pressInEditor(page, 'Enter');
      await transcriptMessages(page).first().waitFor({ timeout: 60_000 });
      const [stored] = await listThread('limit-text');
      expect(stored!.text === text).toBe(true);
      const rendered = await transcriptMessages(page)
        .last()
        .evaluate((message) => message.shadowRoot!.querySelector('[part~="body"]')!.textContent ?? '');
      expect(rendered).toContain('00001 ');
      expect(rendered).toContain('END');
      await expectResponsive(page);
      expect(errors).toEqual([]);
      await page.close();
    },
    HEAVY_TEST_MS,
  );

  it(
    'one char more is refused by the host with an error naming the limit, and nothing is stored',
    async () => {
      const { page, errors } = await openDemo('limit-text-over');
      await pasteIntoComposer(page, messageText(MAX_TEXT_CHARS + 1));
      await expect.poll(async () => (await draftText(page)).length, { timeout: 60_000 }).toBe(MAX_TEXT_CHARS + 1);
      await pressInEditor(page, 'Enter');
      await expect
        .poll(() => notice(page).textContent(), { timeout: 60_000 })
        .toBe(`Not sent: text must be at most ${MAX_TEXT_CHARS} chars. ${COMPOSER_STRINGS.backInComposer}`);
      expect(await status(page).textContent(), 'said once, in the notice').toBe('');
      expect(await listThread('limit-text-over')).toEqual([]);
      await expectResponsive(page);
      expect(errors).toEqual([]);
      await page.close();
    },
    HEAVY_TEST_MS,
  );
});

/**
 * Through the real clipboard: the text is written with the async clipboard API, then pasted as
 * text with Ctrl+Shift+V (Ctrl+V would turn a long text into a file chip).
 */
async function pasteIntoComposer(page: Page, text: string): Promise<void> {
  await composer(page).evaluate((element) => element.focus());
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('Control+Shift+V');
}

/** Numbered lines of 100 chars (with the line break), cut to `length`, ending in `END`. */
function messageText(length: number): string {
  const lineCount = Math.ceil(length / 100);
  const lines = Array.from({ length: lineCount }, (_, i) => `${String(i + 1).padStart(5, '0')} ${'w'.repeat(93)}`);
  return `${lines.join('\n').slice(0, length - 3)}END`;
}
