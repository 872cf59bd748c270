import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/composer.js';
import type { FileContextRecord } from '../../../src/core/index.js';
import type { T3ContextChip } from '../../../src/elements/context-chip/context-chip.js';
import { link, terminal } from '../../../support/records.js';
import {
  centre,
  chips,
  clickEditor,
  composerFixture,
  press,
  submissions,
  type,
  waitFor,
  memoryStorage,
} from './support.js';
import { nextClipboardWrite } from '../support/interaction.js';

/** `count` numbered lines joined by `separator`. */
function lines(count: number, separator = '\n'): string {
  return Array.from({ length: count }, (_, i) => `line ${i + 1}`).join(separator);
}

/** Puts `text` on the real clipboard, clicks into the composer and pastes it with real keys. */
async function paste(composer: T3Composer, text: string, keys = 'Control+v'): Promise<void> {
  await navigator.clipboard.writeText(text);
  // A click below a draft taller than the editor would land outside it: once in, stay.
  if (!composer.matches(':focus-within')) await clickEditor(composer);
  await press(keys);
  await composer.updateComplete;
}

function fileRecords(composer: T3Composer): FileContextRecord[] {
  return composer.value.records.filter((record): record is FileContextRecord => record.kind === 'file');
}

/** Hovers a chip until its details show; their text. */
async function detailsOf(chip: T3ContextChip): Promise<HTMLElement> {
  await sendMouse({ type: 'move', position: centre(chip) });
  await waitFor(() => !!chip.shadowRoot!.querySelector('[part~="details"]:popover-open'), 'the details');
  return chip.shadowRoot!.querySelector<HTMLElement>('[part~="details"]')!;
}

