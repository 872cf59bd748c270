import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { CONTEXT_CLIPBOARD_MIME, encodeClipboardFragment } from '../../../src/core/index.js';
import type { AttachmentRemoveDetail } from '../../../src/elements/composer/composer.js';
import { link, skill } from '../../../support/records.js';
import {
  centre,
  chips,
  clickEditor,
  composerFixture,
  content,
  pngFile,
  press,
  submissions,
  waitFor,
} from './support.js';
import { pasteSynthetic, composerWithPastedImage } from './clipboard-fixtures.js';

describe('<t3-composer> attachments', () => {
  it('drops a file at the pointer as a chip', async () => {
    const composer = await composerFixture();
    composer.value = { text: 'drop here', records: [] };
    const data = new DataTransfer();
    data.items.add(new File(['a,b'], 'data.csv', { type: 'text/csv' }));
    const rect = content(composer).getBoundingClientRect();
    // File drops cannot come from real input in a headless browser: a constructed DataTransfer (SPEC §10).
    content(composer).dispatchEvent(
      new DragEvent('drop', {
        dataTransfer: data,
        clientX: rect.right - 2,
        clientY: rect.top + 10,
        bubbles: true,
        cancelable: true,
      }),
    );
    expect(chips(composer).map((chip) => chip.kind)).to.deep.equal(['file']);
    expect(composer.value.text.startsWith('drop here')).to.be.true;
  });

  it('a file exists only as a chip: deleting its last chip removes it and fires t3-attachment-remove', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    const data = new DataTransfer();
    data.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    pasteSynthetic(composer, data);
    const removed = oneEvent(composer, 't3-attachment-remove');
    await press('End');
    await press('Backspace');
    await press('Backspace');
    const detail = (await removed).detail as AttachmentRemoveDetail;
    expect(detail.kind).to.equal('file');
    const sent = submissions(composer);
    composer.insertText('text only');
    composer.submit();
    expect(sent[0].attachments).to.deep.equal([]);
  });

  it('deleting an image chip keeps the image in the shelf and in the submission', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    const data = new DataTransfer();
    data.items.add(pngFile());
    pasteSynthetic(composer, data);
    await press('End');
    await press('Backspace');
    await press('Backspace');
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(0);
    expect(composer.shadowRoot!.querySelectorAll('[part~="attachment"]')).to.have.length(1);
    const sent = submissions(composer);
    composer.submit();
    expect(sent[0].attachments.map((attachment) => attachment.kind)).to.deep.equal(['image']);
  });

  it('asks in the shelf before removing a referenced thumbnail, then removes both', async () => {
    const composer = await composerWithPastedImage();
    const removeButton = composer.shadowRoot!.querySelector('.remove-attachment')!;
    await sendMouse({ type: 'click', position: centre(removeButton) });
    await composer.updateComplete;
    const keep = composer.shadowRoot!.querySelector('.confirm-keep')!;
    expect(composer.shadowRoot!.querySelector('.confirm')!.textContent).to.contain('referenced');
    await sendMouse({ type: 'click', position: centre(keep) });
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(1);
    await sendMouse({ type: 'click', position: centre(composer.shadowRoot!.querySelector('.remove-attachment')!) });
    await composer.updateComplete;
    const removed = oneEvent(composer, 't3-attachment-remove');
    await sendMouse({ type: 'click', position: centre(composer.shadowRoot!.querySelector('.confirm-remove')!) });
    expect((await removed).detail.kind).to.equal('image');
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(0);
    expect(composer.shadowRoot!.querySelectorAll('[part~="attachment"]')).to.have.length(0);
    // The space that set the chip apart went with it.
    expect(composer.value.text).to.equal('');
  });

  it('the removal question takes the focus on Keep, Escape keeps the image, and an undo that takes the chip away closes it', async () => {
    const composer = await composerWithPastedImage();
    const shadow = composer.shadowRoot!;
    await sendMouse({ type: 'click', position: centre(shadow.querySelector('.remove-attachment')!) });
    await waitFor(() => shadow.activeElement === shadow.querySelector('.confirm-keep'), 'the focus on Keep');
    await sendKeys({ press: 'Escape' });
    await waitFor(
      () => shadow.activeElement === shadow.querySelector('.remove-attachment'),
      'the focus back on the remove button',
    );
    expect(shadow.querySelector('.confirm')).to.equal(null);
    expect(chips(composer)).to.have.length(1);

    await sendMouse({ type: 'click', position: centre(shadow.querySelector('.remove-attachment')!) });
    await waitFor(() => shadow.querySelector('.confirm') !== null, 'the question');
    await clickEditor(composer);
    await sendKeys({ press: 'Control+z' });
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(0);
    expect(shadow.querySelector('.confirm')).to.equal(null);
  });

  it('a fragment JSON from the clipboard is decoded as untrusted data', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    const data = new DataTransfer();
    const fragment = encodeClipboardFragment({ version: 1, source: { environmentId: 'env-a' }, records: [skill] })!;
    data.setData(CONTEXT_CLIPBOARD_MIME, fragment.replace('"pinchtab"', '"pinchtab","extra":"<script>"'));
    data.setData('text/plain', `${link(skill)} ${link({ ...skill, contextId: 'missing' })}`);
    pasteSynthetic(composer, data);
    expect(composer.value.records).to.deep.equal([skill]);
    expect(chips(composer)).to.have.length(2);
  });
});
