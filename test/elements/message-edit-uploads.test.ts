import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define.js';
import type { T3Composer } from '../../src/elements/composer/composer.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import type { EditDetail } from '../../src/elements/shared/events.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { link, terminal } from '../../support/records.js';
import { centre, focusIsIn, part, waitFor } from './support/interaction.js';
import { chipProgress, settled, textFile, uploadHost } from './composer/upload-support.js';

/**
 * The inline editor of a sent message uploads as the page's composers do: it takes the uploader
 * of its message, which is the message's own `uploadAttachment` or else its scope's. A file added
 * while editing uploads at once, Save waits for it, and `t3-edit` carries it as the host's.
 */

const text = `Check ${link(terminal)} please`;
const context = { version: 1 as const, records: [terminal] };

async function clickEdit(message: T3UserMessage): Promise<T3Composer> {
  await sendMouse({ type: 'move', position: centre(part(message, 'base')!) });
  const button = part(message, 'edit-button')!;
  await waitFor(() => getComputedStyle(button).opacity === '1', 'the Edit control to show');
  await sendMouse({ type: 'click', position: centre(button) });
  await message.updateComplete;
  const composer = part(message, 'editor') as T3Composer;
  await composer.updateComplete;
  await waitFor(() => focusIsIn(composer), 'focus in the inline composer');
  return composer;
}

function edits(message: T3UserMessage): EditDetail[] {
  const heard: EditDetail[] = [];
  message.addEventListener('t3-edit', (event) => heard.push(event.detail));
  return heard;
}

/** The chip of the file added while editing. */
const fileChip = (composer: T3Composer) =>
  composer.shadowRoot!.querySelector<T3ContextChip>('.cm-content t3-context-chip[kind="file"]')!;

afterEach(async () => {
  await sendMouse({ type: 'move', position: [0, 0] });
});

describe('<t3-user-message>: editing uploads with the host’s uploader', () => {
  it('with uploadAttachment on the scope, a file added while editing uploads at once and Save sends it as the host’s', async () => {
    const host = uploadHost();
    const scope = await fixture(html`<t3-context-scope .uploadAttachment=${host.upload}>
      <t3-user-message editable .text=${text} .context=${context}></t3-user-message>
    </t3-context-scope>`);
    const message = scope.querySelector('t3-user-message')!;
    const heard = edits(message);
    const composer = await clickEdit(message);
    const notes = textFile();
    composer.attachFiles([notes]);
    await settled(composer);
    expect(host.calls.map((call) => call.file)).to.deep.equal([notes]);
    expect(chipProgress(fileChip(composer))!.getAttribute('role')).to.equal('progressbar');

    await sendKeys({ press: 'Enter' });
    await settled(composer);
    expect(heard, 'Save waits for the upload').to.have.length(0);
    host.answerAll();
    await waitFor(() => heard.length === 1, 't3-edit once the upload is done');
    const [attachment] = heard[0]!.submission.attachments;
    expect(attachment).to.include({ attachmentId: 'up_1', uploaded: true, url: '/api/uploads/up_1', kind: 'file' });
    const record = heard[0]!.submission.context!.records.find((each) => each.kind === 'file')!;
    expect(record).to.include({ attachmentId: 'up_1', contextId: attachment!.contextId });
    expect(host.calls, 'nothing uploaded twice').to.have.length(1);
  });

  it('the message’s own uploadAttachment wins over its scope’s', async () => {
    const scopeHost = uploadHost();
    const messageHost = uploadHost();
    const scope = await fixture(html`<t3-context-scope .uploadAttachment=${scopeHost.upload}>
      <t3-user-message editable .text=${text} .context=${context} .uploadAttachment=${messageHost.upload}>
      </t3-user-message>
    </t3-context-scope>`);
    const composer = await clickEdit(scope.querySelector('t3-user-message')!);
    composer.attachFiles([textFile()]);
    await settled(composer);
    expect([scopeHost.calls.length, messageHost.calls.length]).to.deep.equal([0, 1]);
  });

  it('leaving the edit aborts the upload of a file added while editing', async () => {
    const host = uploadHost();
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message editable .text=${text} .context=${context} .uploadAttachment=${host.upload}></t3-user-message>`,
    );
    const composer = await clickEdit(message);
    composer.attachFiles([textFile()]);
    await settled(composer);
    expect(host.calls).to.have.length(1);
    await sendKeys({ press: 'Escape' });
    await message.updateComplete;
    const discard = part(message, 'discard-button')!;
    await sendMouse({ type: 'click', position: centre(discard) });
    await message.updateComplete;
    expect(part(message, 'editor')).to.equal(null);
    await waitFor(() => host.calls[0]!.signal.aborted, 'the upload to be aborted');
  });

  it('without an uploader anywhere, nothing uploads and the file goes with t3-edit as before', async () => {
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message editable .text=${text} .context=${context}></t3-user-message>`,
    );
    const heard = edits(message);
    const composer = await clickEdit(message);
    const notes = textFile();
    composer.attachFiles([notes]);
    await settled(composer);
    expect(chipProgress(fileChip(composer))).to.equal(null);
    await sendKeys({ press: 'Enter' });
    expect(heard).to.have.length(1);
    const [attachment] = heard[0]!.submission.attachments;
    expect(attachment!.file).to.equal(notes);
    expect(attachment!.uploaded).to.equal(undefined);
  });
});
