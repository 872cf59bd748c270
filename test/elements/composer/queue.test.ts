import { expect, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/composer.js';
import type { MentionProvider } from '../../../src/elements/composer/menu/providers.js';
import type { T3ContextChip } from '../../../src/elements/context-chip/context-chip.js';
import { part } from '../support/interaction.js';
import { link, mention, terminal } from '../../../support/records.js';
import {
  centre,
  chips,
  clickEditor,
  composerFixture,
  pngFile,
  press,
  submissions,
  thumbnails,
  type,
  waitFor,
} from './support.js';

const files: MentionProvider = {
  id: 'files',
  label: 'Files',
  search: () => [{ id: 'index', label: 'src/index.ts', record: mention }],
};

const entries = (composer: HTMLElement) => [
  ...composer.shadowRoot!.querySelectorAll<HTMLElement>('[part~="queue-entry"]'),
];
const entryChips = (entry: HTMLElement) => [...entry.querySelectorAll<T3ContextChip>('t3-context-chip')];
const notice = (composer: HTMLElement) => part(composer, 'notice')?.textContent ?? '';

function queueChanges(composer: HTMLElement): number[] {
  const lengths: number[] = [];
  composer.addEventListener('t3-queue-change', (event) => lengths.push(event.detail.queue.length));
  return lengths;
}

async function click(target: Element): Promise<void> {
  await sendMouse({ type: 'click', position: centre(target) });
}

/** Two follow-ups queued while busy: one with a terminal chip, one with a picked mention and an image. */
async function queueTwo(composer: T3Composer): Promise<void> {
  composer.providers = [files];
  composer.busy = true;
  await clickEditor(composer);
  await type('first about ');
  composer.insertContext(terminal);
  await press('Enter');
  await type('second on @src');
  await waitFor(() => !!part(composer, 'option'), 'the mention option');
  await press('Enter');
  composer.attachFiles([pngFile()]);
  await press('Enter');
  await composer.updateComplete;
}

describe('<t3-composer> queue', () => {
  it('Enter while busy queues the whole submission, clears the composer and shows the entry with its chips', async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    const changes = queueChanges(composer);
    await queueTwo(composer);
    expect(sent, 'nothing is sent while busy').to.deep.equal([]);
    expect(changes).to.deep.equal([1, 2]);
    await composer.updateComplete;
    expect(composer.shadowRoot!.querySelector('.announcer')!.textContent!.trim()).to.equal(
      'Queued: second on @src/index.ts shot.png',
    );
    expect(composer.value.text).to.equal('');
    expect(chips(composer)).to.have.length(0);
    expect(thumbnails(composer)).to.have.length(0);
    const [first, second] = composer.queue;
    expect(first!.submission.text).to.equal(`first about ${link(terminal)}`);
    expect(first!.submission.context).to.deep.equal({ version: 1, records: [terminal] });
    expect(first!.submission.inputAnnotations[0]).to.include({
      type: 'reference',
      text: '[Terminal: Terminal 1 lines 3-4; ref=term_1]',
    });
    expect(second!.submission.prompt).to.match(/^second on @src\/index\.ts \[Image: shot\.png; ref=image_\w+\]$/);
    expect(second!.submission.attachments.map((attachment) => attachment.kind)).to.deep.equal(['image']);
    expect(second!.preview).to.equal('second on @src/index.ts shot.png');
    const shown = entries(composer);
    expect(shown).to.have.length(2);
    expect(part(composer, 'queue')!.getAttribute('aria-label')).to.equal('Queued messages');
    expect(entryChips(shown[0]!).map((chip) => chip.label)).to.deep.equal([terminal.label]);
    expect(entryChips(shown[0]!)[0]!.record).to.deep.equal(terminal);
    expect(entryChips(shown[1]!).map((chip) => chip.kind)).to.deep.equal(['mention', 'image']);
    expect(shown[0]!.textContent).to.contain('first about');
    // Queued entries sit above the editor.
    const editorTop = part(composer, 'editor')!.getBoundingClientRect().top;
    expect(part(composer, 'queue')!.getBoundingClientRect().bottom).to.be.at.most(editorTop);
    expect(() => structuredClone(composer.queue)).not.to.throw();
  });

  it('Edit takes an entry back whole into an empty draft, and in front of what was typed into a non-empty one', async () => {
    const composer = await composerFixture();
    await queueTwo(composer);
    const changes = queueChanges(composer);
    const second = entries(composer)[1]!;
    expect(second.querySelector('[part~="queue-edit"]')!.getAttribute('aria-label')).to.equal(
      'Edit queued message: second on @src/index.ts shot.png',
    );
    const secondDraft = composer.queue[1]!.draft;
    await click(second.querySelector('[part~="queue-edit"]')!);
    await composer.updateComplete;
    expect(composer.value.text).to.equal(secondDraft.text);
    expect(composer.draft.attachments.map((attachment) => attachment.file)).to.deep.equal(
      secondDraft.attachments.map((attachment) => attachment.file),
    );
    expect(chips(composer).map((chip) => chip.kind)).to.deep.equal(['mention', 'image']);
    expect(thumbnails(composer)).to.have.length(1);
    expect(composer.queue.map((entry) => entry.preview)).to.deep.equal([`first about ${terminal.label}`]);
    expect(changes).to.deep.equal([1]);
    // Focus is back in the editor: typing goes on at the end.
    await type('and more ');
    await click(entries(composer)[0]!.querySelector('[part~="queue-edit"]')!);
    await composer.updateComplete;
    // As a refused send comes back: the entry first, one line break, then the draft it joins.
    expect(composer.value.text).to.equal(`first about ${link(terminal)} \n${secondDraft.text}and more `);
    expect(chips(composer).map((chip) => chip.kind)).to.deep.equal(['terminal', 'mention', 'image']);
    expect(composer.queue).to.deep.equal([]);
    expect(part(composer, 'queue')).to.equal(null);
  });

  it('Remove drops one entry and keeps the other', async () => {
    const composer = await composerFixture();
    await queueTwo(composer);
    const changes = queueChanges(composer);
    await click(entries(composer)[0]!.querySelector('[part~="queue-remove"]')!);
    await composer.updateComplete;
    expect(composer.queue.map((entry) => entry.preview)).to.deep.equal(['second on @src/index.ts shot.png']);
    expect(entries(composer)).to.have.length(1);
    expect(changes).to.deep.equal([1]);
    expect(composer.value.text).to.equal('');
  });

  it('busy → idle sends the head with queued: true, annotations and files intact; the next waits for the next change', async () => {
    const composer = await composerFixture();
    await queueTwo(composer);
    const queued = composer.queue;
    const sent = submissions(composer);
    const changes = queueChanges(composer);
    composer.busy = false;
    await composer.updateComplete;
    expect(sent).to.have.length(1);
    expect(sent[0]).to.deep.equal({ ...queued[0]!.submission, delivery: 'queued', queued: true });
    const annotation = sent[0]!.inputAnnotations[0]!;
    expect(sent[0]!.prompt.slice(annotation.start, annotation.end)).to.equal(annotation.text);
    expect(annotation.type === 'reference' && annotation.reference.id).to.equal(terminal.contextId);
    expect(composer.queue.map((entry) => entry.id)).to.deep.equal([queued[1]!.id]);
    expect(changes).to.deep.equal([1]);
    // Not busy again yet: nothing more goes.
    composer.label = 'still idle';
    await composer.updateComplete;
    expect(sent).to.have.length(1);
    composer.busy = true;
    await composer.updateComplete;
    composer.busy = false;
    await composer.updateComplete;
    expect(sent).to.have.length(2);
    expect(sent[1]!.queued).to.be.true;
    expect(sent[1]!.attachments[0]!.file).to.equal(queued[1]!.submission.attachments[0]!.file);
    expect(composer.queue).to.deep.equal([]);
    // Sent follow-ups are recalled with ↑ like any other message.
    expect(composer.history.map((entry) => 'text' in entry && entry.text)).to.deep.equal(
      queued.map((entry) => entry.draft.text),
    );
  });

  it('drains one entry per reply when the host sets busy inside its t3-submit handler, as the README shows', async () => {
    const composer = await composerFixture();
    await queueTwo(composer);
    const replies: (() => void)[] = [];
    const sent: (boolean | undefined)[] = [];
    composer.addEventListener('t3-submit', (event) => {
      sent.push(event.detail.queued);
      composer.busy = true;
      void new Promise<void>((resolve) => replies.push(resolve)).then(() => (composer.busy = false));
    });
    composer.busy = false;
    await composer.updateComplete;
    expect(sent).to.deep.equal([true]);
    expect(composer.busy).to.be.true;
    expect(part(composer, 'stop-button')).not.to.equal(null);
    expect(composer.queue).to.have.length(1);
    replies.shift()!();
    await waitFor(() => sent.length === 2, 'the second follow-up');
    await composer.updateComplete;
    expect(composer.queue).to.deep.equal([]);
    replies.shift()!();
    await waitFor(() => !composer.busy, 'the last reply');
    await composer.updateComplete;
    expect(sent).to.deep.equal([true, true]);
  });

  it('a cancelled queued t3-submit keeps the entry queued for the next idle', async () => {
    const composer = await composerFixture();
    await queueTwo(composer);
    let cancel = true;
    composer.addEventListener('t3-submit', (event) => {
      if (cancel) event.preventDefault();
    });
    const sent = submissions(composer);
    composer.busy = false;
    await composer.updateComplete;
    expect(sent).to.have.length(1);
    expect(composer.queue).to.have.length(2);
    expect(entries(composer)).to.have.length(2);
    cancel = false;
    composer.busy = true;
    await composer.updateComplete;
    composer.busy = false;
    await composer.updateComplete;
    expect(sent.map((detail) => detail.text)).to.deep.equal([sent[0]!.text, sent[0]!.text]);
    expect(composer.queue).to.have.length(1);
  });

  it('sendQueued() sends the head of a queue restored while idle, and does nothing while busy or empty', async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    expect(composer.sendQueued()).to.be.false;
    composer.queue = [
      { draft: { text: `first ${link(terminal)}`, records: [terminal], attachments: [] } },
      { draft: { text: 'second', records: [], attachments: [] } },
    ];
    await composer.updateComplete;
    // Set while idle, the queue waits: nothing goes out until the host says so.
    expect(sent).to.have.length(0);
    composer.busy = true;
    await composer.updateComplete;
    expect(composer.sendQueued()).to.be.false;
    expect(sent).to.have.length(0);
    composer.busy = false;
    await composer.updateComplete;
    expect(sent.map((detail) => detail.text)).to.deep.equal([`first ${link(terminal)}`]);
    expect(composer.sendQueued()).to.be.true;
    expect(sent[1]).to.include({ text: 'second', queued: true });
    expect(composer.queue).to.have.length(0);
    expect(composer.sendQueued()).to.be.false;
  });

  it('queue-mode="block" refuses Enter while busy with a notice and keeps the draft', async () => {
    const composer = await composerFixture(html`<t3-composer label="m" queue-mode="block" busy></t3-composer>`);
    const sent = submissions(composer);
    const changes = queueChanges(composer);
    await clickEditor(composer);
    await type('wait');
    await press('Enter');
    await composer.updateComplete;
    expect(sent).to.deep.equal([]);
    expect(changes).to.deep.equal([]);
    expect(composer.value.text).to.equal('wait');
    expect(notice(composer)).to.equal('Wait for the reply to finish, or stop it, before sending.');
    composer.busy = false;
    await composer.updateComplete;
    await press('Enter');
    expect(sent.map((detail) => detail.text)).to.deep.equal(['wait']);
  });

  it('queue-mode="send" submits at once while busy', async () => {
    const composer = await composerFixture(html`<t3-composer label="m" queue-mode="send" busy></t3-composer>`);
    const sent = submissions(composer);
    await clickEditor(composer);
    await type('now');
    await press('Enter');
    expect(sent.map((detail) => [detail.text, detail.queued])).to.deep.equal([['now', undefined]]);
    expect(composer.queue).to.deep.equal([]);
    expect(composer.value.text).to.equal('');
  });

  it('an unknown queue-mode means queue', async () => {
    const composer = await composerFixture(html`<t3-composer label="m" queue-mode="later" busy></t3-composer>`);
    await clickEditor(composer);
    await type('kept for later');
    await press('Enter');
    expect(composer.queue.map((entry) => entry.submission.text)).to.deep.equal(['kept for later']);
  });

  it('queue is settable: bad values never throw, bad entries drop alone, set before attach too', async () => {
    const composer = document.createElement('t3-composer');
    const changes = queueChanges(composer);
    composer.queue = [
      { draft: { text: `from the host ${link(terminal)}`, records: [terminal], attachments: [] } },
      // @ts-expect-error: bad values a host might pass
      null,
      // @ts-expect-error: no draft
      { id: 'x' },
      { draft: { text: '   ', records: [], attachments: [] } },
      { id: 'kept', createdAt: 5, draft: { text: 'plain', records: [], attachments: [] } },
      { id: 'kept', draft: { text: 'same id', records: [], attachments: [] } },
    ];
    expect(changes).to.deep.equal([3]);
    const [first, second, third] = composer.queue;
    expect(first!.submission.context).to.deep.equal({ version: 1, records: [terminal] });
    expect(first!.submission.prompt).to.equal('from the host [Terminal: Terminal 1 lines 3-4; ref=term_1]');
    expect([second!.id, second!.createdAt]).to.deep.equal(['kept', 5]);
    expect(third!.id).not.to.equal('kept');
    for (const bad of [undefined, 42, 'text', { length: 2 }])
      expect(() => ((composer as unknown as { queue: unknown }).queue = bad)).not.to.throw();
    expect(composer.queue).to.deep.equal([]);
    composer.queue = [{ draft: { text: 'shown once attached', records: [], attachments: [] } }];
    document.body.append(composer);
    try {
      await composer.updateComplete;
      expect(entries(composer).map((entry) => entry.textContent!.trim())).to.deep.equal(['shown once attached']);
    } finally {
      composer.remove();
    }
  });
});
