import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../../server/host.js';
import { insertTool, isBusy } from './support/demo-page.js';
import { useDemoSession } from './support/demo-session.js';

/** End to end through the demo: the reference host on a free port, its built pages, real Chromium. */

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const session = useDemoSession('demo-e2e');
let host: RunningHost;
let context: BrowserContext;

beforeAll(() => {
  ({ host, context } = session());
});

async function openPage(path: string): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${host.url}${path}`);
  await page.waitForFunction(() => customElements.get('t3-composer') !== undefined);
  (page as Page & { errors: string[] }).errors = errors;
  return page;
}

function editor(page: Page): Locator {
  return page.locator('t3-composer .cm-content');
}

async function pickMention(page: Page, query: string, label: string): Promise<void> {
  await page.keyboard.type(query, { delay: 10 });
  const option = page.locator('t3-composer [role="option"]', { hasText: label }).first();
  await option.waitFor();
  for (let i = 0; i < 60; i++) {
    const active = await page.locator('t3-composer [role="option"][aria-selected="true"]').first().textContent();
    if (active?.includes(label)) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
}

async function chipSummary(locator: Locator): Promise<{ kind: string; label: string; unresolved: boolean }[]> {
  return locator.locator('t3-context-chip').evaluateAll((chips) =>
    chips.map((chip) => ({
      kind: chip.getAttribute('kind') ?? '',
      label: chip.shadowRoot!.querySelector('[part~="label"]')?.textContent ?? '',
      unresolved: chip.hasAttribute('unresolved'),
    })),
  );
}

describe('the demo page', () => {
  let page: Page;

  beforeAll(async () => {
    page = await openPage('/index.html?thread=e2e');
  });

  it('writes a message with several kinds of chips by keyboard and submits it', async () => {
    await editor(page).click();
    await page.keyboard.type('Please look at ');
    await pickMention(page, '@README', 'README.md');
    await page.keyboard.type('and ');
    await pickMention(page, '@guide', 'Getting started');
    await page.keyboard.type('with ');
    await pickMention(page, '@users', 'users');
    await page.keyboard.type('after ');
    await insertTool(page, 'Terminal excerpt');
    await page
      .locator('#attach-input')
      .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') });
    const draft = await chipSummary(page.locator('t3-composer'));
    expect(draft.map((chip) => chip.kind)).toEqual(['mention', 'mcp', 'dataset', 'terminal', 'image']);
    await editor(page).press('Enter');
    await page.locator('#transcript t3-user-message').first().waitFor();
    await expect.poll(() => chipSummary(page.locator('#transcript t3-user-message').last())).toHaveLength(5);
    expect(
      await page
        .locator('t3-composer')
        .evaluate((composer) => (composer as HTMLElement & { value: { text: string } }).value.text),
    ).toBe('');
  });

  it('shows every chip in the transcript and the envelope a model receives', async () => {
    const sent = await chipSummary(page.locator('#transcript t3-user-message').last());
    expect(sent.map((chip) => chip.kind)).toEqual(['mention', 'mcp', 'dataset', 'terminal', 'image']);
    expect(sent.every((chip) => !chip.unresolved)).toBe(true);
    // The reply streams in: wait until the envelope is whole.
    const projection = page.locator('#transcript .projection').last();
    await expect.poll(() => projection.textContent(), { timeout: 15_000 }).toContain('</t3_context>');
    const reply = await projection.textContent();
    expect(reply).toContain('<t3_context version="1">');
    expect(reply).toContain('<context kind="terminal"');
    expect(reply).toContain('path: README.md');
    expect(reply).toContain('"serialized":"@dataset:users"');
    expect(reply).toContain('[Image: shot.png; ref=image_');
    const annotationPath = page.locator('#transcript .annotation-path').last();
    await annotationPath.locator('summary').click();
    const prompt = await annotationPath.locator('.prompt').textContent();
    expect(prompt).toContain('@README.md');
    expect(prompt).toContain('@dataset:users');
    const annotations = JSON.parse((await annotationPath.locator('.annotations').textContent())!) as {
      start: number;
      end: number;
      text: string;
    }[];
    expect(annotations).toHaveLength(5);
    for (const annotation of annotations) expect(prompt!.slice(annotation.start, annotation.end)).toBe(annotation.text);
    const gallery = page.locator('#transcript t3-user-message').last().locator('[part~="image"]');
    await expect.poll(() => gallery.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1);
  });

  it('keeps every chip after a reload', async () => {
    await page.reload();
    await page.locator('#transcript t3-user-message').first().waitFor();
    const sent = await chipSummary(page.locator('#transcript t3-user-message').last());
    expect(sent.map((chip) => chip.kind)).toEqual(['mention', 'mcp', 'dataset', 'terminal', 'image']);
    expect(sent.every((chip) => !chip.unresolved)).toBe(true);
  });

  it('copies a sent message and pastes it back with the same chips; the image is the host’s, not uploaded again', async () => {
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads')
        uploads.push(request.url());
    });
    const message = page.locator('#transcript t3-user-message').last();
    const storedRecords = await message.evaluate(
      (element) => (element as HTMLElement & { context: { records: unknown[] } }).context.records,
    );
    await message.hover();
    await message.locator('[part~="copy"]').click();
    await editor(page).click();
    await page.keyboard.press('Control+V');
    await expect.poll(() => chipSummary(page.locator('t3-composer'))).toHaveLength(5);
    const value = await page
      .locator('t3-composer')
      .evaluate(
        (composer) =>
          (composer as HTMLElement & { value: { records: { kind: string; contextId: string; label: string }[] } })
            .value,
      );
    const stored = storedRecords as { kind: string; contextId: string; label: string; attachmentId?: string }[];
    expect(value.records.map((record) => [record.kind, record.label])).toEqual(
      stored.map((record) => [record.kind, record.label]),
    );
    const textRecords = value.records.filter((record) => record.kind !== 'image');
    expect(textRecords).toEqual(stored.filter((record) => record.kind !== 'image'));
    const pastedImage = value.records.find((record) => record.kind === 'image') as unknown as {
      contextId: string;
      attachmentId: string;
    };
    const storedImage = stored.find((record) => record.kind === 'image')!;
    // Its bytes are fetched again (its thumbnail), but the host has the file: it keeps the host's id.
    expect(pastedImage.attachmentId).toBe(storedImage.attachmentId);
    expect(pastedImage.contextId).not.toBe(storedImage.contextId);
    const imageChip = page.locator('t3-composer t3-context-chip[kind="image"]');
    await expect
      .poll(() => imageChip.evaluate((chip) => chip.hasAttribute('pending') || chip.hasAttribute('unresolved')))
      .toBe(false);
    await expect.poll(() => page.locator('t3-composer [part~="attachment"] img').count()).toBe(1);
    // A new message, not a follow-up queued behind the reply to the first one.
    await expect.poll(() => isBusy(page), { timeout: 15_000 }).toBe(false);
    await editor(page).press('Enter');
    await expect.poll(() => page.locator('#transcript t3-user-message').count()).toBe(2);
    const second = await chipSummary(page.locator('#transcript t3-user-message').last());
    expect(second.map((chip) => chip.kind)).toEqual(['mention', 'mcp', 'dataset', 'terminal', 'image']);
    expect(second.every((chip) => !chip.unresolved)).toBe(true);
    expect(uploads).toEqual([]);
  });

  it('shows the seeded legacy messages upgraded to chips', async () => {
    const legacy = await openPage('/index.html?thread=demo');
    await legacy.locator('#transcript t3-user-message').first().waitFor();
    const kinds = new Set((await chipSummary(legacy.locator('#transcript'))).map((chip) => chip.kind));
    for (const kind of ['terminal', 'element', 'preview-annotation', 'review-comment']) expect(kinds).toContain(kind);
    const text = await legacy
      .locator('#transcript')
      .evaluate((list) =>
        [...list.querySelectorAll('t3-user-message')].map((message) => message.shadowRoot!.textContent).join('\n'),
      );
    expect(text).not.toMatch(/<(terminal_context|element_context|preview_annotation|review_comment)\b/);
    await legacy.close();
  });

  it('ran without page errors', () => {
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });
});

describe('the other host pages', () => {
  for (const [path, name] of [
    ['/script-tag.html', 'script tag'],
    ['/react.html', 'React'],
    ['/vue.html', 'Vue'],
  ] as const) {
    it(`the ${name} page submits and renders a message with a chip`, async () => {
      const page = await openPage(path);
      if (path !== '/script-tag.html') {
        const scripts = await page.evaluate(() => [...document.scripts].map((script) => script.src));
        expect(scripts.some((src) => src.includes('/assets/'))).toBe(true);
      } else {
        // The bundle as built, then the page's own host code from a file: no inline script.
        const scripts = await page.evaluate(() => [...document.scripts].map((script) => script.src));
        expect(scripts).toEqual([`${host.url}/dist/t3-composer.iife.js`, `${host.url}/script-tag-page.js`]);
      }
      await editor(page).click();
      await page.keyboard.type(`hello from ${name} `);
      const mention = path === '/script-tag.html' ? ['@refac', 'refactor'] : ['@README', 'README.md'];
      await pickMention(page, mention[0]!, mention[1]!);
      await editor(page).press('Enter');
      // The user's message (the script-tag page renders its replies' Markdown with <t3-user-message> too).
      const message = page.locator('#transcript .entry.user t3-user-message').last();
      // The first Markdown message of a page draws its body once the Markdown chunk has loaded.
      await message.locator('[part~="body"]:not([aria-busy])').waitFor();
      const chips = await chipSummary(message);
      expect(chips).toHaveLength(1);
      expect(chips[0]!.unresolved).toBe(false);
      expect(await page.locator('#transcript .projection').last().textContent()).toContain('<t3_context version="1">');
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
      await page.close();
    });
  }
});
