import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { expectNoAxeViolations, LOOKS, resetLook, showLook } from './support/axe.js';
import { centre, focusIsIn, part, waitFor } from './support/interaction.js';
import {
  recordText,
  editButton,
  inlineComposer,
  listen,
  editableMessage,
  clickEdit,
  press,
  settled,
} from './message-edit-fixtures.js';

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
