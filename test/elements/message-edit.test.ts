import { expect, fixture, html } from '@open-wc/testing';
import type { ComponentProps } from 'react';
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define.js';
import type { InputAnnotation, UnknownContextRecord } from '../../src/core/index.js';
import type { T3Composer } from '../../src/elements/composer/composer.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import type { EditDetail } from '../../src/elements/shared/events.js';
import type { T3UserMessage as ReactUserMessage } from '../../src/react/message.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { dataset, image, link, terminal } from '../../support/records.js';
import { expectNoAxeViolations, LOOKS, resetLook, showLook } from './support/axe.js';
import { centre, focusIsIn, part, waitFor } from './support/interaction.js';

const recordText = `Check ${link(terminal)} please`;
const recordContext = { version: 1 as const, records: [terminal] };

function editButton(message: T3UserMessage): HTMLElement | null {
  return part(message, 'edit-button');
}

function inlineComposer(message: T3UserMessage): T3Composer | null {
  return part(message, 'editor') as T3Composer | null;
}

function editorChips(composer: T3Composer): T3ContextChip[] {
  return [...composer.shadowRoot!.querySelectorAll<T3ContextChip>('.cm-content t3-context-chip')];
}

const stopListening: (() => void)[] = [];
afterEach(() => stopListening.splice(0).forEach((stop) => stop()));

/** Every `t3-edit` the message fires, and every `t3-submit` that reaches the document. */
function listen(message: T3UserMessage) {
  const edits: EditDetail[] = [];
  const submits: Event[] = [];
  message.addEventListener('t3-edit', (event) => edits.push(event.detail));
  const onSubmit = (event: Event) => submits.push(event);
  document.addEventListener('t3-submit', onSubmit);
  stopListening.push(() => document.removeEventListener('t3-submit', onSubmit));
  return { edits, submits };
}

/** Compile-time checks, run by `npm run typecheck`: the event map and the React wrapper's `onEdit`. */
export function typeChecks(message: T3UserMessage): void {
  message.addEventListener('t3-edit', (event) => {
    const text: string = event.detail.submission.text;
    const original = event.detail.original;
    const before: string = 'text' in original ? original.text : original.content;
    event.detail.waitUntil(Promise.resolve());
    void [text, before];
  });
  const onEdit: NonNullable<ComponentProps<typeof ReactUserMessage>['onEdit']> = (event) =>
    void event.detail.submission.attachments.map((attachment) => attachment.file);
  void onEdit;
}

async function editableMessage(text = recordText, context: unknown = recordContext): Promise<T3UserMessage> {
  const message = await fixture<T3UserMessage>(
    html`<t3-user-message editable .text=${text} .context=${context}></t3-user-message>`,
  );
  await message.updateComplete;
  return message;
}

/** Points at the message (the Edit control shows on hover) and clicks its Edit control. */
async function clickEdit(message: T3UserMessage): Promise<T3Composer> {
  await sendMouse({ type: 'move', position: centre(part(message, 'base')!) });
  const button = editButton(message)!;
  await waitFor(() => getComputedStyle(button).opacity === '1', 'the Edit control to show');
  await sendMouse({ type: 'click', position: centre(button) });
  return openedEditor(message);
}

async function openedEditor(message: T3UserMessage): Promise<T3Composer> {
  await message.updateComplete;
  const composer = inlineComposer(message)!;
  expect(composer, 'the inline composer').to.exist;
  await composer.updateComplete;
  await waitFor(() => focusIsIn(composer), 'focus in the inline composer');
  return composer;
}

async function press(key: string): Promise<void> {
  await sendKeys({ press: key });
}

