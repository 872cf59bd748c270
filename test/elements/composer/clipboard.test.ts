import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { CONTEXT_CLIPBOARD_MIME, decodeClipboardFragment, decodeClipboardHtml } from '../../../src/core/index.js';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import type { T3UserMessage } from '../../../src/elements/user-message/user-message.js';
import { file, image, link, mention, skill, terminal } from '../../../support/records.js';
import { centre, chips, clickEditor, composerFixture, pngFile, press, submissions, type, waitFor } from './support.js';
import { nextClipboardWrite } from '../support/interaction.js';
import { twoComposers, copyAll, pasteSynthetic } from './clipboard-fixtures.js';

describe('<t3-composer> copy and cut', () => {
  it('copy writes canonical text, the HTML flavour and the fragment with only the selected records', async () => {
    const composer = await composerFixture(html`<t3-composer label="m" environment-id="env-a"></t3-composer>`);
    composer.value = { text: `use ${link(skill)} and ${link(mention)}`, records: [skill, mention] };
    await clickEditor(composer);
    await press('End');
    await press('Shift+ArrowLeft');
    await press('Shift+ArrowLeft');
    const written = nextClipboardWrite('copy');
    await press('Control+c');
    const data = await written;
    expect(data['text/plain']).to.equal(` ${link(mention)}`);
    const fragment = decodeClipboardFragment(data[CONTEXT_CLIPBOARD_MIME])!;
    expect(fragment.source.environmentId).to.equal('env-a');
    expect(fragment.records).to.deep.equal([mention]);
    expect(decodeClipboardHtml(data['text/html'])!.records).to.deep.equal([mention]);
  });

  it('cut writes the same flavours and removes the selection', async () => {
    const composer = await composerFixture();
    composer.value = { text: `keep ${link(skill)}`, records: [skill] };
    await clickEditor(composer);
    await press('End');
    await press('Shift+ArrowLeft');
    const written = nextClipboardWrite('cut');
    await press('Control+x');
    const data = await written;
    expect(data['text/plain']).to.equal(link(skill));
    expect(decodeClipboardFragment(data[CONTEXT_CLIPBOARD_MIME])!.records).to.deep.equal([skill]);
    expect(composer.value.text).to.equal('keep ');
  });
});

