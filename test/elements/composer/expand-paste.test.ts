import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/composer.js';
import type { T3ContextChip } from '../../../src/elements/context-chip/context-chip.js';
import { centre, chips, clickEditor, composerFixture, press, type, waitFor } from './support.js';

/**
 * Expand to text (SPEC §12): a long paste became a file chip; its details offer Expand to text,
 * which puts the text back, editable, in place of the chip in one undo step. Pasted with real keys
 * from the real clipboard, the button clicked with the mouse.
 */

const PASTED = Array.from({ length: 60 }, (_, index) => `row ${index + 1}: a value *not* a heading # ${index}`).join(
  '\n',
);

async function pasteLong(composer: T3Composer): Promise<T3ContextChip> {
  await navigator.clipboard.writeText(PASTED);
  await clickEditor(composer);
  await type('Before ');
  await press('Control+v');
  await type(' after');
  await composer.updateComplete;
  await waitFor(() => chips(composer).length === 1, 'the pasted-text chip');
  return chips(composer)[0]!;
}

async function expandButton(chip: T3ContextChip): Promise<HTMLElement> {
  await sendMouse({ type: 'move', position: centre(chip) });
  await waitFor(() => !!chip.shadowRoot!.querySelector('[part~="details"]:popover-open'), 'the details');
  return chip.shadowRoot!.querySelector<HTMLElement>('[part~="expand"]')!;
}

afterEach(async () => {
  await sendMouse({ type: 'move', position: [0, 0] });
});

describe('<t3-composer> Expand to text', () => {
  it('puts the pasted text back in place of the chip, editable, and one undo brings the chip back', async () => {
    const composer = await composerFixture();
    const chip = await pasteLong(composer);
    const withChip = composer.value.text;
    const link = /\[[^\]]*\]\(t3-context:\/\/[^)]*\)/;
    expect(withChip).to.match(link);
    const expanded = withChip.replace(link, () => PASTED);
    const button = await expandButton(chip);
    expect(button.textContent!.trim()).to.equal('Expand to text');
    await sendMouse({ type: 'click', position: centre(button) });
    await waitFor(() => chips(composer).length === 0, 'the chip to give way to its text');
    expect(composer.value.text).to.equal(expanded);
    expect(composer.value.text.startsWith(`Before ${PASTED}`)).to.equal(true);
    expect(composer.value.records).to.deep.equal([]);
    expect(composer.draft.attachments).to.deep.equal([]);
    // Editable: typing goes on right after the text.
    await type('!');
    expect(composer.value.text).to.equal(expanded.replace(PASTED, () => `${PASTED}!`));
    await press('Control+z');
    expect(composer.value.text).to.equal(expanded);
    await press('Control+z');
    await waitFor(() => chips(composer).length === 1, 'the chip back after one undo');
    expect(composer.value.text).to.equal(withChip);
    expect(await composer.draft.attachments[0]!.file.text()).to.equal(PASTED);
    await press('Control+y');
    await waitFor(() => chips(composer).length === 0, 'the text again after redo');
    expect(composer.value.text).to.equal(expanded);
  });

  it('is offered only for pasted text in the composer, not for other file chips', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    composer.attachFiles([new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    await waitFor(() => chips(composer).length === 1, 'the file chip');
    const chip = chips(composer)[0]!;
    await sendMouse({ type: 'move', position: centre(chip) });
    await waitFor(() => !!chip.shadowRoot!.querySelector('[part~="details"]:popover-open'), 'the details');
    expect(chip.shadowRoot!.querySelector('[part~="expand"]')).to.equal(null);
  });
});