describe('<t3-composer> long pastes', () => {
  it('pastes 200 lines as one text/plain file chip holding exactly the pasted text, CRLF kept', async () => {
    const composer = await composerFixture();
    const text = `${lines(200, '\r\n')}\r\n`;
    await paste(composer, text);
    expect(chips(composer).map((chip) => chip.kind)).to.deep.equal(['file']);
    const [record] = fileRecords(composer);
    expect(record).to.deep.include({ name: 'Pasted text 1.txt', label: 'Pasted text 1.txt', mimeType: 'text/plain' });
    expect(record!.sizeBytes).to.equal(new TextEncoder().encode(text).length);
    expect(composer.value.text.trim()).to.equal(link(record!));
    const [attachment] = composer.draft.attachments;
    expect(attachment!.kind).to.equal('file');
    expect(attachment!.file.type).to.equal('text/plain');
    expect(attachment!.file.name).to.equal('Pasted text 1.txt');
    expect(new Uint8Array(await attachment!.file.arrayBuffer())).to.deep.equal(new TextEncoder().encode(text));
    // The record carries no bytes and no preview: only the file kind's own fields.
    expect(Object.keys(record!).sort()).to.deep.equal(
      ['attachmentId', 'contextId', 'kind', 'label', 'mimeType', 'name', 'sizeBytes', 'version'].sort(),
    );
  });

  it('collapses by characters: 4,000 on one line stay text, 4,001 become a chip', async () => {
    const composer = await composerFixture();
    await paste(composer, 'a'.repeat(4000));
    expect(chips(composer)).to.have.length(0);
    expect(composer.value.text).to.equal('a'.repeat(4000));
    await press('Control+a');
    await press('Backspace');
    await paste(composer, 'b'.repeat(4001));
    expect(chips(composer)).to.have.length(1);
    expect(await composer.draft.attachments[0]!.file.text()).to.equal('b'.repeat(4001));
  });

  it('collapses by lines: 40 lines stay text, 41 become a chip; a final line break opens no line', async () => {
    const composer = await composerFixture();
    await paste(composer, `${lines(40)}\n`);
    expect(chips(composer)).to.have.length(0);
    expect(composer.value.text).to.equal(`${lines(40)}\n`);
    await press('Control+a');
    await press('Backspace');
    await paste(composer, lines(41));
    expect(chips(composer)).to.have.length(1);
  });

  it('follows paste-file-lines and paste-file-chars; both 0 turn it off; invalid values fall back to the defaults', async () => {
    const composer = await composerFixture(
      html`<t3-composer label="m" paste-file-lines="3" paste-file-chars="0"></t3-composer>`,
    );
    await paste(composer, 'x'.repeat(5000));
    expect(chips(composer)).to.have.length(0);
    await press('Control+a');
    await press('Backspace');
    await paste(composer, lines(4));
    expect(chips(composer)).to.have.length(1);

    composer.setAttribute('paste-file-lines', '0');
    composer.clear();
    await composer.updateComplete;
    await paste(composer, lines(200));
    expect(chips(composer)).to.have.length(0);
    expect(composer.value.text).to.equal(lines(200));

    composer.setAttribute('paste-file-lines', 'many');
    (composer as unknown as { pasteFileChars: unknown }).pasteFileChars = { not: 'a number' };
    composer.clear();
    await composer.updateComplete;
    await paste(composer, lines(40));
    expect(chips(composer)).to.have.length(0);
    await paste(composer, `\n${lines(41)}`);
    expect(chips(composer)).to.have.length(1);
    composer.pasteFileLines = -5;
    composer.pasteFileChars = Number.NaN;
    composer.clear();
    await composer.updateComplete;
    await paste(composer, 'c'.repeat(4001));
    expect(chips(composer)).to.have.length(1);
  });

  it('Ctrl+Shift+V pastes long text as text; the next Ctrl+V collapses again', async () => {
    const composer = await composerFixture();
    const text = lines(200);
    await paste(composer, text, 'Control+Shift+V');
    expect(chips(composer)).to.have.length(0);
    expect(composer.value.text).to.equal(text);
    await press('Control+a');
    await press('Backspace');
    await paste(composer, text);
    expect(chips(composer)).to.have.length(1);
  });

  it('never collapses a chip fragment, however long', async () => {
    const root = await fixture<HTMLDivElement>(html`<div>
      <t3-composer id="source" label="source" paste-file-lines="0" paste-file-chars="0"></t3-composer>
      <t3-composer id="target" label="target"></t3-composer>
    </div>`);
    const source = root.querySelector<T3Composer>('#source')!;
    const target = root.querySelector<T3Composer>('#target')!;
    await Promise.all([source.updateComplete, target.updateComplete]);
    const text = `${lines(200)}\n${link(terminal)}`;
    source.value = { text, records: [terminal] };
    source.focus();
    await press('Control+a');
    const written = nextClipboardWrite('copy');
    await press('Control+c');
    await written;
    await clickEditor(target);
    await press('Control+v');
    await waitFor(() => chips(target).length === 1, 'the pasted chip');
    expect(target.value).to.deep.equal({ text, records: [terminal] });
    expect(target.draft.attachments).to.deep.equal([]);
  });

  it('keeps long plain text carrying chip links as text, its links as chips', async () => {
    const composer = await composerFixture();
    const text = `${lines(200)}\n${link(terminal)}`;
    await paste(composer, text);
    expect(composer.value.text).to.equal(text);
    expect(chips(composer).map((chip) => chip.kind)).to.deep.equal(['terminal']);
    expect(composer.draft.attachments).to.deep.equal([]);
  });

  it('numbers pastes so their names never clash within the draft', async () => {
    const composer = await composerFixture();
    await paste(composer, lines(50));
    await paste(composer, lines(60));
    expect(fileRecords(composer).map((record) => record.name)).to.deep.equal([
      'Pasted text 1.txt',
      'Pasted text 2.txt',
    ]);
    // The first chip deleted (its file kept for undo): the next paste still takes a new number.
    composer.removeContext(fileRecords(composer)[0]!.contextId);
    await paste(composer, lines(70));
    expect(fileRecords(composer).map((record) => record.name)).to.deep.equal([
      'Pasted text 2.txt',
      'Pasted text 3.txt',
    ]);
  });

  it('names the file from the locale', async () => {
    const composer = await composerFixture();
    composer.locale = { pastedText: 'Texte collé {number}.txt' };
    await composer.updateComplete;
    await paste(composer, lines(50));
    expect(fileRecords(composer)[0]!.name).to.equal('Texte collé 1.txt');
  });

  it('one undo step takes back the chip and its file; redo brings both back', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('before ');
    const text = lines(100);
    await paste(composer, text);
    expect(chips(composer)).to.have.length(1);
    const file = composer.draft.attachments[0]!.file;
    const removed = oneEvent(composer, 't3-attachment-remove');
    await press('Control+z');
    await removed;
    expect(chips(composer)).to.have.length(0);
    expect(composer.value.text).to.equal('before ');
    expect(composer.draft.attachments).to.deep.equal([]);
    // Upper case, as a real keyboard reports the letter while Shift is held.
    await press('Control+Shift+Z');
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(1);
    expect(composer.draft.attachments.map((attachment) => attachment.file)).to.deep.equal([file]);
    expect(await composer.draft.attachments[0]!.file.text()).to.equal(text);
  });

  it('the chip details show the line count and the first lines, as text', async () => {
    const composer = await composerFixture();
    const text = ['<img src=x onerror="window.__pasted = 1">', '<b>bold</b>', ...lines(198).split('\n')].join('\n');
    await paste(composer, text);
    const [chip] = chips(composer);
    const details = await detailsOf(chip!);
    expect(details.textContent).to.contain('Pasted text 1.txt');
    expect(details.querySelector('.line-count')!.textContent).to.equal('200 lines');
    const shown = [...details.querySelectorAll('.text-preview .line:not(.more)')].map(
      (line) => line.lastChild!.textContent,
    );
    expect(shown).to.deep.equal([
      '<img src=x onerror="window.__pasted = 1">',
      '<b>bold</b>',
      'line 1',
      'line 2',
      'line 3',
    ]);
    expect(details.querySelector('.text-preview .more')).to.exist;
    expect(details.querySelector('img, b')).to.be.null;
    expect((window as { __pasted?: number }).__pasted).to.be.undefined;
  });

  it('a one-line paste shows "1 line"', async () => {
    const composer = await composerFixture();
    await paste(composer, 'z'.repeat(5000));
    const details = await detailsOf(chips(composer)[0]!);
    expect(details.querySelector('.line-count')!.textContent).to.equal('1 line');
    expect(details.querySelector('.text-preview .line')!.lastChild!.textContent).to.equal('z'.repeat(160));
  });

  it('submits the file in detail.attachments and its record in the context', async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    await clickEditor(composer);
    await type('see ');
    const text = lines(300);
    await paste(composer, text);
    await press('Enter');
    expect(sent).to.have.length(1);
    const [record] = sent[0]!.context!.records as FileContextRecord[];
    expect(sent[0]!.text).to.equal(`see ${link(record!)}`);
    expect(
      sent[0]!.attachments.map(({ contextId, attachmentId, kind }) => ({ contextId, attachmentId, kind })),
    ).to.deep.equal([{ contextId: record!.contextId, attachmentId: record!.attachmentId, kind: 'file' }]);
    expect(await sent[0]!.attachments[0]!.file.text()).to.equal(text);
  });

  it('keeps file and preview through ↑ recall and stash and restore', async () => {
    const composer = await composerFixture();
    const text = lines(120);
    await paste(composer, text);
    composer.stash();
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(0);
    composer.restoreStash(composer.stashes[0]!.id);
    await composer.updateComplete;
    expect(await composer.draft.attachments[0]!.file.text()).to.equal(text);
    expect((await detailsOf(chips(composer)[0]!)).querySelector('.line-count')!.textContent).to.equal('120 lines');

    // Into a draft that is not empty: through the importer, under a fresh id, preview and all.
    composer.stash();
    await clickEditor(composer);
    await type('first ');
    composer.restoreStash(composer.stashes[0]!.id);
    await composer.updateComplete;
    expect(composer.value.text.endsWith('\nfirst ')).to.be.true;
    expect(await composer.draft.attachments[0]!.file.text()).to.equal(text);
    expect((await detailsOf(chips(composer)[0]!)).querySelector('.line-count')!.textContent).to.equal('120 lines');

    await clickEditor(composer);
    await press('Enter');
    await press('ArrowUp');
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(1);
    expect(await composer.draft.attachments[0]!.file.text()).to.equal(text);
    expect((await detailsOf(chips(composer)[0]!)).querySelector('.line-count')!.textContent).to.equal('120 lines');
  });

  it('is saved under draft-key with its bytes and preview, and restored', async () => {
    const storage = memoryStorage();
    const key = `paste-${Math.random().toString(36).slice(2)}`;
    const first = await composerFixture(
      html`<t3-composer label="m" draft-key=${key} .draftStorage=${storage}></t3-composer>`,
    );
    const text = lines(80);
    await paste(first, text);
    first.remove();
    await waitFor(() => (storage.saved.get(key)?.draft.attachments.length ?? 0) === 1, 'the saved draft');
    const second = document.createElement('t3-composer');
    second.draftStorage = storage;
    second.draftKey = key;
    const restored = oneEvent(second, 't3-draft-restore');
    (await fixture<HTMLDivElement>(html`<div></div>`)).append(second);
    await restored;
    await second.updateComplete;
    expect(chips(second)).to.have.length(1);
    expect(await second.draft.attachments[0]!.file.text()).to.equal(text);
    expect((await detailsOf(chips(second)[0]!)).querySelector('.line-count')!.textContent).to.equal('80 lines');
  });

  it('pastes 1 MB of text as a chip', async () => {
    const composer = await composerFixture();
    const big = 'lorem ipsum dolor sit amet\n'.repeat(40_000);
    await paste(composer, big);
    await waitFor(() => chips(composer).length === 1, 'the chip', 10_000);
    expect(composer.draft.attachments[0]!.file.size).to.equal(big.length);
    await press('x');
    expect(composer.value.text.endsWith('x')).to.be.true;
    expect((await detailsOf(chips(composer)[0]!)).querySelector('.line-count')!.textContent).to.equal('40000 lines');
  });
});
