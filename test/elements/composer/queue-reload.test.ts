import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { indexedDbDraftStorage } from '../../../src/elements/composer/saved-drafts/indexed-db-drafts.js';
import { link, terminal } from '../../../support/records.js';
import { pngFile, waitFor } from './support.js';
import { clickFramedEditor, eventually, framedComposer, openFramedPage } from './reload-frame.js';

describe('<t3-composer> queue and sends in flight across a page reload', () => {
  it('a queue saved under draft-key comes back after a real reload, chips and image bytes included', async () => {
    const key = `queue-reload-${Math.random().toString(36).slice(2)}`;
    const frame = document.createElement('iframe');
    try {
      let composer = await openFramedPage(frame, key);
      composer.busy = true;
      await clickFramedEditor(frame, composer);
      await sendKeys({ type: 'check ' });
      composer.insertContext(terminal);
      await sendKeys({ press: 'Enter' });
      const png = pngFile();
      await sendKeys({ type: 'and the screenshot ' });
      composer.attachFiles([png]);
      await sendKeys({ press: 'Enter' });
      await sendKeys({ type: 'still writing' });
      const queued = composer.queue;
      expect(queued).to.have.length(2);
      // The page's record is written before it goes (a save still running when a page unloads may be lost).
      const storage = indexedDbDraftStorage();
      await eventually(async () => (await storage.load(key))?.draft.text === 'still writing', 'the saved record');

      composer = await framedComposer(frame, true);
      await waitFor(() => composer.queue.length === 2, 'the restored queue', 5000);
      expect(composer.value.text).to.equal('still writing');
      expect(composer.queue.map((entry) => [entry.id, entry.submission.text])).to.deep.equal(
        queued.map((entry) => [entry.id, entry.submission.text]),
      );
      expect(composer.queue[0]!.submission.text).to.equal(`check ${link(terminal)}`);
      expect(composer.queue[0]!.submission.inputAnnotations).to.deep.equal(queued[0]!.submission.inputAnnotations);
      const file = composer.queue[1]!.submission.attachments[0]!.file;
      expect(new Uint8Array(await file.arrayBuffer())).to.deep.equal(new Uint8Array(await png.arrayBuffer()));
      await composer.updateComplete;
      const shown = composer.shadowRoot!.querySelectorAll('[part~="queue-entry"]');
      expect(shown).to.have.length(2);
      expect(shown[0]!.querySelector('t3-context-chip')!.getAttribute('label')).to.equal(terminal.label);

      // Sending empties the stored queue too: a reload after it brings nothing back.
      const sent: boolean[] = [];
      composer.addEventListener('t3-submit', (event) => sent.push(event.detail.queued === true));
      composer.busy = true;
      await composer.updateComplete;
      composer.busy = false;
      await composer.updateComplete;
      composer.busy = true;
      await composer.updateComplete;
      composer.busy = false;
      await composer.updateComplete;
      expect(sent).to.deep.equal([true, true]);
      await eventually(async () => (await storage.load(key))?.queue?.length === 0, 'the stored queue to empty');
      composer = await framedComposer(frame, true);
      await waitFor(() => composer.value.text === 'still writing', 'the restored draft', 5000);
      expect(composer.queue).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });

  it('a send still in flight when the page goes comes back as an unsent stash entry, never sent again by itself', async () => {
    const key = `in-flight-reload-${Math.random().toString(36).slice(2)}`;
    const frame = document.createElement('iframe');
    try {
      let composer = await openFramedPage(frame, key);
      // A host that never answers.
      composer.addEventListener('t3-submit', (event) => event.detail.waitUntil(new Promise(() => undefined)));
      await clickFramedEditor(frame, composer);
      await sendKeys({ type: 'deploy ' });
      composer.insertContext(terminal);
      await sendKeys({ press: 'Enter' });
      await sendKeys({ type: 'next one' });
      expect(composer.sending).to.be.true;
      const storage = indexedDbDraftStorage();
      await eventually(async () => {
        const stored = await storage.load(key);
        return stored?.inFlight?.[0]?.text === `deploy ${link(terminal)} ` && stored.draft.text === 'next one';
      }, 'the send in flight stored with the draft');

      composer = await framedComposer(frame, true);
      const sent: unknown[] = [];
      composer.addEventListener('t3-submit', (event) => sent.push(event.detail));
      await waitFor(() => composer.stashes.length === 1, 'the unsent stash entry', 5000);
      const [entry] = composer.stashes;
      expect(entry!.unsent).to.equal(true);
      expect(entry!.preview).to.match(/^Maybe not sent: deploy /);
      expect(entry!.draft.text).to.equal(`deploy ${link(terminal)} `);
      expect(composer.value.text).to.equal('next one');
      expect(composer.sending).to.be.false;
      await eventually(async () => (await storage.load(key))?.inFlight?.length === 0, 'the record saved without it');
      expect(sent, 'nothing is sent again by itself').to.deep.equal([]);
      // Restored, it goes back into the composer like any stash entry.
      expect(composer.restoreStash(entry!.id)).to.be.true;
      expect(composer.value.text).to.contain(`deploy ${link(terminal)}`);
    } finally {
      frame.remove();
    }
  });
});
