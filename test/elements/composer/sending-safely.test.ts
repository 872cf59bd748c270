import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { link, terminal } from '../../../support/records.js';
import { part } from '../support/interaction.js';
import { centre, chips, clickEditor, composerFixture, pngFile, press, submissions, type, waitFor } from './support.js';
import {
  deferred,
  slowHost,
  sendingChanges,
  textOf,
  settle,
  settled,
  sentAndQueued,
  sendButton,
  notice,
} from './sending-fixtures.js';

describe('<t3-composer> sending safely (waitUntil)', () => {
  it('clears at once, keeps what is typed while the host stores the message, and remembers it once stored', async () => {
    const composer = await composerFixture();
    const answers = slowHost(composer);
    const sent = submissions(composer);
    const changes = sendingChanges(composer);
    await clickEditor(composer);
    await type('fix the build');
    await press('Enter');
    expect(sent.map((detail) => [detail.text, detail.delivery])).to.deep.equal([['fix the build', 'new']]);
    expect(composer.value.text, 'cleared at once').to.equal('');
    expect(composer.sending).to.be.true;
    expect(composer.hasAttribute('sending')).to.be.true;
    await composer.updateComplete;
    expect(sendButton(composer).getAttribute('aria-busy')).to.equal('true');
    await type('also the tests');
    answers[0]!.resolve();
    await settled(composer);
    expect(composer.value.text, 'nothing typed meanwhile is lost').to.equal('also the tests');
    expect(composer.sending).to.be.false;
    expect(composer.hasAttribute('sending')).to.be.false;
    expect(sendButton(composer).getAttribute('aria-busy')).to.equal('false');
    expect(changes).to.deep.equal([true, false]);
    expect(composer.history.map(textOf)).to.deep.equal(['fix the build']);
    expect(sent).to.have.length(1);
  });

  it('a rejected send comes back in front of what was typed since, chips and files kept, with one notice and one undo step', async () => {
    const composer = await composerFixture();
    const answers = slowHost(composer);
    await clickEditor(composer);
    await type('check ');
    composer.insertContext(terminal);
    const png = pngFile();
    composer.attachFiles([png]);
    const submitted = composer.draft;
    await press('Enter');
    expect(composer.value.text).to.equal('');
    await type('second thought');
    answers[0]!.reject(new Error('The server is down.'));
    await settled(composer);
    // The image comes back under the ids it was sent with: a refused send is the same message.
    expect(composer.value.text).to.equal(`${submitted.text}\nsecond thought`);
    expect(composer.draft.attachments.map(({ contextId, attachmentId }) => [contextId, attachmentId])).to.deep.equal(
      submitted.attachments.map(({ contextId, attachmentId }) => [contextId, attachmentId]),
    );
    expect(composer.draft.records).to.deep.equal(submitted.records);
    expect(composer.value.text.startsWith(`check ${link(terminal)}`)).to.be.true;
    expect(chips(composer).map((chip) => chip.label)).to.deep.equal([terminal.label, png.name]);
    const file = composer.draft.attachments.find((attachment) => attachment.kind === 'image')!.file;
    expect(new Uint8Array(await file.arrayBuffer())).to.deep.equal(new Uint8Array(await png.arrayBuffer()));
    expect(notice(composer)).to.contain('Not sent').and.to.contain('The server is down.');
    expect(composer.history, 'a refused message is not in the recall history').to.deep.equal([]);
    // The person goes on typing where they were.
    await type('!');
    expect(composer.value.text.endsWith('second thought!')).to.be.true;
    await press('Control+z');
    await press('Control+z');
    expect(composer.value.text, 'one undo step takes the restore back').to.equal('second thought');
  });

  it('the notice of a refused send reads as separate sentences, whatever the host’s reason ends with', async () => {
    const reasons = [
      ['database is locked', 'Not sent: database is locked. Your message is back in the composer.'],
      ['Quota exceeded!', 'Not sent: Quota exceeded! Your message is back in the composer.'],
      ['“busy.”', 'Not sent: “busy.” Your message is back in the composer.'],
    ];
    for (const [reason, expected] of reasons) {
      const composer = await composerFixture();
      const answers = slowHost(composer);
      await clickEditor(composer);
      await type('hello there');
      await press('Enter');
      answers[0]!.reject(new Error(reason));
      await settled(composer);
      expect(notice(composer)).to.equal(expected);
    }
  });

  it('into an empty draft the rejected send comes back whole, and undo returns to the empty draft', async () => {
    const composer = await composerFixture();
    const answers = slowHost(composer);
    await clickEditor(composer);
    await type('hello there');
    await press('Enter');
    answers[0]!.reject('not a message object');
    await settled(composer);
    expect(composer.value.text).to.equal('hello there');
    expect(notice(composer)).to.equal('Not sent. Your message is back in the composer.');
    await press('Control+z');
    expect(composer.value.text).to.equal('');
  });

  it('Enter while a send is in flight queues the follow-up; it goes out once the first is stored', async () => {
    const composer = await composerFixture();
    const { answers, sent } = await sentAndQueued(composer);
    expect(sent.map((detail) => detail.text)).to.deep.equal(['first']);
    expect(composer.queue.map((entry) => entry.submission.text)).to.deep.equal(['second']);
    answers[0]!.resolve();
    await waitFor(() => sent.length === 2, 'the queued follow-up');
    expect(sent[1]!.delivery).to.equal('queued');
    expect(composer.queue).to.deep.equal([]);
    expect(composer.sending, 'the follow-up is in flight now').to.be.true;
    answers[1]!.resolve();
    await waitFor(() => !composer.sending, 'the follow-up stored');
    expect(composer.history.map(textOf)).to.deep.equal(['first', 'second']);
  });

  it('a rejected queued follow-up goes back to the front, and the queue waits for Resume', async () => {
    const composer = await composerFixture();
    composer.busy = true;
    await clickEditor(composer);
    await type('one');
    await press('Enter');
    await type('two');
    await press('Enter');
    const answers = slowHost(composer);
    const sent = submissions(composer);
    composer.busy = false;
    await composer.updateComplete;
    expect(sent.map((detail) => detail.text)).to.deep.equal(['one']);
    answers[0]!.reject(new Error('Rate limited.'));
    await settled(composer);
    expect(composer.queue.map((entry) => entry.submission.text)).to.deep.equal(['one', 'two']);
    expect(notice(composer)).to.contain('Rate limited.');
    composer.busy = true;
    await composer.updateComplete;
    composer.busy = false;
    await composer.updateComplete;
    expect(sent, 'a paused queue sends nothing when the turn ends').to.have.length(1);
    const resume = part(composer, 'queue-resume') as HTMLButtonElement;
    expect(resume.textContent!.trim()).to.equal('Resume');
    await sendMouse({ type: 'click', position: centre(resume) });
    expect(sent.map((detail) => detail.text)).to.deep.equal(['one', 'one']);
    await composer.updateComplete;
    expect(part(composer, 'queue-resume')).to.equal(null);
  });

  it('waitUntil only during the dispatch and not on a cancelled event; a later cancel wins', async () => {
    const composer = await composerFixture();
    let late: ((promise: Promise<void>) => void) | undefined;
    const errors: string[] = [];
    composer.addEventListener('t3-submit', (event) => {
      late = event.detail.waitUntil;
      event.preventDefault();
      try {
        event.detail.waitUntil(Promise.resolve());
      } catch (error) {
        errors.push((error as DOMException).name);
      }
    });
    await clickEditor(composer);
    await type('kept');
    await press('Enter');
    expect(() => late!(Promise.resolve()))
      .to.throw(DOMException)
      .with.property('name', 'InvalidStateError');
    expect(errors).to.deep.equal(['InvalidStateError']);
    expect(composer.value.text).to.equal('kept');

    const other = await composerFixture();
    const answer = deferred();
    answer.promise.catch(() => undefined);
    other.addEventListener('t3-submit', (event) => event.detail.waitUntil(answer.promise));
    other.addEventListener('t3-submit', (event) => event.preventDefault());
    other.focus();
    await type('stays');
    await press('Enter');
    expect(other.value.text).to.equal('stays');
    expect(other.sending).to.be.false;
    answer.reject(new Error('ignored'));
    await settle();
    await other.updateComplete;
    expect(other.value.text, 'the cancelled draft is not restored twice').to.equal('stays');
    expect(notice(other)).to.equal('');
  });

  it('the detail spreads, stringifies and clones as the plain submission', async () => {
    const composer = await composerFixture();
    const copies: unknown[] = [];
    composer.addEventListener('t3-submit', (event) => {
      copies.push(structuredClone({ ...event.detail, attachments: [] }), JSON.parse(JSON.stringify(event.detail)));
      expect(typeof event.detail.waitUntil).to.equal('function');
    });
    await clickEditor(composer);
    await type('plain');
    await press('Enter');
    for (const copy of copies) expect(copy).to.not.have.property('waitUntil');
  });
});
