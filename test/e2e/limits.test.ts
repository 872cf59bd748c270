import { describe, expect, it } from 'vitest';
import {
  decodeMessageContext,
  formatContextReference,
  MESSAGE_CONTEXT_MAX_JSON_CHARS,
  type TerminalContextRecord,
} from '../../src/core/index.js';
import { COMPOSER_STRINGS } from '../../src/elements/composer/composer-strings.js';
import { insertTool } from './support/demo-page.js';
import { useDemoSession } from './support/demo-session.js';
import {
  contextRecordsOfJsonLength,
  linksTo,
  MAX_ANNOTATIONS,
  MAX_RECORDS,
  MAX_TERMINAL_TEXT_CHARS,
  MAX_TEXT_CHARS,
  messageText,
  terminalRecord,
  terminalText,
} from './support/limit-records.js';
import {
  type ComposerElement,
  composer,
  draftChipCount,
  draftText,
  expectResponsive,
  listThread as listStoredThread,
  lastMessageChips,
  notice,
  openDemo as openLimitsDemo,
  pasteIntoComposer,
  postMessage as postToThread,
  pressInEditor,
  replyEnded,
  setDraft,
  status,
  transcriptMessages,
} from './support/limits-page.js';

/**
 * Every wire limit at its bound, end to end through the demo page and the reference host: the
 * largest context, 200 records, 256 annotations, a 64,000-char terminal excerpt, a pasted draft of
 * 2,000 chips and a 1,000,000-char message. Each is sent and rendered, or refused with a visible
 * message naming the limit; afterwards the page still takes keystrokes.
 */

const HEAVY_TEST_MS = 180_000;

const session = useDemoSession('limits-e2e');
const openDemo = (thread: string) => openLimitsDemo(session(), thread);
const listThread = (thread: string) => listStoredThread(session(), thread);
const postMessage = (thread: string, body: unknown) => postToThread(session(), thread, body);

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
