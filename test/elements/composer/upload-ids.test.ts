import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/composer.js';
import type { EditDetail } from '../../../src/elements/shared/events.js';
import type { T3UserMessage } from '../../../src/elements/user-message/user-message.js';
import type { ContextRecord } from '../../../src/core/index.js';
import { file, image, link } from '../../../support/records.js';
import { centre, part, waitFor } from '../support/interaction.js';
import {
  chips,
  clickEditor,
  composerFixture,
  memoryStorage,
  pngFile,
  press,
  storedComposer,
  thumbnails,
  type,
} from './support.js';
import { chipProgress, settled, textFile, uploadHost, uploadingComposer } from './upload-support.js';

const ids = (attachments: readonly { contextId: string; attachmentId: string }[]) =>
  attachments.map(({ contextId, attachmentId }) => [contextId, attachmentId]);

describe('<t3-composer> uploads keep their ids', () => {
  it('a send the host refuses comes back with the same context ids and the host’s attachment ids; sent again, nothing uploads twice', async () => {
    const { composer, sent, calls, answerAll } = await uploadingComposer();
    let refuse = true;
    composer.addEventListener('t3-submit', (event) =>
      event.detail.waitUntil(refuse ? Promise.reject(new Error('The server is down')) : Promise.resolve()),
    );
    await type('twice ');
    composer.attachFiles([pngFile(), textFile()]);
    await settled(composer);
    answerAll();
    await settled(composer);
    const before = composer.draft;
    await press('Enter');
    await settled(composer);
    expect(composer.value.text).to.equal(before.text);
    expect(ids(composer.draft.attachments)).to.deep.equal(ids(before.attachments));
    expect(ids(composer.draft.attachments).map(([, attachmentId]) => attachmentId)).to.deep.equal(['up_1', 'up_2']);
    expect(composer.draft.records).to.deep.equal(before.records);
    expect(composer.draft.attachments.every((attachment) => attachment.uploaded)).to.be.true;
    refuse = false;
    await clickEditor(composer);
    await press('Enter');
    await settled(composer);
    expect(ids(sent[1]!.attachments)).to.deep.equal(ids(sent[0]!.attachments));
    expect(calls).to.have.length(2);
  });

  it('a stash entry keeps its ids; a file still uploading when stashed goes on and comes back uploaded', async () => {
    const { composer, calls } = await uploadingComposer();
    await type('later ');
    composer.attachFiles([textFile('done.txt'), textFile('running.txt')]);
    await settled(composer);
    calls[0]!.resolve({ attachmentId: 'up_done' });
    await settled(composer);
    const before = composer.draft;
    expect(composer.stash()).to.be.true;
    await settled(composer);
    expect(calls[1]!.signal.aborted, 'stashed, its upload goes on').to.be.false;
    calls[1]!.resolve({ attachmentId: 'up_running', url: '/files/running' });
    await settled(composer);
    expect(ids(composer.stashes[0]!.draft.attachments).map(([, attachmentId]) => attachmentId)).to.deep.equal([
      'up_done',
      'up_running',
    ]);
    expect(composer.restoreStash(composer.stashes[0]!.id)).to.be.true;
    await settled(composer);
    expect(composer.value.text).to.equal(before.text);
    expect(
      composer.draft.attachments.map((attachment) => [attachment.contextId, attachment.attachmentId]),
    ).to.deep.equal([
      [before.attachments[0]!.contextId, 'up_done'],
      [before.attachments[1]!.contextId, 'up_running'],
    ]);
    expect(chips(composer).every((chip) => chipProgress(chip) === null)).to.be.true;
    expect(calls).to.have.length(2);
  });

  it('dropping a stash entry aborts the uploads it held', async () => {
    const { composer, calls } = await uploadingComposer();
    await type('gone ');
    composer.attachFiles([textFile()]);
    await settled(composer);
    composer.stash();
    await settled(composer);
    expect(calls[0]!.signal.aborted).to.be.false;
    composer.dropStash(composer.stashes[0]!.id);
    await settled(composer);
    expect(calls[0]!.signal.aborted).to.be.true;
  });

  it('a queued follow-up taken back with Edit keeps its ids, and its upload', async () => {
    const { composer, calls } = await uploadingComposer();
    composer.busy = true;
    await type('queued ');
    composer.attachFiles([pngFile()]);
    await settled(composer);
    const before = composer.draft;
    await press('Enter');
    await settled(composer);
    expect(composer.queue).to.have.length(1);
    calls[0]!.resolve({ attachmentId: 'up_queued' });
    await settled(composer);
    expect(composer.queue[0]!.submission.attachments[0]!.attachmentId, 'the entry takes the upload').to.equal(
      'up_queued',
    );
    await sendMouse({ type: 'click', position: centre(part(composer, 'queue-edit')!) });
    await settled(composer);
    expect(ids(composer.draft.attachments)).to.deep.equal([[before.attachments[0]!.contextId, 'up_queued']]);
    expect(calls).to.have.length(1);
  });

  it('a draft whose context id clashes gets a fresh one, but a file the host has keeps the host’s attachment id', async () => {
    const { composer, calls, answerAll } = await uploadingComposer();
    await type('mine ');
    composer.attachFiles([pngFile()]);
    await settled(composer);
    answerAll();
    await settled(composer);
    const [stashed] = composer.draft.attachments;
    composer.stash();
    // Another image under the same context id (a host's draft, say), then the stash entry back in front of it.
    const other = { ...image, contextId: stashed!.contextId, label: 'other.png', name: 'other.png' };
    composer.draft = {
      text: `${link(other)} `,
      records: [other],
      attachments: [
        { contextId: other.contextId, attachmentId: 'att_other', kind: 'image', file: pngFile('other.png') },
      ],
    };
    await settled(composer);
    expect(composer.restoreStash(composer.stashes[0]!.id)).to.be.true;
    await settled(composer);
    const back = composer.draft.attachments.find((attachment) => attachment.file.name === 'shot.png')!;
    expect(back.contextId).to.not.equal(stashed!.contextId);
    expect(back).to.include({ attachmentId: 'up_1', uploaded: true });
    const record = composer.draft.records.find((each) => each.contextId === back.contextId)!;
    expect(record).to.include({ attachmentId: 'up_1' });
    expect(calls.map((call) => call.file.name)).to.deep.equal(['shot.png', 'other.png']);
  });

  it('an edit of a sent message keeps its records’ context and attachment ids, also after the host refuses it', async () => {
    const uploaded: ContextRecord[] = [
      { ...image, attachmentId: 'up_7' },
      { ...file, attachmentId: 'up_8' },
    ];
    const text = `See ${link(uploaded[0]!)} and ${link(uploaded[1]!)}`;
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message editable .text=${text} .context=${{ version: 1, records: uploaded }}></t3-user-message>`,
    );
    const edits: EditDetail[] = [];
    let refuse = true;
    message.addEventListener('t3-edit', (event) => {
      edits.push(event.detail);
      event.detail.waitUntil(refuse ? Promise.reject(new Error('no')) : Promise.resolve());
    });
    expect(message.edit()).to.be.true;
    await message.updateComplete;
    const inline = part(message, 'editor') as T3Composer;
    await inline.updateComplete;
    inline.focus();
    await press('End');
    await type(' again');
    await press('Enter');
    await settled(inline);
    refuse = false;
    await press('Enter');
    await settled(inline);
    expect(edits).to.have.length(2);
    for (const { submission } of edits) {
      expect(submission.context!.records).to.deep.equal(uploaded);
      expect(submission.attachments).to.deep.equal([]);
    }
  });

  it('a stored draft keeps uploaded files by id and url with no bytes, the others with theirs; back, only those upload', async () => {
    const storage = memoryStorage();
    const key = `uploads-${Math.random().toString(36).slice(2)}`;
    const first = await storedComposer(key, storage);
    const before = uploadHost();
    first.uploadAttachment = before.upload;
    const png = pngFile();
    const notes = textFile();
    first.attachFiles([png, notes]);
    await settled(first);
    before.calls[0]!.resolve({ attachmentId: 'up_png', url: '/api/uploads/up_png' });
    await settled(first);
    await waitFor(() => storage.saved.get(key)?.draft.attachments[0]?.uploaded === true, 'the save after the upload');
    const stored = storage.saved.get(key)!.draft;
    expect(stored.attachments[0]).to.include({ attachmentId: 'up_png', uploaded: true, url: '/api/uploads/up_png' });
    expect(stored.attachments[0]!.file.size, 'no bytes for the host’s file').to.equal(0);
    expect(stored.attachments[0]!.file.name).to.equal('shot.png');
    expect(stored.attachments[1]!.uploaded).to.equal(undefined);
    expect(await stored.attachments[1]!.file.text()).to.equal(await notes.text());
    first.remove();

    const after = uploadHost();
    const second = document.createElement('t3-composer');
    second.uploadAttachment = after.upload;
    second.draftStorage = storage;
    second.draftKey = key;
    document.body.append(second);
    try {
      await waitFor(() => second.draft.attachments.length === 2, 'the restored draft');
      await settled(second);
      expect(
        after.calls.map((call) => call.file.name),
        'only the file not uploaded yet',
      ).to.deep.equal(['notes.txt']);
      expect(second.draft.attachments[0]).to.include({ contextId: stored.attachments[0]!.contextId, uploaded: true });
      expect(thumbnails(second)[0]!.querySelector('img')!.getAttribute('src')).to.equal('/api/uploads/up_png');
    } finally {
      second.remove();
    }
  });

  it('Expand to text of a pasted text that came back without its bytes reads it from the host’s url', async () => {
    const composer = await composerFixture();
    const pasted: ContextRecord = {
      ...file,
      contextId: 'file_pasted',
      label: 'Pasted text 1.txt',
      name: 'Pasted text 1.txt',
      mimeType: 'text/plain',
      attachmentId: 'up_pasted',
      sizeBytes: 7,
    };
    composer.draft = {
      text: `Before ${link(pasted)} after`,
      records: [pasted],
      attachments: [
        {
          contextId: 'file_pasted',
          attachmentId: 'up_pasted',
          kind: 'file',
          file: new File([], 'Pasted text 1.txt', { type: 'text/plain' }),
          uploaded: true,
          url: 'data:text/plain,one%0Atwo',
          preview: { lineCount: 2, firstLines: ['one', 'two'] },
        },
      ],
    };
    await composer.updateComplete;
    const chip = chips(composer)[0]!;
    await sendMouse({ type: 'move', position: centre(chip) });
    await waitFor(() => !!chip.shadowRoot!.querySelector('[part~="details"]:popover-open'), 'the details');
    await waitFor(() => !!chip.shadowRoot!.querySelector('[part~="expand"]'), 'Expand to text');
    await sendMouse({ type: 'click', position: centre(chip.shadowRoot!.querySelector('[part~="expand"]')!) });
    await waitFor(() => chips(composer).length === 0, 'the text in place of the chip');
    expect(composer.value.text).to.equal('Before one\ntwo after');
    await sendMouse({ type: 'move', position: [0, 0] });
  });
});
