import { expect, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/composer.js';
import { link, terminal } from '../../../support/records.js';
import { part } from '../support/interaction.js';
import {
  centre,
  chips,
  clickEditor,
  composerFixture,
  memoryStorage,
  storedComposer,
  pngFile,
  press,
  submissions,
  type,
  waitFor,
} from './support.js';

/** A host's answer that the test settles by hand: a server that answers slowly, fails, or never answers. */
function deferred(): { promise: Promise<void>; resolve(): void; reject(reason: unknown): void } {
  let resolve!: () => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Makes the host wait for each `t3-submit` with `waitUntil`, one answer per submission. */
function slowHost(composer: T3Composer): ReturnType<typeof deferred>[] {
  const answers: ReturnType<typeof deferred>[] = [];
  composer.addEventListener('t3-submit', (event) => {
    const answer = deferred();
    answers.push(answer);
    event.detail.waitUntil(answer.promise);
  });
  return answers;
}

function sendingChanges(composer: T3Composer): boolean[] {
  const list: boolean[] = [];
  composer.addEventListener('t3-sending-change', (event) => list.push(event.detail.sending));
  return list;
}

const textOf = (entry: T3Composer['history'][number]) => ('text' in entry ? entry.text : entry.content);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** After the host's answer: its promise settled, and the composer drew what followed. */
async function settled(composer: T3Composer): Promise<void> {
  await settle();
  await composer.updateComplete;
}

/** "first" sent to a host that answers by hand, and "second" typed and queued while it waits. */
async function sentAndQueued(composer: T3Composer) {
  const answers = slowHost(composer);
  const sent = submissions(composer);
  await clickEditor(composer);
  await type('first');
  await press('Enter');
  await type('second');
  await press('Enter');
  return { answers, sent };
}
const sendButton = (composer: T3Composer) => part(composer, 'send-button') as HTMLButtonElement;
const notice = (composer: T3Composer) => part(composer, 'notice')?.textContent?.trim() ?? '';

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

  describe('a thread switched while its message is in flight', () => {
    /** A composer saving under `a` in memory, with a message sent there and still in flight. */
    async function sentUnderA() {
      const storage = memoryStorage();
      const composer = await storedComposer('a', storage);
      const answers = slowHost(composer);
      await clickEditor(composer);
      await type('for a');
      await press('Enter');
      await waitFor(() => storage.saved.get('a')?.inFlight?.length === 1, 'the send stored in flight under a');
      composer.draftKey = 'b';
      await composer.updateComplete;
      await clickEditor(composer);
      await type('in b');
      return { composer, storage, answer: answers[0]! };
    }

    const texts = (drafts: readonly { text: string }[] | undefined) => (drafts ?? []).map((draft) => draft.text);

    it('stored: it joins the history of its own thread, never the one shown', async () => {
      const { composer, storage, answer } = await sentUnderA();
      try {
        answer.resolve();
        await waitFor(() => storage.saved.get('a')?.inFlight?.length === 0, 'a no longer holding it in flight');
        expect(texts(storage.saved.get('a')!.history)).to.deep.equal(['for a']);
        expect(composer.value.text).to.equal('in b');
        expect(composer.history).to.deep.equal([]);
        composer.draftKey = 'a';
        await waitFor(() => composer.history.length === 1, 'the history of a');
        expect(composer.stashes, 'not an unsent entry').to.deep.equal([]);
      } finally {
        composer.remove();
      }
    });

    it('refused: it waits in its own thread as an unsent stash entry, and the thread shown is untouched', async () => {
      const { composer, storage, answer } = await sentUnderA();
      try {
        answer.reject(new Error('Refused.'));
        await waitFor(() => storage.saved.get('a')?.stashes.length === 1, 'the stash of a');
        expect(storage.saved.get('a')!.inFlight).to.deep.equal([]);
        expect(composer.value.text).to.equal('in b');
        expect(composer.stashes).to.deep.equal([]);
        composer.draftKey = 'a';
        await waitFor(() => composer.stashes.length === 1, 'the stash of a shown');
        expect(composer.stashes[0]!.unsent).to.equal(true);
        expect(composer.stashes[0]!.draft.text).to.equal('for a');
      } finally {
        composer.remove();
      }
    });

    it('back in its thread before it settles, it is still in flight there, not unsent', async () => {
      const { composer, storage, answer } = await sentUnderA();
      try {
        composer.draftKey = 'a';
        await waitFor(() => storage.saved.has('b'), 'b saved');
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(composer.stashes).to.deep.equal([]);
        expect(composer.sending).to.be.true;
        answer.reject(new Error('Refused.'));
        await waitFor(() => composer.value.text === 'for a', 'the refused message back in its own composer');
      } finally {
        composer.remove();
      }
    });
  });

  it('a refused send pauses the queue, so the follow-up typed after it does not overtake it', async () => {
    const composer = await composerFixture();
    const { answers, sent } = await sentAndQueued(composer);
    answers[0]!.reject(new Error('Busy.'));
    await settled(composer);
    expect(sent.map((detail) => detail.text)).to.deep.equal(['first']);
    expect(composer.value.text).to.equal('first');
    expect(composer.queue.map((entry) => entry.submission.text)).to.deep.equal(['second']);
    expect(part(composer, 'queue-resume')).not.to.equal(null);
  });

  it('a refused send while ↑ shows an older message comes back into the draft that was being written', async () => {
    const composer = await composerFixture();
    composer.history = [{ text: 'old one' }];
    const answers = slowHost(composer);
    await clickEditor(composer);
    await type('new message');
    await press('Enter');
    await type('draft');
    await press('Home');
    await press('ArrowUp');
    expect(composer.value.text).to.equal('old one');
    answers[0]!.reject(new Error('No.'));
    await settled(composer);
    expect(composer.value.text).to.equal('new message\ndraft');
    await press('ArrowDown');
    expect(composer.value.text, 'no walk left to take it away').to.equal('new message\ndraft');
  });

  it('a send settling under another draft key neither sends nor blocks the queue of the key shown', async () => {
    const storage = memoryStorage();
    const composer = await storedComposer('one', storage);
    try {
      const answers = slowHost(composer);
      const sent = submissions(composer);
      await clickEditor(composer);
      await type('for one');
      await press('Enter');
      expect(composer.sending).to.be.true;
      composer.draftKey = 'two';
      await composer.updateComplete;
      expect(composer.sending, 'the key shown sends nothing').to.be.false;
      composer.queue = [{ draft: { text: 'waiting in two', records: [], attachments: [] } }];
      await composer.updateComplete;
      await clickEditor(composer);
      await type('typed in two');
      await press('Enter');
      expect(sent.map((detail) => [detail.text, detail.delivery])).to.deep.equal([
        ['for one', 'new'],
        ['typed in two', 'new'],
      ]);
      answers[0]!.resolve();
      await settle();
      expect(sent, "a flight of another key does not send this key's queue").to.have.length(2);
    } finally {
      composer.remove();
    }
  });

  it('a send refused under another key is kept even when the store fails, and shows in its own thread', async () => {
    const failing = memoryStorage();
    const composer = await storedComposer('a', failing);
    try {
      const answers = slowHost(composer);
      await clickEditor(composer);
      await type('precious');
      await press('Enter');
      composer.draftKey = 'b';
      await composer.updateComplete;
      failing.load = async () => {
        throw new Error('the store is gone');
      };
      failing.save = async () => {
        throw new Error('the store is gone');
      };
      answers[0]!.reject(new Error('Refused.'));
      await settle();
      failing.load = async (key) => structuredClone(failing.saved.get(key));
      failing.save = async (key, stored) => void failing.saved.set(key, structuredClone(stored));
      composer.draftKey = 'a';
      await waitFor(() => composer.stashes.length === 1, 'the refused message in the stash of a');
      expect(composer.stashes[0]!.draft.text).to.equal('precious');
      expect(composer.stashes[0]!.unsent).to.equal(true);
    } finally {
      composer.remove();
    }
  });

  it('the end of a turn while a send is in flight sends nothing queued until that send is stored', async () => {
    const composer = await composerFixture();
    const { answers, sent } = await sentAndQueued(composer);
    composer.busy = true;
    await composer.updateComplete;
    composer.busy = false;
    await composer.updateComplete;
    expect(sent.map((detail) => detail.text)).to.deep.equal(['first']);
    answers[0]!.resolve();
    await waitFor(() => sent.length === 2, 'the follow-up after the first is stored');
    expect(sent[1]!.text).to.equal('second');
  });

  it('sends in flight side by side are one sending spell: t3-sending-change fires once each way', async () => {
    const composer = await composerFixture(html`<t3-composer label="Message" queue-mode="send"></t3-composer>`);
    const answers = slowHost(composer);
    const changes = sendingChanges(composer);
    await clickEditor(composer);
    await type('one');
    await press('Enter');
    await type('two');
    await press('Enter');
    expect(answers).to.have.length(2);
    answers[0]!.resolve();
    await settled(composer);
    expect(composer.sending, 'the second is still in flight').to.be.true;
    answers[1]!.resolve();
    await settled(composer);
    expect(changes).to.deep.equal([true, false]);
  });
});
