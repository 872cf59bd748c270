import { expect, html } from '@open-wc/testing';
import { part } from '../support/interaction.js';
import {
  clickEditor,
  composerFixture,
  memoryStorage,
  storedComposer,
  press,
  submissions,
  type,
  waitFor,
} from './support.js';
import { slowHost, sendingChanges, settle, settled, sentAndQueued } from './sending-fixtures.js';

describe('<t3-composer> sending safely across threads, drafts and the queue', () => {
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
