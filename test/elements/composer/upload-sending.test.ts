import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/composer.js';
import { part } from '../support/interaction.js';
import { centre, chips, clickEditor, pngFile, press, type, waitFor } from './support.js';
import { chipProgress, settled, textFile, uploadingComposer } from './upload-support.js';

const notice = (composer: T3Composer) => part(composer, 'notice')?.textContent?.trim() ?? '';
const uploadWait = (composer: T3Composer) => part(composer, 'upload-wait');
const textOf = (entry: T3Composer['history'][number]) => ('text' in entry ? entry.text : entry.content);

describe('<t3-composer> sending with uploads', () => {
  it('the submission carries each upload’s attachmentId and url, its records the same ids, and the files', async () => {
    const { composer, sent, calls, answerAll } = await uploadingComposer();
    await type('look ');
    const png = pngFile();
    const notes = textFile();
    composer.attachFiles([png, notes]);
    await settled(composer);
    answerAll();
    await settled(composer);
    const [image, file] = composer.draft.attachments.map((attachment) => attachment.contextId);
    await press('Enter');
    expect(sent).to.have.length(1);
    const [detail] = sent;
    expect(detail!.attachments).to.deep.equal([
      { contextId: image, attachmentId: 'up_1', file: png, kind: 'image', uploaded: true, url: '/api/uploads/up_1' },
      { contextId: file, attachmentId: 'up_2', file: notes, kind: 'file', uploaded: true, url: '/api/uploads/up_2' },
    ]);
    expect(detail!.context!.records.map((record) => (record as { attachmentId?: string }).attachmentId)).to.deep.equal([
      'up_1',
      'up_2',
    ]);
    expect(calls).to.have.length(2);
  });

  it('Send while uploads run: the composer clears and is sending with their progress and Stop; t3-submit goes out once they are done', async () => {
    const { composer, sent, calls } = await uploadingComposer();
    const changes: boolean[] = [];
    composer.addEventListener('t3-sending-change', (event) => changes.push(event.detail.sending));
    await type('the logs ');
    composer.attachFiles([textFile('a.log'), textFile('b.log')]);
    await settled(composer);
    await press('Enter');
    await composer.updateComplete;
    expect(sent, 'nothing goes out before the uploads are done').to.deep.equal([]);
    expect(composer.value.text).to.equal('');
    expect(composer.sending).to.be.true;
    expect(part(composer, 'stop-button'), 'Stop, though the host is not busy').to.not.equal(null);
    expect(uploadWait(composer)!.getAttribute('role')).to.equal('progressbar');
    expect(uploadWait(composer)!.getAttribute('aria-valuenow')).to.equal('0');
    await type('meanwhile');
    expect(part(composer, 'send-button')!.getAttribute('aria-busy')).to.equal('true');

    calls[0]!.progress(0.5);
    await settled(composer);
    expect(uploadWait(composer)!.getAttribute('aria-valuenow')).to.equal('25');
    calls[0]!.resolve({ attachmentId: 'up_a' });
    await settled(composer);
    expect(sent).to.deep.equal([]);
    expect(uploadWait(composer)!.getAttribute('aria-valuenow')).to.equal('50');
    calls[1]!.resolve({ attachmentId: 'up_b', url: '/files/b' });
    await settled(composer);
    expect(sent).to.have.length(1);
    expect(sent[0]!.text).to.match(/^the logs /);
    expect(sent[0]!.attachments.map((attachment) => [attachment.attachmentId, attachment.url])).to.deep.equal([
      ['up_a', undefined],
      ['up_b', '/files/b'],
    ]);
    expect(sent[0]!.delivery).to.equal('new');
    expect(composer.sending).to.be.false;
    expect(changes).to.deep.equal([true, false]);
    expect(uploadWait(composer)).to.equal(null);
    expect(part(composer, 'stop-button')).to.equal(null);
    expect(composer.value.text, 'what was typed meanwhile stays').to.equal('meanwhile');
    expect(composer.history.map(textOf)).to.have.length(1);
    expect(
      calls.every((call) => !call.signal.aborted),
      'the cleared composer aborted nothing',
    ).to.be.true;
  });

  it('after the uploads, waitUntil keeps the send in flight until the host has stored it', async () => {
    const { composer, sent, calls } = await uploadingComposer();
    let store!: () => void;
    composer.addEventListener('t3-submit', (event) =>
      event.detail.waitUntil(new Promise<void>((resolve) => (store = resolve))),
    );
    await type('one ');
    composer.attachFiles([textFile()]);
    await settled(composer);
    await press('Enter');
    calls[0]!.resolve({ attachmentId: 'up_one' });
    await settled(composer);
    expect(sent).to.have.length(1);
    expect(composer.sending, 'the host has not stored it yet').to.be.true;
    expect(part(composer, 'stop-button'), 'no Stop once it went out').to.equal(null);
    store();
    await settled(composer);
    expect(composer.sending).to.be.false;
  });

  it('a failed upload brings the draft back with the failed chip marked, what did upload kept, and one notice', async () => {
    const { composer, sent, calls } = await uploadingComposer();
    await type('both ');
    composer.attachFiles([textFile('good.txt'), textFile('bad.txt')]);
    await settled(composer);
    const before = composer.draft;
    await press('Enter');
    calls[0]!.resolve({ attachmentId: 'up_good' });
    await settled(composer);
    await type('next');
    calls[1]!.reject(new Error('Too large'));
    await settled(composer);
    expect(sent).to.deep.equal([]);
    expect(composer.sending).to.be.false;
    expect(composer.value.text).to.equal(`${before.text}\nnext`);
    expect(notice(composer)).to.equal(
      'Not sent: bad.txt could not be uploaded: Too large. Retry, or remove it. Your message is back in the composer.',
    );
    const [good, bad] = chips(composer);
    expect(good!.hasAttribute('upload-failed')).to.be.false;
    expect(bad!.hasAttribute('upload-failed')).to.be.true;
    expect(
      composer.draft.attachments.map((attachment) => [attachment.attachmentId, attachment.uploaded]),
    ).to.deep.equal([
      ['up_good', true],
      [before.attachments[1]!.attachmentId, undefined],
    ]);

    // Sending again with the failure still there is refused at once, with the reason.
    await press('Enter');
    expect(sent).to.deep.equal([]);
    expect(composer.sending).to.be.false;
    expect(notice(composer)).to.equal('bad.txt could not be uploaded. Retry, or remove it.');
    // Retried, it uploads; then the send goes out with both, neither uploaded twice.
    await sendMouse({ type: 'click', position: centre(bad!.shadowRoot!.querySelector('[part~="retry-button"]')!) });
    await settled(composer);
    calls[2]!.resolve({ attachmentId: 'up_bad' });
    await settled(composer);
    await press('Enter');
    expect(sent).to.have.length(1);
    expect(sent[0]!.attachments.map((attachment) => attachment.attachmentId)).to.deep.equal(['up_good', 'up_bad']);
    expect(calls).to.have.length(3);
  });

  it('Stop while the send waits brings the draft back; its uploads go on in the composer, and the next Enter sends at once', async () => {
    const { composer, sent, calls } = await uploadingComposer();
    await type('stop me ');
    composer.attachFiles([pngFile()]);
    await settled(composer);
    const text = composer.value.text;
    await press('Enter');
    await composer.updateComplete;
    await sendMouse({ type: 'click', position: centre(part(composer, 'stop-button')!) });
    await settled(composer);
    expect(composer.value.text).to.equal(text);
    expect(composer.sending).to.be.false;
    expect(notice(composer)).to.equal(
      'Not sent: Stopped before the files were uploaded. Your message is back in the composer.',
    );
    expect(calls[0]!.signal.aborted, 'the upload goes on').to.be.false;
    expect(chipProgress(chips(composer)[0]!)).to.not.equal(null);
    calls[0]!.resolve({ attachmentId: 'up_kept' });
    await settled(composer);
    await clickEditor(composer);
    await press('Enter');
    expect(sent).to.have.length(1);
    expect(sent[0]!.attachments[0]!.attachmentId).to.equal('up_kept');
    expect(calls).to.have.length(1);
  });

  it('Escape stops the wait as the stop button does', async () => {
    const { composer, sent, calls } = await uploadingComposer();
    await type('escape ');
    composer.attachFiles([textFile()]);
    await settled(composer);
    await press('Enter');
    await press('Escape');
    await settled(composer);
    expect(composer.sending).to.be.false;
    expect(composer.value.text).to.match(/^escape /);
    calls[0]!.resolve({ attachmentId: 'up_late' });
    await settled(composer);
    expect(sent).to.deep.equal([]);
  });

  it('a t3-submit cancelled after the wait brings the draft back, since the composer had cleared', async () => {
    const { composer, calls } = await uploadingComposer();
    composer.addEventListener('t3-submit', (event) => event.preventDefault());
    await type('cancel ');
    composer.attachFiles([textFile()]);
    await settled(composer);
    await press('Enter');
    calls[0]!.resolve({ attachmentId: 'up_c' });
    await settled(composer);
    expect(composer.value.text).to.match(/^cancel /);
    expect(composer.draft.attachments[0]!.attachmentId).to.equal('up_c');
    expect(notice(composer)).to.equal('Not sent. Your message is back in the composer.');
  });

  it('a follow-up queued while busy goes out, once the turn ends, after its uploads', async () => {
    const { composer, sent, calls } = await uploadingComposer();
    composer.busy = true;
    await type('queued ');
    composer.attachFiles([textFile()]);
    await settled(composer);
    await press('Enter');
    expect(composer.queue).to.have.length(1);
    composer.busy = false;
    await settled(composer);
    expect(sent, 'it waits for its upload').to.deep.equal([]);
    expect(composer.sending).to.be.true;
    calls[0]!.resolve({ attachmentId: 'up_q' });
    await settled(composer);
    expect(sent.map((detail) => [detail.delivery, detail.attachments[0]!.attachmentId])).to.deep.equal([
      ['queued', 'up_q'],
    ]);
    await waitFor(() => composer.queue.length === 0, 'the queue to empty');
  });
});
