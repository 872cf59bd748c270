import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/define.js';
import type { InputAnnotation } from '../../src/core/index.js';
import type { T3Composer } from '../../src/elements/composer/composer.js';
import type { EditDetail } from '../../src/elements/shared/events.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { part, waitFor } from './support/interaction.js';

/** Editing a sent command: its filled arguments come back as the slots they were typed in. */

const content = '/review "my file.ts" security please';
const annotation: InputAnnotation = {
  type: 'command',
  start: 0,
  end: 7,
  text: '/review',
  command: { name: 'review', description: 'Review a change' },
  arguments: [
    { name: 'target', value: 'my file.ts' },
    { name: 'focus', value: 'security' },
  ],
};

async function editing(annotations: InputAnnotation[], text = content) {
  const message = await fixture<T3UserMessage>(
    html`<t3-user-message editable .content=${text} .inputAnnotations=${annotations}></t3-user-message>`,
  );
  const edits: EditDetail[] = [];
  message.addEventListener('t3-edit', (event) => edits.push(event.detail));
  expect(message.edit()).to.equal(true);
  await message.updateComplete;
  const composer = part(message, 'editor') as T3Composer;
  await composer.updateComplete;
  await waitFor(() => composer.shadowRoot!.querySelector('.cm-content [part~="command"]') !== null, 'the token');
  return { message, composer, edits };
}

const slotTexts = (composer: T3Composer) =>
  [...composer.shadowRoot!.querySelectorAll<HTMLElement>('.cm-content [part~="argument"]')].map((slot) => [
    slot.dataset.argument,
    slot.textContent,
  ]);

describe('<t3-user-message> editing a command with arguments', () => {
  it('holds the token and the filled slots, values as typed; an unchanged save fires nothing', async () => {
    const { composer, edits } = await editing([annotation]);
    expect(composer.value.text).to.equal('/review my file.ts security please');
    expect(slotTexts(composer)).to.deep.equal([
      ['target', 'my file.ts'],
      ['focus', 'security'],
    ]);
    await sendKeys({ press: 'Enter' });
    expect(edits).to.have.length(0);
  });

  it('sends an edited argument quoted again, with the annotation’s new value', async () => {
    const { composer, edits } = await editing([annotation]);
    await sendKeys({ press: 'Control+Home' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'tests' });
    expect(composer.value.text).to.equal('/review my file.ts tests please');
    await sendKeys({ press: 'Enter' });
    expect(edits).to.have.length(1);
    const { submission } = edits[0]!;
    expect(submission.prompt).to.equal('/review "my file.ts" tests please');
    expect(submission.inputAnnotations[0]).to.have.deep.property('arguments', [
      { name: 'target', value: 'my file.ts' },
      { name: 'focus', value: 'tests' },
    ]);
  });

  it('leaves the text as it was when it does not start with the arguments as sent', async () => {
    const { composer } = await editing([annotation], '/review my file.ts security');
    expect(composer.value.text).to.equal('/review my file.ts security');
    expect(slotTexts(composer)).to.deep.equal([]);
  });
});