describe('<t3-composer> paste', () => {
  it('pastes a copied fragment with its chips and records (real Ctrl+C, Ctrl+V)', async () => {
    const { source, target } = await twoComposers();
    source.value = { text: `see ${link(terminal, 'T1')} and ${link(skill)}`, records: [terminal, skill] };
    await copyAll(source);
    await clickEditor(target);
    await press('Control+v');
    await waitFor(() => chips(target).length === 2, 'the pasted chips');
    expect(target.value).to.deep.equal({
      text: `see ${link(terminal, 'T1')} and ${link(skill)}`,
      records: [terminal, skill],
    });
  });

  it('pastes a sent message copied with its copy control', async () => {
    const root = await fixture<HTMLDivElement>(html`<div>
      <t3-user-message .text=${`Fix ${link(terminal, 'T1')}`} .context=${{ version: 1, records: [terminal] }}></t3-user-message>
      <t3-composer label="m"></t3-composer>
    </div>`);
    const message = root.querySelector<T3UserMessage>('t3-user-message')!;
    const composer = root.querySelector<T3Composer>('t3-composer')!;
    await Promise.all([message.updateComplete, composer.updateComplete]);
    await sendMouse({ type: 'move', position: centre(message) });
    const copy = message.shadowRoot!.querySelector('[part~="copy"]')!;
    await waitFor(() => getComputedStyle(copy).opacity === '1', 'the copy control');
    await sendMouse({ type: 'click', position: centre(copy) });
    await clickEditor(composer);
    await press('Control+v');
    await waitFor(() => chips(composer).length === 1, 'the pasted chip');
    expect(composer.value.records).to.deep.equal([terminal]);
  });

  it('reuses an identical record and gives a different one with the same id a fresh id', async () => {
    const { source, target } = await twoComposers();
    const changed = { ...skill, name: 'other' };
    source.value = { text: `${link(terminal)} ${link(changed)}`, records: [terminal, changed] };
    target.value = { text: `${link(terminal)} ${link(skill)}`, records: [terminal, skill] };
    await copyAll(source);
    await clickEditor(target);
    await press('End');
    await press('Control+v');
    await waitFor(() => chips(target).length === 4, 'the pasted chips');
    const { records, text } = target.value;
    expect(records.map((record) => record.contextId)).to.deep.equal(['term_1', 's_1', 's_1-2']);
    expect(records[2]).to.deep.include({ name: 'other' });
    expect(text.endsWith(`${link(terminal)} ${link({ ...changed, contextId: 's_1-2' })}`)).to.be.true;
    expect(records[1]).to.deep.equal(skill);
  });

  it('re-fetches a pasted image under a fresh local id, pending until its bytes arrive; submit waits', async () => {
    let release!: (blob: Blob) => void;
    const requested: { environmentId: string; attachmentId: string }[] = [];
    const { source, target } = await twoComposers({
      resolveAsset: (origin, attachmentId) => {
        requested.push({ environmentId: origin.environmentId, attachmentId });
        return new Promise<Blob>((resolve) => (release = resolve));
      },
    });
    source.value = { text: `look ${link(image)}`, records: [image] };
    await copyAll(source);
    await clickEditor(target);
    await press('Control+v');
    await waitFor(() => chips(target).length === 1, 'the pasted chip');
    const [chip] = chips(target);
    await chip.updateComplete;
    expect(chip.pending).to.be.true;
    expect(chip.hasAttribute('unresolved')).to.be.false;
    expect(requested).to.deep.equal([{ environmentId: 'env-a', attachmentId: 'att_img' }]);
    const pasted = target.value.records[0] as typeof image;
    expect(pasted.contextId).to.equal(`image_${pasted.attachmentId}`);
    expect(pasted.attachmentId).not.to.equal('att_img');
    expect(target.value.text).to.equal(`look ${link(pasted)}`);

    const submitted = submissions(target);
    await press('Enter');
    await target.updateComplete;
    expect(submitted).to.have.length(0);
    expect(target.shadowRoot!.querySelector('[part~="notice"]')!.textContent).to.contain('Waiting');
    release(new Blob(['png-bytes'], { type: 'image/png' }));
    await waitFor(() => submitted.length === 1, 'the queued submit');
    expect(
      submitted[0].attachments.map(({ contextId, attachmentId, kind }) => ({ contextId, attachmentId, kind })),
    ).to.deep.equal([{ contextId: pasted.contextId, attachmentId: pasted.attachmentId, kind: 'image' }]);
    expect(await submitted[0].attachments[0].file.text()).to.equal('png-bytes');
  });

  it('a submit waiting for pasted bytes does not go out by itself with a refused message that came back', async () => {
    let release!: (blob: Blob) => void;
    const { source, target } = await twoComposers({
      resolveAsset: () => new Promise<Blob>((resolve) => (release = resolve)),
    });
    let refuse!: (reason: unknown) => void;
    target.addEventListener('t3-submit', (event) =>
      event.detail.waitUntil(new Promise((_resolve, reject) => (refuse = reject))),
    );
    const submitted = submissions(target);
    await clickEditor(target);
    await type('first');
    await press('Enter');
    source.value = { text: `look ${link(image)}`, records: [image] };
    await copyAll(source);
    await clickEditor(target);
    await press('Control+v');
    await waitFor(() => chips(target).length === 1, 'the pasted chip');
    await press('Enter');
    expect(submitted, 'the submit waits for the bytes').to.have.length(1);
    refuse(new Error('No.'));
    await waitFor(() => target.value.text.startsWith('first\n'), 'the refused message back in front');
    release(new Blob(['png-bytes'], { type: 'image/png' }));
    await waitFor(() => !chips(target)[0]!.pending, 'the bytes');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(submitted, 'nothing sent without the person asking').to.have.length(1);
  });

  it('a failed re-fetch leaves an unresolved chip and a notice, and submit proceeds', async () => {
    const { source, target } = await twoComposers({ resolveAsset: () => Promise.reject(new Error('gone')) });
    source.value = { text: `see ${link(image)}`, records: [image] };
    await copyAll(source);
    await clickEditor(target);
    await press('Control+v');
    await waitFor(() => chips(target).length === 1, 'the pasted chip');
    const [chip] = chips(target);
    await waitFor(() => chip.hasAttribute('unresolved'), 'the chip to become unresolved');
    await target.updateComplete;
    expect(target.shadowRoot!.querySelector('[part~="notice"]')!.textContent).to.contain('no longer available');
    const pasted = target.value.records[0]!;
    const submitted = submissions(target);
    await press('Enter');
    expect(submitted).to.have.length(1);
    expect(submitted[0].text).to.equal(`see ${link(pasted)}`);
    expect(submitted[0].context!.records).to.deep.equal([pasted]);
    expect(submitted[0].attachments).to.deep.equal([]);
  });

  it('leaves binaries from another environment unresolved', async () => {
    const { source, target } = await twoComposers({
      environmentId: 'env-b',
      resolveAsset: () => Promise.reject(new Error('never called')),
    });
    source.value = { text: `${link(file)} ${link(skill)}`, records: [file, skill] };
    await copyAll(source);
    await clickEditor(target);
    await press('Control+v');
    await waitFor(() => chips(target).length === 2, 'the pasted chips');
    const [fileChip, skillChip] = chips(target);
    await Promise.all([fileChip.updateComplete, skillChip.updateComplete]);
    expect(fileChip.hasAttribute('unresolved')).to.be.true;
    expect(fileChip.shadowRoot!.querySelector('[part~="base"]')!.getAttribute('aria-description')).to.equal(
      'Not available in this environment',
    );
    expect(skillChip.hasAttribute('unresolved')).to.be.false;
  });

  it('turns pasted plain text with links but no records into unresolved chips', async () => {
    const composer = await composerFixture();
    await navigator.clipboard.writeText(`from elsewhere ${link(terminal, 'T9')}`);
    await clickEditor(composer);
    await press('Control+v');
    await waitFor(() => chips(composer).length === 1, 'the chip');
    const [chip] = chips(composer);
    await chip.updateComplete;
    expect(chip.hasAttribute('unresolved')).to.be.true;
    expect(composer.value).to.deep.equal({ text: `from elsewhere ${link(terminal, 'T9')}`, records: [] });
  });

  it('pastes 1 MB of text (long pastes kept as text)', async () => {
    const composer = await composerFixture(
      html`<t3-composer label="m" paste-file-lines="0" paste-file-chars="0"></t3-composer>`,
    );
    const big = 'lorem ipsum dolor sit amet\n'.repeat(40_000);
    await navigator.clipboard.writeText(big);
    await clickEditor(composer);
    await press('Control+v');
    await waitFor(() => composer.value.text.length === big.length, 'the pasted text', 10_000);
    await press('Control+End');
    await press('x');
    expect(composer.value.text.endsWith('x')).to.be.true;
  });

  it('pastes files as chips; images also go to the thumbnail shelf', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    const data = new DataTransfer();
    data.items.add(pngFile());
    data.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    pasteSynthetic(composer, data);
    await composer.updateComplete;
    expect(chips(composer).map((chip) => chip.kind)).to.deep.equal(['image', 'file']);
    const [imageRecord, fileRecord] = composer.value.records as (typeof image)[];
    expect(imageRecord.contextId).to.equal(`image_${imageRecord.attachmentId}`);
    expect(fileRecord).to.deep.include({ kind: 'file', name: 'notes.txt', mimeType: 'text/plain', sizeBytes: 5 });
    expect(composer.shadowRoot!.querySelectorAll('[part~="attachment"]')).to.have.length(1);
  });
});
