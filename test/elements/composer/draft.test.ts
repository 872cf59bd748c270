import { expect, html, oneEvent } from '@open-wc/testing';
import type { ComposerDraft } from '../../../src/elements/composer/composer.js';
import { link, image, previewAnnotation, terminal } from '../../../support/records.js';
import {
  chips,
  clickEditor,
  composerFixture,
  pngFile,
  press,
  removeThumbnail,
  submissions,
  thumbnails,
  type,
  waitFor,
} from './support.js';

function removals(target: HTMLElement): string[] {
  const ids: string[] = [];
  target.addEventListener('t3-attachment-remove', (event) => ids.push(event.detail.contextId));
  return ids;
}

describe('<t3-composer> one draft state: undo covers attachments and the command', () => {
  it('undoing the removal of a referenced image brings back chip and thumbnail together, redo takes both again', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('see ');
    const png = pngFile();
    composer.attachFiles([png]);
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(1);
    const removed = removals(composer);
    await removeThumbnail(composer);
    expect(chips(composer)).to.have.length(0);
    expect(thumbnails(composer)).to.have.length(0);
    expect(removed).to.have.length(1);
    expect(composer.draft.attachments).to.deep.equal([]);

    await press('Control+z');
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(1);
    expect(thumbnails(composer)).to.have.length(1);
    expect(composer.draft.attachments.map((attachment) => attachment.file)).to.deep.equal([png]);

    await press('Control+y');
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(0);
    expect(thumbnails(composer)).to.have.length(0);
    expect(composer.value.text).to.equal('see ');
    // The insertion itself is still there to undo: redo took back only the removal.
    await press('Control+z');
    await composer.updateComplete;
    expect(thumbnails(composer)).to.have.length(1);
  });

  it('undoing the deletion of a file chip brings its file back, and it is submitted', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    composer.attachFiles([notes]);
    await composer.updateComplete;
    const removed = removals(composer);
    await press('Backspace', 2);
    expect(chips(composer)).to.have.length(0);
    expect(removed).to.have.length(1);
    expect(composer.draft.attachments).to.deep.equal([]);
    // The two deletions are one undo step.
    await press('Control+z');
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(1);
    expect(composer.draft.attachments.map((attachment) => attachment.file)).to.deep.equal([notes]);
    const sent = submissions(composer);
    await press('Enter');
    expect(sent[0]!.attachments.map((attachment) => attachment.file)).to.deep.equal([notes]);
  });

  it('removing a preview screenshot’s thumbnail removes the preview annotation pointing at it, one undo step', async () => {
    const composer = await composerFixture();
    const screenshot = pngFile();
    composer.draft = {
      text: `${link(previewAnnotation)} and ${link(image)} fix it`,
      records: [previewAnnotation, image],
      attachments: [{ contextId: image.contextId, attachmentId: image.attachmentId, kind: 'image', file: screenshot }],
    };
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(2);
    await removeThumbnail(composer);
    expect(chips(composer)).to.have.length(0);
    expect(composer.value.records).to.deep.equal([]);
    await press('Control+z');
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(2);
    expect(composer.value.records.map((record) => record.contextId)).to.have.members(['pa_1', 'img_1']);
    expect(thumbnails(composer)).to.have.length(1);
  });

  it('a preview annotation alone makes its screenshot “referenced”: the shelf asks before removing', async () => {
    const composer = await composerFixture();
    composer.draft = {
      text: `${link(previewAnnotation)} `,
      records: [previewAnnotation, image],
      attachments: [{ contextId: 'img_1', attachmentId: 'att_img', kind: 'image', file: pngFile() }],
    };
    await composer.updateComplete;
    thumbnails(composer)[0]!.querySelector<HTMLButtonElement>('.remove-attachment')!.focus();
    await press('Enter');
    await composer.updateComplete;
    expect(composer.shadowRoot!.querySelector('.confirm')).to.exist;
  });

  it('undo takes back a picked command with its text, redo brings it back', async () => {
    const composer = await composerFixture();
    composer.commands = [{ name: 'plan', description: 'Plan' }];
    await clickEditor(composer);
    await type('/pl');
    await waitFor(() => composer.shadowRoot!.querySelector('[role="option"]') !== null, 'the command');
    await press('Enter');
    expect(composer.command?.name).to.equal('plan');
    expect(composer.draft.command).to.deep.equal({ name: 'plan' });
    await press('Control+z');
    expect(composer.value.text).to.equal('/pl');
    expect(composer.command).to.equal(undefined);
    await press('Control+y');
    expect(composer.value.text).to.equal('/plan ');
    expect(composer.command?.description).to.equal('Plan');
  });
});

