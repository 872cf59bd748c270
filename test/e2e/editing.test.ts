import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AssistantMessage, UserMessage } from '../../server/api-types.js';
import { useDemoSession } from './support/demo-session.js';
import {
  chipKinds,
  composer,
  editor,
  openThread,
  recordPosts,
  reload,
  replyState,
  replyText,
  shownTexts,
  storedThread,
  userMessages,
} from './support/demo-page.js';

/**
 * Editing a sent message in the demo (SPEC §15), as a person does it: hover the message, press
 * Edit, change the text with the keyboard, press Enter. The host stores the edit as a new version
 * beside the old one; images and files stay the ones already stored (nothing is uploaded again).
 * Escape ends an edit with nothing sent; an edit the host refuses stays open with a notice.
 */

const session = useDemoSession('editing-e2e', { replyPacing: { durationMs: 200, maxChunks: 4 } });

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const NOTES = 'rounding: half-even\ncurrency: EUR\n';

type EditorInPage = HTMLElement & { value: { text: string } };

const inlineEditor = (message: Locator) => message.locator('t3-composer[part~="editor"]');
const inlineText = (message: Locator) =>
  inlineEditor(message).evaluate((element) => (element as EditorInPage).value.text);
const unresolvedChips = (locator: Locator) => locator.locator('t3-context-chip[unresolved]').count();
const picker = (page: Page) => page.locator('#transcript .versions');

/** Sends a message from the page's composer and waits until its reply is complete. */
async function send(page: Page, text: string, index = 0): Promise<void> {
  await editor(page).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => replyState(page, index)).toBe('complete');
}

/** Hovers the message and presses its Edit control; the inline editor has the focus. */
async function startEditing(message: Locator): Promise<void> {
  await message.hover();
  await message.locator('[part~="edit-button"]').click();
  await inlineEditor(message).locator('.cm-content').waitFor();
  await expect.poll(() => inlineEditor(message).evaluate((element) => element.matches(':focus-within'))).toBe(true);
}

describe('an edit of a message with an image and a file', () => {
  it('stores a new version that keeps the same attachments, uploads nothing again, and the picker switches back', async () => {
    const page = await openThread(session(), 'edit-files');
    const posted = recordPosts(page);
    await editor(page).click();
    await page.keyboard.type('Compare the screenshot with the notes ');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach images or files' }).click();
    await (
      await chooser
    ).setFiles([
      { name: 'shot.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(NOTES) },
    ]);
    await expect.poll(() => chipKinds(composer(page).locator('.cm-content'))).toEqual(['image', 'file']);
    await editor(page).press('Enter');
    await expect.poll(() => replyState(page, 0)).toBe('complete');

    const [original, originalReply] = (await storedThread(session(), 'edit-files')).messages as [
      UserMessage,
      AssistantMessage,
    ];
    expect(posted).toHaveLength(1);
    // Uploaded as they were attached: the message names them, their bytes do not go with it.
    expect(posted[0]!.attachments).toEqual([]);
    const attachmentIds = original.attachments.map((attachment) => attachment.attachmentId);
    expect(original.attachments.map((attachment) => attachment.name)).toEqual(['shot.png', 'notes.txt']);
    const recordIds = original.context!.records.map((record) => [
      record.kind,
      (record as { attachmentId?: string }).attachmentId,
    ]);
    expect(recordIds).toEqual([
      ['image', attachmentIds[0]],
      ['file', attachmentIds[1]],
    ]);

    const message = userMessages(page).first();
    await startEditing(message);
    // The files come back as the records the host stored: their chips resolve, nothing is fetched.
    await expect.poll(() => chipKinds(inlineEditor(message).locator('.cm-content'))).toEqual(['image', 'file']);
    expect(await unresolvedChips(inlineEditor(message))).toBe(0);
    // Change the first word: Compare → Contrast.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Control+Shift+ArrowRight');
    await page.keyboard.type('Contrast');
    expect(await inlineText(message)).toMatch(/^Contrast the screenshot with the notes /);
    await page.keyboard.press('Enter');

    await expect.poll(() => inlineEditor(message).count()).toBe(0);
    await expect.poll(() => picker(page).textContent()).toContain('2 / 2');
    await expect.poll(() => replyState(page, 0)).toBe('complete');
    const texts = await shownTexts(page);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^Contrast the screenshot with the notes /);
    await expect.poll(() => chipKinds(userMessages(page).first())).toEqual(['image', 'file']);
    expect(await unresolvedChips(userMessages(page).first())).toBe(0);
    expect(await picker(page).getAttribute('aria-label')).toBe('Version 2 of 2');
    expect(await replyText(page, 0)).toContain('Contrast the screenshot');

    // Sent as a new version of the first message, naming the stored files: no bytes went up again.
    expect(posted).toHaveLength(2);
    expect(posted[1]).toMatchObject({ parentId: null, attachments: [] });
    expect(posted[1]!.context!.records.map((record) => [record.kind, record.attachmentId])).toEqual(recordIds);
    const edited = await storedThread(session(), 'edit-files');
    const [version2, reply2] = edited.messages as [UserMessage, AssistantMessage];
    expect(version2.id).not.toBe(original.id);
    expect(version2).toMatchObject({ parentId: null, text: texts[0] });
    expect(version2.attachments.map((attachment) => attachment.attachmentId)).toEqual(attachmentIds);
    expect(
      version2.context!.records.map((record) => [record.kind, (record as { attachmentId?: string }).attachmentId]),
    ).toEqual(recordIds);
    expect(edited.versions[version2.id]).toEqual({ siblings: [original.id, version2.id], index: 1 });
    expect(reply2).toMatchObject({ state: 'complete', replyTo: version2.id });
    // The stored bytes are the ones first uploaded.
    const notes = await fetch(`${session().host.url}${version2.attachments[1]!.url}`).then((response) =>
      response.text(),
    );
    expect(notes).toBe(NOTES);
    const image = userMessages(page).first().locator('[part~="image"]');
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);

    // ‹ goes back to version 1 and its reply.
    await page.getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => shownTexts(page)).toEqual([original.text]);
    expect(await picker(page).textContent()).toContain('1 / 2');
    expect(await replyText(page, 0)).toBe(originalReply.text);

    await reload(page);
    await picker(page).waitFor();
    expect(await shownTexts(page)).toEqual([original.text]);
    expect(await picker(page).textContent()).toContain('1 / 2');
    expect(await replyText(page, 0)).toBe(originalReply.text);
    await expect.poll(() => chipKinds(userMessages(page).first())).toEqual(['image', 'file']);
    expect(posted).toHaveLength(2);
    await page.context().close();
  });
});

