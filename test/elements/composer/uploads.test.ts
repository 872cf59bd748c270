import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/composer.js';
import type { T3ContextChip } from '../../../src/elements/context-chip/context-chip.js';
import { part } from '../support/interaction.js';
import { expectNoAxeViolations, LOOKS, resetLook, showLook } from '../support/axe.js';
import {
  centre,
  chips,
  clickEditor,
  composerFixture,
  content,
  pngFile,
  press,
  submissions,
  thumbnails,
  type,
  waitFor,
} from './support.js';
import { chipProgress, settled, textFile, thumbnailProgress, uploadHost } from './upload-support.js';

const notice = (composer: T3Composer) => part(composer, 'notice')?.textContent?.trim() ?? '';

async function uploadingComposer() {
  const composer = await composerFixture();
  const host = uploadHost();
  composer.uploadAttachment = host.upload;
  return { composer, ...host };
}

describe('<t3-composer> uploads that start on attach', () => {
  it('without uploadAttachment nothing uploads: no progress, and the files go with t3-submit as before', async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    await clickEditor(composer);
    await type('see ');
    const png = pngFile();
    composer.attachFiles([png]);
    await settled(composer);
    expect(chipProgress(chips(composer)[0]!)).to.equal(null);
    expect(thumbnailProgress(thumbnails(composer)[0]!)).to.equal(null);
    const [attachment] = composer.draft.attachments;
    expect(attachment!.uploaded).to.equal(undefined);
    await press('Enter');
    expect(sent).to.have.length(1);
    expect(sent[0]!.attachments.map((each) => [each.attachmentId, each.file])).to.deep.equal([
      [attachment!.attachmentId, png],
    ]);
  });

  it('an attached file uploads at once: chip and thumbnail show its progress, then it is the host’s, ids and url', async () => {
    const { composer, calls } = await uploadingComposer();
    const png = pngFile();
    const notes = textFile();
    composer.attachFiles([png, notes]);
    await settled(composer);
    expect(calls.map((call) => call.file)).to.deep.equal([png, notes]);
    const [imageChip, fileChip] = chips(composer);
    const before = composer.draft;
    for (const chip of [imageChip!, fileChip!]) {
      const bar = chipProgress(chip)!;
      expect(bar.getAttribute('role')).to.equal('progressbar');
      expect(bar.getAttribute('aria-valuenow')).to.equal('0');
    }
    calls[0]!.progress(0.42);
    calls[1]!.progress(0.5);
    await settled(composer);
    expect(chipProgress(chips(composer)[0]!)!.getAttribute('aria-valuenow')).to.equal('42');
    expect(chipProgress(chips(composer)[1]!)!.getAttribute('aria-valuenow')).to.equal('50');
    const thumbnailBar = thumbnailProgress(thumbnails(composer)[0]!)!;
    expect(thumbnailBar.getAttribute('role')).to.equal('progressbar');
    expect(thumbnailBar.getAttribute('aria-valuenow')).to.equal('42');
    expect(thumbnailBar.getAttribute('aria-label')).to.equal('Uploading shot.png');

    calls[0]!.resolve({ attachmentId: 'up_image', url: '/api/uploads/up_image' });
    await settled(composer);
    expect(chipProgress(chips(composer)[0]!), 'done: no progress any more').to.equal(null);
    expect(thumbnailProgress(thumbnails(composer)[0]!)).to.equal(null);
    expect(chipProgress(chips(composer)[1]!), 'the other still uploads').to.not.equal(null);
    const image = composer.draft.attachments.find((attachment) => attachment.kind === 'image')!;
    expect(image).to.include({
      contextId: before.attachments[0]!.contextId,
      attachmentId: 'up_image',
      uploaded: true,
      url: '/api/uploads/up_image',
    });
    expect(image.file).to.equal(png);
    // The record the message carries names the host's attachment; the chip and its link keep their context id.
    const record = composer.draft.records.find((each) => each.contextId === image.contextId)!;
    expect(record).to.include({ attachmentId: 'up_image' });
    expect(composer.value.text).to.equal(before.text);
    expect(calls, 'each file uploads once').to.have.length(2);
  });

  it('a pasted or dropped file uploads at once too', async () => {
    const { composer, calls } = await uploadingComposer();
    await clickEditor(composer);
    // File pastes and drops cannot come from real input in a headless browser: constructed DataTransfers (SPEC §10).
    const pasted = new DataTransfer();
    pasted.items.add(pngFile('pasted.png'));
    content(composer).dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: pasted, bubbles: true, cancelable: true }),
    );
    const dropped = new DataTransfer();
    dropped.items.add(textFile('dropped.txt'));
    const rect = content(composer).getBoundingClientRect();
    content(composer).dispatchEvent(
      new DragEvent('drop', {
        dataTransfer: dropped,
        clientX: rect.right - 2,
        clientY: rect.top + 10,
        bubbles: true,
        cancelable: true,
      }),
    );
    await settled(composer);
    expect(calls.map((call) => call.file.name)).to.deep.equal(['pasted.png', 'dropped.txt']);
    expect(chips(composer).map((chip) => chipProgress(chip) !== null)).to.deep.equal([true, true]);
  });

  it('a failure marks the chip with Retry and says so; Retry uploads it again', async () => {
    const { composer, calls } = await uploadingComposer();
    composer.attachFiles([textFile('report.txt')]);
    await settled(composer);
    calls[0]!.reject(new Error('The disk is full'));
    await settled(composer);
    const chip = chips(composer)[0]!;
    expect(chip.hasAttribute('upload-failed')).to.be.true;
    expect(chipProgress(chip)).to.equal(null);
    expect(notice(composer)).to.equal('report.txt could not be uploaded: The disk is full. Retry, or remove it.');
    const retry = chip.shadowRoot!.querySelector<HTMLElement>('[part~="retry-button"]')!;
    expect(retry.getAttribute('aria-label')).to.equal('Retry uploading report.txt');
    expect(chip.shadowRoot!.querySelector('[part~="remove-button"]'), 'Remove stays beside Retry').to.not.equal(null);
    expect(calls, 'a failure is not retried by itself').to.have.length(1);

    await sendMouse({ type: 'click', position: centre(retry) });
    await settled(composer);
    expect(calls).to.have.length(2);
    expect(chips(composer)[0]!.hasAttribute('upload-failed')).to.be.false;
    expect(chipProgress(chips(composer)[0]!)).to.not.equal(null);
    calls[1]!.resolve({ attachmentId: 'up_report' });
    await settled(composer);
    expect(composer.draft.attachments[0]).to.include({ attachmentId: 'up_report', uploaded: true });
    expect(composer.draft.attachments[0]!.url).to.equal(undefined);
  });

  it('a failed image shows Retry on its thumbnail too', async () => {
    const { composer, calls } = await uploadingComposer();
    composer.attachFiles([pngFile()]);
    await settled(composer);
    calls[0]!.reject(new Error('offline'));
    await settled(composer);
    const retry = thumbnails(composer)[0]!.querySelector<HTMLElement>('[part~="retry-button"]')!;
    expect(retry.getAttribute('aria-label')).to.equal('Retry uploading shot.png');
    await sendMouse({ type: 'click', position: centre(retry) });
    await settled(composer);
    expect(calls).to.have.length(2);
    expect(thumbnailProgress(thumbnails(composer)[0]!)).to.not.equal(null);
  });

  it('an answer the host gets wrong is a failure, not an id a record cannot carry', async () => {
    const { composer, calls } = await uploadingComposer();
    composer.attachFiles([textFile()]);
    await settled(composer);
    calls[0]!.resolve({ attachmentId: 'not an id!' });
    await settled(composer);
    expect(chips(composer)[0]!.hasAttribute('upload-failed')).to.be.true;
    expect(composer.draft.attachments[0]!.uploaded).to.equal(undefined);
  });

  it('removing the chip aborts its upload, and undo starts it again', async () => {
    const { composer, calls } = await uploadingComposer();
    await clickEditor(composer);
    composer.attachFiles([textFile()]);
    await settled(composer);
    expect(calls[0]!.signal.aborted).to.be.false;
    await press('Backspace');
    await press('Backspace');
    await settled(composer);
    expect(chips(composer)).to.have.length(0);
    expect(calls[0]!.signal.aborted).to.be.true;
    await press('Control+z');
    await settled(composer);
    expect(chips(composer)).to.have.length(1);
    expect(calls).to.have.length(2);
    expect(calls[1]!.signal.aborted).to.be.false;
  });

  it('clearing the draft aborts its uploads; so does leaving the page, but not a move within it', async () => {
    const { composer, calls } = await uploadingComposer();
    composer.attachFiles([textFile('a.txt')]);
    await settled(composer);
    composer.clear();
    await settled(composer);
    expect(calls[0]!.signal.aborted).to.be.true;

    composer.attachFiles([textFile('b.txt')]);
    await settled(composer);
    const parent = await fixture<HTMLDivElement>(html`<div></div>`);
    parent.append(composer);
    await settled(composer);
    expect(calls[1]!.signal.aborted, 'a moved composer keeps uploading').to.be.false;
    composer.remove();
    await settled(composer);
    expect(calls[1]!.signal.aborted).to.be.true;
    // Back in the page, the draft's files upload again.
    parent.append(composer);
    await settled(composer);
    expect(calls).to.have.length(3);
    expect(calls[2]!.file.name).to.equal('b.txt');
    expect(chipProgress(chips(composer)[0]!)).to.not.equal(null);
  });

  it('one file attached twice uploads once, and both chips become the host’s', async () => {
    const { composer, calls } = await uploadingComposer();
    const notes = textFile();
    composer.attachFiles([notes]);
    composer.attachFiles([notes]);
    await settled(composer);
    expect(calls).to.have.length(1);
    calls[0]!.resolve({ attachmentId: 'up_once' });
    await settled(composer);
    expect(composer.draft.attachments.map((attachment) => attachment.attachmentId)).to.deep.equal([
      'up_once',
      'up_once',
    ]);
  });

  it('files attached before uploadAttachment is set upload once it is', async () => {
    const composer = await composerFixture();
    composer.attachFiles([textFile()]);
    await settled(composer);
    const { upload, calls } = uploadHost();
    composer.uploadAttachment = upload;
    await settled(composer);
    expect(calls).to.have.length(1);
    await waitFor(() => chipProgress(chips(composer)[0]!) !== null, 'the progress bar');
  });

  it('an uploader set on the scope serves its composers; taking it away aborts their uploads', async () => {
    const { upload, calls } = uploadHost();
    const scope = await fixture<HTMLElement & { uploadAttachment?: T3Composer['uploadAttachment'] }>(
      html`<t3-context-scope .uploadAttachment=${upload}><t3-composer label="Message"></t3-composer></t3-context-scope>`,
    );
    const composer = scope.querySelector<T3Composer>('t3-composer')!;
    await composer.updateComplete;
    composer.attachFiles([textFile()]);
    await settled(composer);
    expect(calls).to.have.length(1);
    expect(calls[0]!.signal.aborted).to.equal(false);

    scope.uploadAttachment = undefined;
    await settled(composer);
    expect(calls[0]!.signal.aborted, 'the upload is aborted').to.equal(true);
    expect(chipProgress(chips(composer)[0]!), 'its chip shows no progress').to.equal(null);
  });

  it('Alt+Enter beside a failed chip reaches its Retry; Enter on it uploads again and the focus goes back to the text', async () => {
    const { composer, calls } = await uploadingComposer();
    await clickEditor(composer);
    composer.attachFiles([textFile('report.txt')]);
    await settled(composer);
    calls[0]!.reject(new Error('offline'));
    await settled(composer);
    await press('Alt+Enter');
    const chip = chips(composer)[0]!;
    await waitFor(() => chip.shadowRoot!.activeElement?.getAttribute('part') === 'retry-button', 'the focus on Retry');
    await press('Enter');
    await settled(composer);
    expect(calls).to.have.length(2);
    await type('!');
    expect(composer.value.text.endsWith('!')).to.be.true;
  });

  it('a chip alone says Retry with t3-upload-retry, bubbling out of its shadow root', async () => {
    const chip = await fixture<T3ContextChip>(
      html`<t3-context-chip kind="file" context-id="file_a" label="a.txt" upload-failed></t3-context-chip>`,
    );
    const seen: string[] = [];
    document.body.addEventListener('t3-upload-retry', (event) => seen.push(event.detail.contextId), { once: true });
    chip.shadowRoot!.querySelector<HTMLElement>('[part~="retry-button"]')!.click();
    expect(seen).to.deep.equal(['file_a']);
    chip.uploadFailed = false;
    chip.uploadProgress = 0.25;
    await chip.updateComplete;
    expect(chipProgress(chip)!.getAttribute('aria-valuenow')).to.equal('25');
    expect(chip.shadowRoot!.querySelector('[part~="retry-button"]')).to.equal(null);
  });

  describe('accessibility (axe)', () => {
    afterEach(() => resetLook());
    for (const look of LOOKS) {
      it(`finds nothing with files uploading, failed, and a send waiting for them: ${look.scheme}, ${look.width}px`, async () => {
        await showLook(look);
        const { composer, calls } = await uploadingComposer();
        await clickEditor(composer);
        await type('files ');
        composer.attachFiles([pngFile(), textFile('a.txt'), textFile('b.txt')]);
        await settled(composer);
        calls[0]!.progress(0.3);
        calls[1]!.reject(new Error('offline'));
        await settled(composer);
        await expectNoAxeViolations(composer, `uploading and failed, ${look.scheme}, ${look.width}px`);
        await sendMouse({
          type: 'click',
          position: centre(chips(composer)[1]!.shadowRoot!.querySelector('[part~="retry-button"]')!),
        });
        await settled(composer);
        await press('Enter');
        await settled(composer);
        expect(part(composer, 'upload-wait')).to.not.equal(null);
        await expectNoAxeViolations(composer, `a send waiting, ${look.scheme}, ${look.width}px`);
      });
    }
  });
});