describe('<t3-composer> draft property', () => {
  const richDraft = (): ComposerDraft => ({
    text: `/plan ${link(terminal)} with ${link(image)}`,
    records: [terminal, image],
    attachments: [{ contextId: 'img_1', attachmentId: 'att_img', kind: 'image', file: pngFile() }],
    command: { name: 'plan' },
  });

  it('gets and sets the whole draft; it survives a structured clone; value keeps its shape', async () => {
    const composer = await composerFixture();
    composer.commands = [{ name: 'plan', description: 'Plan' }];
    composer.draft = richDraft();
    await composer.updateComplete;
    const draft = composer.draft;
    expect(draft.text).to.equal(richDraft().text);
    expect(draft.records).to.deep.equal([terminal, image]);
    expect(draft.command).to.deep.equal({ name: 'plan' });
    expect(draft.attachments[0]!.file.name).to.equal('shot.png');
    expect(Object.keys(composer.value)).to.deep.equal(['text', 'records']);

    const other = await composerFixture();
    other.draft = structuredClone(draft);
    await other.updateComplete;
    expect(chips(other)).to.have.length(2);
    expect(thumbnails(other)).to.have.length(1);
    expect(new Uint8Array(await other.draft.attachments[0]!.file.arrayBuffer())).to.deep.equal(
      new Uint8Array(await draft.attachments[0]!.file.arrayBuffer()),
    );
    const sent = submissions(other);
    other.submit();
    expect(sent[0]!.inputAnnotations[0]).to.deep.include({ type: 'command', text: '/plan' });
    expect(sent[0]!.attachments).to.have.length(1);
  });

  it('setting it is one replacement: no input event, no undo back to the old draft, no attachment-remove', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('old text');
    let inputs = 0;
    composer.addEventListener('input', () => inputs++);
    const removed = removals(composer);
    composer.draft = richDraft();
    composer.draft = { text: 'new', records: [], attachments: [] };
    expect(inputs).to.equal(0);
    expect(removed).to.deep.equal([]);
    await press('Control+z');
    expect(composer.value.text).to.equal('new');
  });

  it('never throws on bad values; drops invalid records and attachments without a record', async () => {
    const composer = await composerFixture();
    for (const bad of [null, undefined, 42, 'text', { text: 5 }, { attachments: 'x', records: {} }])
      composer.draft = bad as unknown as ComposerDraft;
    expect(composer.draft).to.deep.equal({ text: '', records: [], attachments: [] });
    composer.draft = {
      text: link(terminal),
      records: [terminal, { kind: 'nonsense' } as never],
      attachments: [{ contextId: 'nope', attachmentId: 'x', kind: 'image', file: pngFile() }, { file: 'no' } as never],
    };
    expect(composer.draft.records).to.deep.equal([terminal]);
    expect(composer.draft.attachments).to.deep.equal([]);
  });

  it('behaves the same when set before the element is attached', async () => {
    const composer = document.createElement('t3-composer');
    composer.draft = richDraft();
    const attached = await composerFixture(html`<div></div>`);
    attached.append(composer);
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(2);
    expect(thumbnails(composer)).to.have.length(1);
    expect(composer.draft.command).to.deep.equal({ name: 'plan' });
    const removedEvent = oneEvent(composer, 't3-attachment-remove');
    composer.clear();
    expect((await removedEvent).detail.contextId).to.equal('img_1');
  });
});