async function settled(message: T3UserMessage): Promise<void> {
  await message.updateComplete;
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

describe('<t3-user-message editable>: the Edit control', () => {
  it('never shows on a page without the composer, and shows once the composer is defined there', async () => {
    const frame = document.createElement('iframe');
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    frame.src = new URL('./fixtures/message-only-page.html', import.meta.url).href;
    document.body.append(frame);
    try {
      await loaded;
      const win = frame.contentWindow! as Window & typeof globalThis & { defineComposer(): Promise<unknown> };
      await waitFor(() => !!win.customElements.get('t3-user-message'), 'the message elements in the frame', 5000);
      const message = win.document.querySelector('t3-user-message')!;
      await message.updateComplete;
      expect(win.customElements.get('t3-composer'), 'no composer on the page').to.be.undefined;
      expect(message.editable).to.be.true;
      expect(editButton(message), 'no Edit control').to.be.null;
      expect(message.edit(), 'edit() cannot start').to.be.false;
      expect(inlineComposer(message)).to.be.null;

      await win.defineComposer();
      await waitFor(() => editButton(message) !== null, 'the Edit control once the composer is defined', 5000);
      expect(message.edit()).to.be.true;
      await message.updateComplete;
      expect(inlineComposer(message)?.localName).to.equal('t3-composer');
    } finally {
      frame.remove();
    }
  });

  it('shows only when editable', async () => {
    const plain = await fixture<T3UserMessage>(html`<t3-user-message .text=${'Hello'}></t3-user-message>`);
    expect(editButton(plain)).to.be.null;
    expect(plain.edit()).to.be.false;
    plain.editable = true;
    await plain.updateComplete;
    expect(editButton(plain)?.getAttribute('aria-label')).to.equal('Edit message');
  });

  it('is one more stop of the message keyboard: arrows reach it, Enter starts editing', async () => {
    const root = await fixture<HTMLElement>(html`<div>
      <button id="before">before</button>
      <t3-user-message editable .text=${recordText} .context=${recordContext}></t3-user-message>
    </div>`);
    const message = root.querySelector('t3-user-message')!;
    await message.updateComplete;
    root.querySelector<HTMLElement>('#before')!.focus();
    await press('Tab');
    expect(focusIsIn(message)).to.be.true;
    await press('End');
    expect(message.shadowRoot!.activeElement).to.equal(part(message, 'copy'));
    await press('ArrowLeft');
    expect(message.shadowRoot!.activeElement).to.equal(editButton(message));
    await waitFor(() => getComputedStyle(editButton(message)!).opacity === '1', 'the Edit control to show on focus');
    await press('Enter');
    const composer = await openedEditor(message);
    expect(message.editing).to.be.true;
    expect(composer.value.text).to.equal(recordText);
  });
});

describe('<t3-user-message editable>: the draft it edits', () => {
  it('holds record-driven text with its records as chips, by a click on Edit', async () => {
    const message = await editableMessage(`Look ${link(terminal)} and ${link(dataset)}`, {
      version: 1,
      records: [terminal, dataset],
    });
    const composer = await clickEdit(message);
    expect(part(message, 'body'), 'the body is replaced').to.be.null;
    expect(part(message, 'copy')).to.be.null;
    expect(composer.value).to.deep.equal({
      text: `Look ${link(terminal)} and ${link(dataset)}`,
      records: [terminal, dataset],
    });
    expect(editorChips(composer).map((chip) => [chip.contextId, chip.hasAttribute('unresolved')])).to.deep.equal([
      ['term_1', false],
      ['dataset_users', false],
    ]);
  });

  it('upgrades legacy text first', async () => {
    const legacy = [
      'Please check @terminal-1:3-4 and this',
      '',
      '<terminal_context>',
      '- Terminal 1 lines 3-4:',
      '  3 | npm test',
      '  4 | ok',
      '</terminal_context>',
    ].join('\n');
    const message = await editableMessage(legacy, null);
    expect(message.edit()).to.be.true;
    const composer = await openedEditor(message);
    expect(composer.value.text).not.to.contain('<terminal_context>');
    expect(composer.value.records.map((record) => record.kind)).to.deep.equal(['terminal']);
    expect(editorChips(composer)).to.have.length(1);
  });

  it('holds annotation-driven content: references as host-kind chips, the command picked', async () => {
    const content = '/review fix @src/Makefile with @dataset:users and @ext\\:tools';
    const command = { name: 'review', description: 'Review a change', subcommands: ['fix'] };
    const annotations: InputAnnotation[] = [
      { type: 'command', start: 0, end: 7, text: '/review', command, subcommandPath: ['fix'] },
      {
        type: 'reference',
        start: 12,
        end: 25,
        text: '@src/Makefile',
        reference: { id: 'file:@src/Makefile', kind: 'file', label: 'Makefile', value: 'src/Makefile' },
      },
      {
        type: 'reference',
        start: 31,
        end: 45,
        text: '@dataset:users',
        reference: { id: 'dataset_users', kind: 'dataset', label: 'Dataset' },
      },
      {
        type: 'reference',
        start: 50,
        end: 61,
        text: '@ext\\:tools',
        reference: { id: 'extension:@ext:tools', kind: 'extension', value: 'tools', metadata: { pinned: true } },
      },
    ];
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message
        editable
        .content=${content}
        .inputAnnotations=${annotations}
        .context=${{ version: 1, records: [dataset] }}
      ></t3-user-message>`,
    );
    expect(message.edit()).to.be.true;
    const composer = await openedEditor(message);
    const draft = composer.draft;
    expect(draft.command).to.deep.equal({ name: 'review', subcommandPath: ['fix'] });
    expect(composer.command).to.deep.include({ name: 'review', description: 'Review a change' });
    const [makefile, users, tools] = draft.records as UnknownContextRecord[];
    // A known kind without its record becomes the neutral host kind; the prompt keeps its exact text.
    expect(makefile).to.deep.include({ kind: 'reference', label: 'Makefile' });
    expect(makefile!.payload).to.deep.equal({ serialized: '@src/Makefile', value: 'src/Makefile' });
    expect(users, 'the message record for that id').to.deep.equal(dataset);
    expect(tools).to.deep.include({ kind: 'extension', label: 'tools' });
    expect(tools!.contextId).to.match(/^extension-ext-tools-[0-9a-f]{16}$/);
    expect(tools!.payload).to.deep.equal({ serialized: '@ext\\:tools', metadata: { pinned: true } });
    expect(editorChips(composer).map((chip) => chip.kind)).to.deep.equal(['reference', 'dataset', 'extension']);
    expect(draft.text.startsWith('/review fix ')).to.be.true;
  });
});

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

describe('<t3-user-message editable>: leaving an edit', () => {
  it('Escape with no change ends editing, fires nothing, and focus returns to Edit', async () => {
    const message = await editableMessage();
    const { edits, submits } = listen(message);
    await clickEdit(message);
    await press('Escape');
    await settled(message);
    expect(message.editing).to.be.false;
    expect(edits.length + submits.length).to.equal(0);
    await waitFor(() => message.shadowRoot!.activeElement === editButton(message), 'focus back on Edit');
  });

  it('Escape with a change asks; Escape keeps editing, Discard ends it with nothing fired', async () => {
    const message = await editableMessage();
    const { edits } = listen(message);
    const composer = await clickEdit(message);
    await sendKeys({ type: 'changed ' });
    await press('Escape');
    await settled(message);
    const question = part(message, 'edit-confirm')!;
    expect(question.textContent).to.contain('Discard your changes to this message?');
    expect(message.shadowRoot!.activeElement).to.equal(part(message, 'keep-button'));

    await press('Escape');
    await settled(message);
    expect(part(message, 'edit-confirm')).to.be.null;
    await waitFor(() => focusIsIn(composer), 'focus back in the editor');
    expect(composer.value.text).to.equal(`changed ${recordText}`);

    await sendMouse({ type: 'click', position: centre(part(message, 'cancel-button')!) });
    await settled(message);
    await sendMouse({ type: 'click', position: centre(part(message, 'discard-button')!) });
    await settled(message);
    expect(message.editing).to.be.false;
    expect(edits).to.have.length(0);
    await waitFor(() => message.shadowRoot!.activeElement === editButton(message), 'focus back on Edit');
  });

  it('Escape with a menu open only closes the menu', async () => {
    const message = await editableMessage();
    const composer = await clickEdit(message);
    composer.providers = [{ id: 'people', label: 'People', search: () => [{ id: 'ada', label: 'Ada' }] }];
    await sendKeys({ type: '@a' });
    await waitFor(() => part(composer, 'option') !== null, 'the menu');
    await press('Escape');
    await settled(message);
    expect(part(composer, 'option'), 'the menu closed').to.be.null;
    expect(message.editing).to.be.true;
    expect(part(message, 'edit-confirm')).to.be.null;
  });

  it("a second message's Edit ends an unchanged edit, and asks in a changed one first", async () => {
    const root = await fixture<HTMLElement>(html`<div>
      <t3-user-message editable .text=${'First message'}></t3-user-message>
      <t3-user-message editable .text=${'Second message'}></t3-user-message>
    </div>`);
    const [first, second] = root.querySelectorAll('t3-user-message');
    await first!.updateComplete;
    await clickEdit(first!);
    await clickEdit(second!);
    expect(first!.editing).to.be.false;
    expect(second!.editing).to.be.true;

    await sendKeys({ type: 'More: ' });
    await sendMouse({ type: 'move', position: centre(part(first!, 'base')!) });
    await sendMouse({ type: 'click', position: centre(editButton(first!)!) });
    await settled(second!);
    expect(first!.editing, 'the first waits for the answer').to.be.false;
    expect(part(second!, 'edit-confirm'), 'the question in the changed message').to.exist;
    expect(second!.shadowRoot!.activeElement).to.equal(part(second!, 'keep-button'));
    await sendMouse({ type: 'click', position: centre(part(second!, 'discard-button')!) });
    await settled(second!);
    expect(second!.editing).to.be.false;
    expect(first!.editing).to.be.true;
    await waitFor(() => focusIsIn(inlineComposer(first!)!), 'focus in the first message editor');
  });
});

describe('<t3-user-message editable>: looks', () => {
  afterEach(resetLook);

  for (const dir of ['ltr', 'rtl'] as const) {
    it(`the Edit control never covers the text of the first line (${dir})`, async () => {
      // One long word, broken anywhere, fills each line to its very end.
      const message = await fixture<T3UserMessage>(
        html`<t3-user-message editable dir=${dir} style="inline-size: 320px" .text=${'x'.repeat(400)}></t3-user-message>`,
      );
      await sendMouse({ type: 'move', position: centre(part(message, 'base')!) });
      const button = editButton(message)!;
      await waitFor(() => getComputedStyle(button).opacity === '1', 'the Edit control to show');
      const box = button.getBoundingClientRect();
      const copy = part(message, 'copy')!.getBoundingClientRect();
      expect(box.right <= copy.left || box.left >= copy.right, 'beside the copy control').to.be.true;
      const range = document.createRange();
      range.selectNodeContents(part(message, 'body')!);
      const covered = [...range.getClientRects()].filter(
        (rect) =>
          rect.width > 0 &&
          rect.left < box.right &&
          rect.right > box.left &&
          rect.top < box.bottom &&
          rect.bottom > box.top,
      );
      expect(covered).to.deep.equal([]);
    });
  }

  it('is axe-clean while editing and while asking, light and dark, desktop and phone', async () => {
    const message = await editableMessage();
    await clickEdit(message);
    for (const look of LOOKS) {
      await showLook(look);
      await expectNoAxeViolations(message, `editing ${look.scheme} ${look.width}`);
    }
    await sendKeys({ type: 'changed ' });
    await press('Escape');
    await settled(message);
    for (const look of LOOKS) {
      await showLook(look);
      await expectNoAxeViolations(message, `asking ${look.scheme} ${look.width}`);
    }
  });

  it('gives fingers 44px targets for Edit, Save and Cancel', async () => {
    await executeServerCommand('emulate-media-features', { features: [{ name: 'pointer', value: 'coarse' }] });
    const message = await editableMessage();
    const edit = editButton(message)!.getBoundingClientRect();
    const copy = part(message, 'copy')!.getBoundingClientRect();
    expect([edit.width, edit.height].every((size) => size >= 44)).to.be.true;
    expect(edit.right <= copy.left || edit.left >= copy.right, 'Edit and copy do not overlap').to.be.true;
    expect(message.edit()).to.be.true;
    await message.updateComplete;
    for (const name of ['save-button', 'cancel-button']) {
      const rect = part(message, name)!.getBoundingClientRect();
      expect(Math.min(rect.width, rect.height), name).to.be.at.least(44);
    }
  });
});
