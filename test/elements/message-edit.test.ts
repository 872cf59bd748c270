import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define.js';
import type { InputAnnotation, UnknownContextRecord } from '../../src/core/index.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { dataset, link, terminal } from '../../support/records.js';
import { focusIsIn, part, waitFor } from './support/interaction.js';
import {
  recordText,
  recordContext,
  editButton,
  inlineComposer,
  editorChips,
  editableMessage,
  clickEdit,
  openedEditor,
  press,
} from './message-edit-fixtures.js';

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