describe('an edit that ends without a new version', () => {
  it('Escape ends it: at once when nothing changed, after Discard when something did; nothing is stored', async () => {
    const page = await openThread(session(), 'edit-escape');
    const posted = recordPosts(page);
    await send(page, 'Rename the helper to formatTotal');
    const message = userMessages(page).first();

    // By keyboard: the message is one tab stop after the transcript, and its Edit control the first item.
    await page.locator('#transcript').focus();
    await page.keyboard.press('Tab');
    const focusedPart = () => message.evaluate((element) => element.shadowRoot!.activeElement?.getAttribute('part'));
    await expect.poll(focusedPart).toBe('edit-button');
    await page.keyboard.press('Enter');
    await inlineEditor(message).locator('.cm-content').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => inlineEditor(message).count()).toBe(0);
    await expect.poll(focusedPart).toBe('edit-button');

    await startEditing(message);
    await page.keyboard.press('End');
    await page.keyboard.type(' and its tests');
    await page.keyboard.press('Escape');
    // Changes would be lost: the message asks first; Escape again keeps editing.
    const question = message.locator('[part~="edit-confirm"]');
    await question.waitFor();
    expect(await question.textContent()).toContain('Discard your changes to this message?');
    await page.keyboard.press('Escape');
    await expect.poll(() => question.count()).toBe(0);
    expect(await inlineText(message)).toBe('Rename the helper to formatTotal and its tests');
    await page.keyboard.press('Escape');
    await message.locator('[part~="discard-button"]').click();
    await expect.poll(() => inlineEditor(message).count()).toBe(0);

    expect(await shownTexts(page)).toEqual(['Rename the helper to formatTotal']);
    expect(await picker(page).count()).toBe(0);
    expect(posted).toHaveLength(1);
    const stored = await storedThread(session(), 'edit-escape');
    expect(stored.messages.map((entry) => entry.text.slice(0, 32))).toEqual([
      'Rename the helper to formatTotal',
      stored.messages[1]!.text.slice(0, 32),
    ]);
    expect(stored.versions).toEqual({});
    await page.context().close();
  });

  it('a refused edit stays open with the edited text and a notice; Save sends it once the host takes it', async () => {
    const page = await openThread(session(), 'edit-refused');
    const posted = recordPosts(page);
    await send(page, 'Cache the exchange rates');
    const message = userMessages(page).first();
    await page.route('**/api/threads/*/messages', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'The disk is full.' }),
          })
        : route.continue(),
    );

    await startEditing(message);
    await page.keyboard.press('End');
    await page.keyboard.type(' for an hour');
    await page.keyboard.press('Enter');
    const notice = message.locator('[part~="edit-notice"]');
    await notice.waitFor();
    expect(await notice.textContent()).toBe('Not saved: The disk is full. Your edit is still here.');
    expect(await notice.getAttribute('role')).toBe('alert');
    expect(await inlineText(message)).toBe('Cache the exchange rates for an hour');
    expect(await inlineEditor(message).evaluate((element) => element.hasAttribute('readonly'))).toBe(false);
    expect(posted).toHaveLength(2);
    expect(posted[1]).toMatchObject({ text: 'Cache the exchange rates for an hour', parentId: null });
    // The transcript still shows the message as sent, and the host has nothing new.
    // The edit's notice says why; the page's status line does not repeat it.
    expect(await page.locator('#status').textContent()).toBe('');
    expect(await picker(page).count()).toBe(0);
    const refused = await storedThread(session(), 'edit-refused');
    expect(refused.messages).toHaveLength(2);
    expect(refused.messages[0]!.text).toBe('Cache the exchange rates');
    expect(refused.versions).toEqual({});

    // The host takes it now: Save sends the same edit.
    await page.unroute('**/api/threads/*/messages');
    await message.locator('[part~="save-button"]').click();
    await expect.poll(() => shownTexts(page)).toEqual(['Cache the exchange rates for an hour']);
    await expect.poll(() => inlineEditor(userMessages(page).first()).count()).toBe(0);
    await expect.poll(() => picker(page).textContent()).toContain('2 / 2');
    expect(posted).toHaveLength(3);
    const saved = await storedThread(session(), 'edit-refused');
    expect(saved.messages[0]).toMatchObject({ text: 'Cache the exchange rates for an hour', parentId: null });
    expect(saved.versions[saved.messages[0]!.id]?.siblings).toHaveLength(2);
    await page.context().close();
  });
});
