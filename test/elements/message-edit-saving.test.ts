import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define.js';
import type { InputAnnotation } from '../../src/core/index.js';
import type { EditDetail } from '../../src/elements/shared/events.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { image, link } from '../../support/records.js';
import { centre, part, waitFor } from './support/interaction.js';
import {
  recordText,
  recordContext,
  editButton,
  editorChips,
  stopListening,
  listen,
  editableMessage,
  clickEdit,
  press,
  settled,
} from './message-edit-fixtures.js';

describe('<t3-user-message editable>: saving', () => {
  it('Enter fires t3-edit with the submission and the original; no t3-submit reaches the document', async () => {
    const message = await editableMessage();
    const { edits, submits } = listen(message);
    const composer = await clickEdit(message);
    await press('End');
    await sendKeys({ type: ' now' });
    await press('Enter');
    await settled(message);
    expect(submits, 't3-submit outside the message').to.have.length(0);
    expect(edits).to.have.length(1);
    const [detail] = edits;
    expect(detail!.submission.text).to.equal(`${recordText} now`);
    expect(detail!.submission.context).to.deep.equal(recordContext);
    expect(detail!.submission.attachments).to.deep.equal([]);
    expect(detail!.submission).not.to.have.property('delivery');
    expect(Object.keys(detail!.submission).sort()).to.deep.equal(
      ['attachments', 'context', 'inputAnnotations', 'prompt', 'text'].sort(),
    );
    expect(detail!.original).to.deep.equal({ text: recordText, context: recordContext });
    expect(message.editing).to.be.false;
    expect(composer.isConnected).to.be.false;
    expect(part(message, 'body')!.textContent, 'the original until the host sets new input').to.contain('please');
    expect(part(message, 'body')!.textContent).not.to.contain('now');
    await waitFor(() => message.shadowRoot!.activeElement === editButton(message), 'focus back on Edit');
  });

  it('t3-edit reaches the document (bubbling, composed, cancelable) with a file attached while editing', async () => {
    const message = await editableMessage();
    const heard: CustomEvent<EditDetail>[] = [];
    const onEdit = (event: Event) => heard.push(event as CustomEvent<EditDetail>);
    document.addEventListener('t3-edit', onEdit);
    stopListening.push(() => document.removeEventListener('t3-edit', onEdit));
    const composer = await clickEdit(message);
    const notes = new File(['rounding: half-even'], 'notes.txt', { type: 'text/plain' });
    composer.attachFiles([notes]);
    await press('Enter');
    expect(heard).to.have.length(1);
    const [event] = heard;
    expect([event!.bubbles, event!.composed, event!.cancelable]).to.deep.equal([true, true, true]);
    const attached = event!.detail.submission.attachments;
    expect(attached.map(({ kind, file }) => [kind, file])).to.deep.equal([['file', notes]]);
    expect(event!.detail.submission.text).to.contain('notes.txt');
  });

  it('gives annotation-driven messages their content and annotations as the original', async () => {
    const annotations: InputAnnotation[] = [
      { type: 'reference', start: 4, end: 18, text: '@dataset:users', reference: { id: 'dataset_users' } },
    ];
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message editable .content=${'see @dataset:users'} .inputAnnotations=${annotations}></t3-user-message>`,
    );
    const { edits } = listen(message);
    await clickEdit(message);
    await sendKeys({ type: 'Also ' });
    await press('Enter');
    expect(edits).to.have.length(1);
    expect(edits[0]!.original).to.deep.equal({ content: 'see @dataset:users', inputAnnotations: annotations });
    expect(edits[0]!.submission.prompt).to.equal('Also see @dataset:users');
    expect(edits[0]!.submission.inputAnnotations).to.deep.equal([
      {
        type: 'reference',
        start: 9,
        end: 23,
        text: '@dataset:users',
        reference: { id: 'dataset_users', kind: 'reference', label: '@dataset:users', serialized: '@dataset:users' },
      },
    ]);
  });

  it('keeps an image record with its attachmentId and fetches no bytes', async () => {
    const resolved: string[] = [];
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message
        editable
        .text=${`The shot ${link(image)} shows it`}
        .context=${{ version: 1, records: [image] }}
        .resolveAsset=${async (_source: unknown, attachmentId: string) => {
          resolved.push(attachmentId);
          return new Blob();
        }}
      ></t3-user-message>`,
    );
    const { edits } = listen(message);
    const composer = await clickEdit(message);
    expect(composer.draft.attachments, 'no file in the draft').to.deep.equal([]);
    expect(editorChips(composer).map((chip) => [chip.kind, chip.hasAttribute('unresolved')])).to.deep.equal([
      ['image', false],
    ]);
    await press('End');
    await sendKeys({ type: ', see?' });
    await press('Enter');
    expect(edits).to.have.length(1);
    expect(edits[0]!.submission.context!.records).to.deep.equal([image]);
    expect(edits[0]!.submission.attachments).to.deep.equal([]);
    expect(resolved, 'resolveAsset calls').to.deep.equal([]);
    const requests = performance.getEntriesByType('resource').map((entry) => entry.name);
    expect(requests.filter((name) => name.includes(image.attachmentId))).to.deep.equal([]);
  });

  it('Save with no change ends editing and fires nothing', async () => {
    const message = await editableMessage();
    const { edits, submits } = listen(message);
    await clickEdit(message);
    await sendMouse({ type: 'click', position: centre(part(message, 'save-button')!) });
    await settled(message);
    expect(message.editing).to.be.false;
    expect(edits).to.have.length(0);
    expect(submits).to.have.length(0);
    await waitFor(() => message.shadowRoot!.activeElement === editButton(message), 'focus back on Edit');
  });

  it('Save fires t3-edit as Enter does; a cancelled t3-edit keeps the edit open', async () => {
    const message = await editableMessage();
    message.addEventListener('t3-edit', (event) => event.preventDefault());
    const { edits } = listen(message);
    const composer = await clickEdit(message);
    await sendKeys({ type: 'Please: ' });
    await sendMouse({ type: 'click', position: centre(part(message, 'save-button')!) });
    await settled(message);
    expect(edits).to.have.length(1);
    expect(message.editing).to.be.true;
    expect(composer.value.text).to.equal(`Please: ${recordText}`);
  });

  it('while waitUntil is pending the editor is busy; a rejection keeps it open with the edit and a notice', async () => {
    const message = await editableMessage();
    let reject!: (reason: unknown) => void;
    message.addEventListener('t3-edit', (event) =>
      event.detail.waitUntil(new Promise((_resolve, rejecting) => (reject = rejecting))),
    );
    const { edits } = listen(message);
    const composer = await clickEdit(message);
    await sendKeys({ type: 'Edited: ' });
    await press('Enter');
    await settled(message);
    expect(edits).to.have.length(1);
    expect(message.editing).to.be.true;
    expect(part(message, 'editor')!.parentElement!.getAttribute('aria-busy')).to.equal('true');
    expect(composer.readonly).to.be.true;
    expect(part(message, 'save-button')!.getAttribute('aria-disabled')).to.equal('true');
    await press('Escape');
    await settled(message);
    expect(part(message, 'keep-button'), 'Escape asks whether to give the save up').not.to.equal(null);
    await press('Enter');
    await settled(message);
    expect(message.editing, 'Keep goes back to the waiting save').to.be.true;
    expect(composer.readonly).to.be.true;
    expect(part(message, 'save-button')!.getAttribute('aria-disabled')).to.equal('true');
    expect(edits, 'no second save while one is pending').to.have.length(1);

    // The host's reason has no full stop: the notice still reads as two sentences.
    reject(new Error('the server is down'));
    await waitFor(() => part(message, 'edit-notice') !== null, 'the notice');
    expect(part(message, 'edit-notice')!.textContent).to.equal(
      'Not saved: the server is down. Your edit is still here.',
    );
    expect(message.editing).to.be.true;
    expect(composer.readonly).to.be.false;
    expect(composer.value.text).to.equal(`Edited: ${recordText}`);
    expect(part(message, 'editor')!.parentElement!.getAttribute('aria-busy')).to.equal('false');
  });

  it('a save the host never answers can be given up, and does not hold other messages back', async () => {
    const message = await editableMessage();
    const other = await editableMessage();
    message.addEventListener('t3-edit', (event) => event.detail.waitUntil(new Promise(() => undefined)));
    await clickEdit(message);
    await sendKeys({ type: 'Stuck: ' });
    await press('Enter');
    await settled(message);
    await sendMouse({ type: 'click', position: centre(part(message, 'cancel-button')!) });
    await settled(message);
    await sendMouse({ type: 'click', position: centre(part(message, 'discard-button')!) });
    await settled(message);
    expect(message.editing).to.be.false;
    expect(other.edit(), 'another message edits now').to.be.true;
  });

  it('a fulfilled waitUntil ends editing', async () => {
    const message = await editableMessage();
    let resolve!: () => void;
    message.addEventListener('t3-edit', (event) =>
      event.detail.waitUntil(new Promise<void>((resolving) => (resolve = resolving))),
    );
    await clickEdit(message);
    await sendKeys({ type: 'Edited: ' });
    await press('Enter');
    await settled(message);
    expect(message.editing).to.be.true;
    resolve();
    await waitFor(() => !message.editing, 'editing to end');
    await waitFor(() => message.shadowRoot!.activeElement === editButton(message), 'focus back on Edit');
  });
});
