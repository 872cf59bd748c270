import { expect } from '@open-wc/testing';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { file, image, link } from '../../../support/records.js';
import { chips, clickEditor, memoryStorage, press, submissions, waitFor } from './support.js';
import { settled, uploadHost } from './upload-support.js';
import { copyAll, twoComposers, type TwoComposersOptions } from './clipboard-fixtures.js';

/**
 * A chip pasted from a message or another draft names a file the host has already (its record's
 * attachment id, which `resolveAsset` fetches it by). With `uploadAttachment` set, the file stays
 * the host's under that id: its bytes come for its thumbnail, but it is not uploaded again.
 */

const PNG = new Blob(['png-bytes'], { type: 'image/png' });
const NOTES = new Blob(['line one\nline two'], { type: 'text/plain' });
const textFile = { ...file, contextId: 'file_notes', label: 'notes.txt', attachmentId: 'att_notes', name: 'notes.txt' };

/** The two composers with the host's `resolveAsset`, which notes each attachment id it is asked for. */
async function withHost(options: Omit<TwoComposersOptions, 'resolveAsset'> = {}) {
  const requested: string[] = [];
  const resolveAsset = (_source: unknown, attachmentId: string) => {
    requested.push(attachmentId);
    return Promise.resolve(attachmentId === image.attachmentId ? PNG : NOTES);
  };
  return { ...(await twoComposers({ ...options, resolveAsset })), requested };
}

/** Copies the whole of `source` and pastes it into `target` with the keyboard. */
async function copyAcross(source: T3Composer, target: T3Composer): Promise<void> {
  await copyAll(source);
  await clickEditor(target);
  await press('Control+v');
  await waitFor(() => target.draft.attachments.length === 2, 'the pasted files’ bytes');
  await settled(target);
}

describe('<t3-composer> uploads: pasted chips of files the host has', () => {
  it('keep the host’s attachment id, upload nothing, and go with t3-submit as the host’s', async () => {
    const host = uploadHost();
    const { source, target, requested } = await withHost({ upload: host.upload });
    source.value = { text: `see ${link(image)} and ${link(textFile)}`, records: [image, textFile] };
    await copyAcross(source, target);
    expect(requested).to.deep.equal(['att_img', 'att_notes']);
    expect(host.calls, 'nothing uploads').to.have.length(0);
    expect(chips(target).some((chip) => chip.uploadProgress !== undefined || chip.uploadFailed)).to.equal(false);

    const records = target.value.records as (typeof image)[];
    expect(records.map((record) => record.attachmentId)).to.deep.equal(['att_img', 'att_notes']);
    expect(records.map((record) => record.contextId)).to.not.include.members(['img_1', 'file_notes']);
    expect(target.draft.attachments.map(({ attachmentId, uploaded }) => [attachmentId, uploaded])).to.deep.equal([
      ['att_img', true],
      ['att_notes', true],
    ]);
    expect(await target.draft.attachments[0]!.file.text(), 'its bytes came for its thumbnail').to.equal('png-bytes');

    const sent = submissions(target);
    await press('Enter');
    await waitFor(() => sent.length === 1, 't3-submit');
    expect(sent[0]!.attachments.map(({ attachmentId, uploaded }) => [attachmentId, uploaded])).to.deep.equal([
      ['att_img', true],
      ['att_notes', true],
    ]);
    expect(host.calls, 'sending uploads nothing either').to.have.length(0);
  });

  it('a file attached beside them still uploads', async () => {
    const host = uploadHost();
    const { source, target } = await withHost({ upload: host.upload });
    source.value = { text: `see ${link(image)} and ${link(textFile)}`, records: [image, textFile] };
    await copyAcross(source, target);
    const attached = new File(['new'], 'new.txt', { type: 'text/plain' });
    target.attachFiles([attached]);
    await settled(target);
    expect(host.calls.map((call) => call.file)).to.deep.equal([attached]);
  });

  it('into a composer that names no environment they are new files, and upload', async () => {
    const host = uploadHost();
    const { source, target } = await withHost({ upload: host.upload, environmentId: '' });
    source.value = { text: `see ${link(image)} and ${link(textFile)}`, records: [image, textFile] };
    await copyAcross(source, target);
    expect(host.calls, 'both upload').to.have.length(2);
    expect(target.draft.attachments.map(({ attachmentId }) => attachmentId)).to.not.include.members([
      'att_img',
      'att_notes',
    ]);
  });

  it('without an uploader they are new files of the draft under fresh ids, as before', async () => {
    const { source, target } = await withHost();
    source.value = { text: `see ${link(image)} and ${link(textFile)}`, records: [image, textFile] };
    await copyAcross(source, target);
    const ids = target.draft.attachments.map((attachment) => attachment.attachmentId);
    expect(ids).to.not.include.members(['att_img', 'att_notes']);
    expect(target.draft.attachments.every((attachment) => attachment.uploaded === undefined)).to.equal(true);
  });

  it('are stored with their bytes, having no url, so a reload shows them again as the host’s', async () => {
    const storage = memoryStorage();
    const host = uploadHost();
    const { source, target } = await withHost({ upload: host.upload, storage });
    source.value = { text: `see ${link(image)} and ${link(textFile)}`, records: [image, textFile] };
    await copyAcross(source, target);
    await waitFor(() => storage.saved.get('paste-target')?.draft.attachments.length === 2, 'the stored draft');
    const stored = storage.saved.get('paste-target')!.draft.attachments;
    expect(stored.map(({ attachmentId, uploaded }) => [attachmentId, uploaded])).to.deep.equal([
      ['att_img', true],
      ['att_notes', true],
    ]);
    expect(await stored[0]!.file.text()).to.equal('png-bytes');
  });
});
