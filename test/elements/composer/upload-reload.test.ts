import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { indexedDbDraftStorage } from '../../../src/elements/composer/saved-drafts/indexed-db-drafts.js';
import { pngFile, waitFor } from './support.js';
import { clickFramedEditor, eventually, framedComposer, openFramedPage } from './reload-frame.js';
import { settled, textFile, uploadHost } from './upload-support.js';

describe('<t3-composer> uploads across a page reload', () => {
  it('a reload keeps uploaded files by id and url without bytes, and resumes the others from their bytes', async () => {
    const key = `upload-reload-${Math.random().toString(36).slice(2)}`;
    const frame = document.createElement('iframe');
    try {
      let composer = await openFramedPage(frame, key);
      const before = uploadHost();
      composer.uploadAttachment = before.upload;
      await clickFramedEditor(frame, composer);
      await sendKeys({ type: 'both files ' });
      const png = pngFile();
      const notes = textFile();
      composer.attachFiles([png, notes]);
      await settled(composer);
      before.calls[0]!.resolve({ attachmentId: 'up_png', url: '/api/uploads/up_png' });
      await settled(composer);
      const draft = composer.draft;
      const storage = indexedDbDraftStorage();
      await eventually(async () => {
        const stored = await storage.load(key);
        return stored?.draft.attachments[0]?.uploaded === true && stored.draft.text === draft.text;
      }, 'the record with the upload');
      const stored = (await storage.load(key))!.draft;
      expect(stored.attachments[0]!.file.size, 'the host has the image: no bytes stored').to.equal(0);
      expect(stored.attachments[1]!.file.size).to.equal(notes.size);

      composer = await framedComposer(frame, true);
      const after = uploadHost();
      composer.uploadAttachment = after.upload;
      await waitFor(() => composer.value.text === draft.text, 'the restored draft', 5000);
      await settled(composer);
      const back = composer.draft;
      expect(back.attachments.map(({ contextId, attachmentId }) => [contextId, attachmentId])).to.deep.equal(
        draft.attachments.map(({ contextId, attachmentId }) => [contextId, attachmentId]),
      );
      expect(back.attachments[0]).to.include({ uploaded: true, url: '/api/uploads/up_png' });
      expect(back.records).to.deep.equal(draft.records);
      expect(
        after.calls.map((call) => call.file.name),
        'the image is not uploaded again; the text file resumes',
      ).to.deep.equal(['notes.txt']);
      expect(await after.calls[0]!.file.text()).to.equal(await notes.text());
      const image = composer.shadowRoot!.querySelector('[part~="attachment"] img')!;
      expect(image.getAttribute('src')).to.equal('/api/uploads/up_png');

      after.calls[0]!.resolve({ attachmentId: 'up_notes' });
      await settled(composer);
      const sent: string[][] = [];
      composer.addEventListener('t3-submit', (event) =>
        sent.push(event.detail.attachments.map((attachment) => attachment.attachmentId)),
      );
      await clickFramedEditor(frame, composer);
      await sendKeys({ press: 'Enter' });
      expect(sent).to.deep.equal([['up_png', 'up_notes']]);
    } finally {
      frame.remove();
    }
  });

  it('a send still waiting for its uploads when the page goes comes back unsent with its bytes, and resumes when restored', async () => {
    const key = `upload-wait-reload-${Math.random().toString(36).slice(2)}`;
    const frame = document.createElement('iframe');
    try {
      let composer = await openFramedPage(frame, key);
      const before = uploadHost();
      composer.uploadAttachment = before.upload;
      await clickFramedEditor(frame, composer);
      await sendKeys({ type: 'ship it ' });
      composer.attachFiles([textFile('build.log')]);
      await settled(composer);
      const { contextId } = composer.draft.attachments[0]!;
      await sendKeys({ press: 'Enter' });
      expect(composer.sending).to.be.true;
      const storage = indexedDbDraftStorage();
      await eventually(
        async () => (await storage.load(key))?.inFlight?.[0]?.text.startsWith('ship it ') === true,
        'the send stored in flight',
      );

      composer = await framedComposer(frame, true);
      const after = uploadHost();
      composer.uploadAttachment = after.upload;
      const sent: unknown[] = [];
      composer.addEventListener('t3-submit', (event) => sent.push(event.detail));
      await waitFor(() => composer.stashes.length === 1, 'the unsent stash entry', 5000);
      expect(composer.stashes[0]!.unsent).to.equal(true);
      await settled(composer);
      expect(after.calls, 'a stashed send waits to be restored').to.have.length(0);
      expect(composer.restoreStash(composer.stashes[0]!.id)).to.be.true;
      await settled(composer);
      expect(composer.draft.attachments[0]!.contextId).to.equal(contextId);
      expect(after.calls.map((call) => call.file.name)).to.deep.equal(['build.log']);
      expect(sent, 'nothing is sent by itself').to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });
});
