import { expect, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/composer.js';
import { part } from '../support/interaction.js';
import {
  centre,
  clickEditor,
  composerFixture,
  memoryStorage,
  press,
  storedComposer,
  submissions,
  type,
  waitFor,
} from './support.js';

const texts = (composer: T3Composer) => composer.queue.map((entry) => entry.submission.text);
const entries = (composer: T3Composer) => [...composer.shadowRoot!.querySelectorAll('[part~="queue-entry"]')];
const entryPart = (composer: T3Composer, index: number, name: string) =>
  entries(composer)[index]!.querySelector<HTMLElement>(`[part~="${name}"]`)!;
const button = (composer: T3Composer, name: string) => part(composer, name) as HTMLButtonElement | null;
const liveRegion = (composer: T3Composer) => composer.shadowRoot!.querySelector('.announcer')!.textContent!.trim();
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A busy composer with follow-ups typed and queued with Enter, as a person queues them. */
async function busyWithQueue(composer: T3Composer, ...messages: string[]): Promise<void> {
  composer.busy = true;
  await composer.updateComplete;
  await clickEditor(composer);
  for (const message of messages) {
    await type(message);
    await press('Enter');
  }
  await composer.updateComplete;
}

async function endTurn(composer: T3Composer): Promise<void> {
  composer.busy = false;
  await composer.updateComplete;
}

describe('<t3-composer> follow-ups: queue and steer', () => {
  it('queue-mode="steer" sends into the running turn at once; idle, a message is new', async () => {
    const composer = await composerFixture(html`<t3-composer label="Message" queue-mode="steer"></t3-composer>`);
    const sent = submissions(composer);
    await busyWithQueue(composer, 'look at the tests instead');
    expect(sent.map((detail) => [detail.text, detail.delivery])).to.deep.equal([
      ['look at the tests instead', 'steer'],
    ]);
    expect(composer.queue).to.deep.equal([]);
    expect(composer.value.text).to.equal('');
    await endTurn(composer);
    await type('thanks');
    await press('Enter');
    expect(sent[1]!.delivery).to.equal('new');
  });

  it('Ctrl+Shift+Enter goes the other way once: it steers in queue mode and queues in steer mode', async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    await busyWithQueue(composer, 'queued one');
    await type('steered one');
    await press('Control+Shift+Enter');
    expect(sent.map((detail) => [detail.text, detail.delivery])).to.deep.equal([['steered one', 'steer']]);
    expect(texts(composer)).to.deep.equal(['queued one']);
    composer.queueMode = 'steer';
    await type('queued two');
    await press('Control+Shift+Enter');
    expect(texts(composer)).to.deep.equal(['queued one', 'queued two']);
    expect(sent).to.have.length(1);
  });

  it('Ctrl+Shift+Enter in an empty draft steers the oldest queued entry; idle it sends like Enter', async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    await busyWithQueue(composer, 'first', 'second');
    await press('Control+Shift+Enter');
    expect(sent.map((detail) => [detail.text, detail.delivery])).to.deep.equal([['first', 'steer']]);
    expect(texts(composer)).to.deep.equal(['second']);
    await endTurn(composer);
    expect(sent.map((detail) => detail.delivery)).to.deep.equal(['steer', 'queued']);
    await type('idle');
    await press('Control+Shift+Enter');
    expect(sent[2]!.delivery).to.equal('new');
  });

  it('Alt+↑ in an empty draft takes the newest queued entry back; in a draft it leaves the queue alone', async () => {
    const composer = await composerFixture();
    await busyWithQueue(composer, 'older', 'newer');
    await press('Alt+ArrowUp');
    expect(composer.value.text).to.equal('newer');
    expect(texts(composer)).to.deep.equal(['older']);
    await press('Alt+ArrowUp');
    expect(texts(composer), 'not in a draft that has text').to.deep.equal(['older']);
  });

  it('while busy the send button shows beside Stop once there is a draft, named for what Enter does', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    expect(button(composer, 'send-button')!.getAttribute('aria-label')).to.equal('Send');
    composer.busy = true;
    await composer.updateComplete;
    expect(button(composer, 'send-button'), 'nothing to send').to.equal(null);
    expect(button(composer, 'stop-button')).not.to.equal(null);
    await type('more');
    await composer.updateComplete;
    expect(button(composer, 'send-button')!.getAttribute('aria-label')).to.equal('Queue message');
    expect(button(composer, 'send-button')!.title).to.equal('Queue message');
    expect(button(composer, 'stop-button')).not.to.equal(null);
    composer.queueMode = 'steer';
    await composer.updateComplete;
    expect(button(composer, 'send-button')!.getAttribute('aria-label')).to.equal('Send now, into the running reply');
    const sent = submissions(composer);
    await sendMouse({ type: 'click', position: centre(button(composer, 'send-button')!) });
    expect(sent.map((detail) => detail.delivery)).to.deep.equal(['steer']);
  });

  it('Send now steers an entry while busy and sends it as new while idle; a refused one goes back where it was', async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    await busyWithQueue(composer, 'a', 'b', 'c');
    await sendMouse({ type: 'click', position: centre(entryPart(composer, 1, 'queue-steer')) });
    expect(sent.map((detail) => [detail.text, detail.delivery])).to.deep.equal([['b', 'steer']]);
    expect(texts(composer)).to.deep.equal(['a', 'c']);

    composer.addEventListener('t3-submit', (event) => event.detail.waitUntil(Promise.reject(new Error('No.'))), {
      once: true,
    });
    await composer.updateComplete;
    await sendMouse({ type: 'click', position: centre(entryPart(composer, 1, 'queue-steer')) });
    await settle();
    await composer.updateComplete;
    expect(texts(composer), 'back in its place').to.deep.equal(['a', 'c']);
    expect(part(composer, 'queue-state')!.textContent!.trim()).to.equal('2 queued · Paused');

    await endTurn(composer);
    expect(sent, 'a paused queue waits').to.have.length(2);
    await sendMouse({ type: 'click', position: centre(entryPart(composer, 0, 'queue-steer')) });
    expect(sent[2]!.text).to.equal('a');
    expect(sent[2]!.delivery).to.equal('new');
  });

  it('Alt+↓ and Alt+↑ on an entry move it, say where, keep focus on it and save the order', async () => {
    const storage = memoryStorage();
    const composer = await storedComposer('reorder', storage);
    try {
      await busyWithQueue(composer, 'one', 'two', 'three');
      const changes: string[][] = [];
      composer.addEventListener('t3-queue-change', (event) => changes.push(event.detail.queue.map((e) => e.preview)));
      entryPart(composer, 0, 'queue-handle').focus();
      await press('Alt+ArrowDown');
      await composer.updateComplete;
      expect(texts(composer)).to.deep.equal(['two', 'one', 'three']);
      expect(liveRegion(composer)).to.equal('Moved to 2 of 3: one');
      await waitFor(() => composer.shadowRoot!.activeElement === entryPart(composer, 1, 'queue-handle'), 'focus');
      await press('Alt+ArrowDown');
      await press('Alt+ArrowUp');
      await composer.updateComplete;
      expect(texts(composer)).to.deep.equal(['two', 'one', 'three']);
      expect(changes).to.deep.equal([
        ['two', 'one', 'three'],
        ['two', 'three', 'one'],
        ['two', 'one', 'three'],
      ]);
      await waitFor(
        () =>
          storage.saved
            .get('reorder')
            ?.queue?.map((entry) => entry.draft.text)
            .join() === 'two,one,three',
        'the order saved',
      );
    } finally {
      composer.remove();
    }
  });

  it('an entry dragged by its handle lands where it is let go', async () => {
    const composer = await composerFixture();
    await busyWithQueue(composer, 'one', 'two', 'three');
    const [x, y] = centre(entryPart(composer, 0, 'queue-handle'));
    const last = entries(composer)[2]!.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x, Math.round(last.top + last.height * 0.75)] });
    await sendMouse({ type: 'up' });
    await composer.updateComplete;
    expect(texts(composer)).to.deep.equal(['two', 'three', 'one']);
  });

  it('Stop pauses the queue: the end of the turn sends nothing until Resume, which sends at once while idle', async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    await busyWithQueue(composer, 'after the stop');
    expect(part(composer, 'queue-state')!.textContent!.trim()).to.equal('1 queued');
    await sendMouse({ type: 'click', position: centre(button(composer, 'stop-button')!) });
    await endTurn(composer);
    expect(sent).to.deep.equal([]);
    expect(part(composer, 'queue-state')!.textContent!.trim()).to.equal('1 queued · Paused');
    await sendMouse({ type: 'click', position: centre(button(composer, 'queue-resume')!) });
    expect(sent.map((detail) => [detail.text, detail.delivery])).to.deep.equal([['after the stop', 'queued']]);
  });

  it("after Stop, a message of the person's own starts the queue again", async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    await busyWithQueue(composer, 'waiting');
    await press('Escape');
    await endTurn(composer);
    expect(sent).to.deep.equal([]);
    await type('new question');
    await press('Enter');
    expect(sent.map((detail) => detail.delivery)).to.deep.equal(['new']);
    composer.busy = true;
    await composer.updateComplete;
    await endTurn(composer);
    expect(sent.map((detail) => [detail.text, detail.delivery])).to.deep.equal([
      ['new question', 'new'],
      ['waiting', 'queued'],
    ]);
  });

  it('a paused queue stays paused through a reload and a thread switch, so nothing goes out by itself', async () => {
    const storage = memoryStorage();
    const first = await storedComposer('paused', storage);
    try {
      await busyWithQueue(first, 'hold on');
      await press('Escape');
      await endTurn(first);
      await waitFor(() => storage.saved.get('paused')?.queuePaused === true, 'the pause saved');
    } finally {
      first.remove();
    }
    const composer = await storedComposer('paused', storage);
    try {
      const sent = submissions(composer);
      await waitFor(() => composer.queue.length === 1, 'the queue restored');
      expect(composer.sendQueued(), 'a restored paused queue is not sent').to.be.false;
      composer.draftKey = 'elsewhere';
      await waitFor(() => composer.queue.length === 0, 'the other thread');
      composer.draftKey = 'paused';
      await waitFor(() => composer.queue.length === 1, 'back');
      await composer.updateComplete;
      expect(part(composer, 'queue-state')!.textContent!.trim()).to.equal('1 queued · Paused');
      expect(sent).to.deep.equal([]);
      await sendMouse({ type: 'click', position: centre(button(composer, 'queue-resume')!) });
      expect(sent.map((detail) => detail.text)).to.deep.equal(['hold on']);
    } finally {
      composer.remove();
    }
  });

  it('Ctrl+Shift+Enter in block and send modes does what Enter does, an empty draft included', async () => {
    const composer = await composerFixture(html`<t3-composer label="Message" queue-mode="send"></t3-composer>`);
    composer.queue = [{ draft: { text: 'set aside', records: [], attachments: [] } }];
    const sent = submissions(composer);
    composer.busy = true;
    await composer.updateComplete;
    await clickEditor(composer);
    await press('Control+Shift+Enter');
    expect(sent, 'an empty draft sends nothing').to.deep.equal([]);
    await type('now');
    await press('Control+Shift+Enter');
    expect(sent.map((detail) => [detail.text, detail.delivery])).to.deep.equal([['now', 'new']]);
    composer.queueMode = 'block';
    await type('blocked');
    await press('Control+Shift+Enter');
    expect(sent).to.have.length(1);
    expect(part(composer, 'notice')!.textContent).to.contain('Wait for the reply');
  });

  it('with the mention menu open, Ctrl+Shift+Enter picks the option instead of sending the half-typed query', async () => {
    const composer = await composerFixture();
    composer.providers = [
      { id: 'people', label: 'People', search: () => [{ id: 'alice', label: 'alice', insertText: '@alice' }] },
    ];
    const sent = submissions(composer);
    composer.busy = true;
    await composer.updateComplete;
    await clickEditor(composer);
    await type('hi @ali');
    await waitFor(() => !!composer.shadowRoot!.querySelector('[role="option"]'), 'the menu');
    await press('Control+Shift+Enter');
    expect(sent).to.deep.equal([]);
    expect(composer.value.text).to.equal('hi @alice ');
  });

  it('a cancelled Send now keeps the entry where it was', async () => {
    const composer = await composerFixture();
    await busyWithQueue(composer, 'a', 'b');
    composer.addEventListener('t3-submit', (event) => event.preventDefault(), { once: true });
    await sendMouse({ type: 'click', position: centre(entryPart(composer, 1, 'queue-steer')) });
    await composer.updateComplete;
    expect(texts(composer)).to.deep.equal(['a', 'b']);
  });
});
