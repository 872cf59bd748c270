import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { type Citation, formatCitationLink } from '../../../src/core/index.js';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import type { T3ContextChip } from '../../../src/elements/context-chip/context-chip.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { part } from '../support/interaction.js';
import { terminal } from '../../../support/records.js';
import {
  caret,
  chips,
  clickEditor,
  composerFixture,
  content,
  imeCommit,
  imeCompose,
  press,
  type,
  waitFor,
} from './support.js';

/**
 * Keyboard access to a composer chip's own controls: Alt+Enter beside a chip opens its details and
 * focuses its first control (Expand to text, Edit comment); Tab stays among them; Escape gives
 * focus back to the editor with the caret where it was. Real keys only.
 */

const PASTED = Array.from({ length: 60 }, (_, index) => `line ${index + 1} of the pasted log`).join('\n');

const quote: Citation = {
  version: 1,
  environmentId: 'env',
  threadId: 'thread-1',
  messageId: 'reply-1',
  text: 'Caching the parsed config avoids reading the file on every request.',
  start: 10,
  end: 78,
  prefix: 'In short: ',
  suffix: ' Next,',
};

afterEach(async () => {
  await sendMouse({ type: 'move', position: [0, 0] });
});

async function withPastedChip(): Promise<{ composer: T3Composer; chip: T3ContextChip }> {
  const composer = await composerFixture();
  await navigator.clipboard.writeText(PASTED);
  await clickEditor(composer);
  await type('Before ');
  await press('Control+v');
  await composer.updateComplete;
  await waitFor(() => chips(composer).length === 1, 'the pasted-text chip');
  // The chip comes with one space after it: one step left puts the caret right after the chip.
  await press('ArrowLeft');
  return { composer, chip: chips(composer)[0]! };
}

async function withCitation(): Promise<{ composer: T3Composer; chip: T3ContextChip }> {
  const composer = await composerFixture();
  await clickEditor(composer);
  await type('See');
  expect(composer.insertCitation(quote)).to.deep.equal({ ok: true });
  await composer.updateComplete;
  return { composer, chip: chips(composer)[0]! };
}

const focusedIn = (chip: T3ContextChip) => chip.shadowRoot!.activeElement as HTMLElement | null;
const editorFocused = (composer: T3Composer) => composer.shadowRoot!.activeElement === content(composer);
const detailsOpen = (chip: T3ContextChip) => !!chip.shadowRoot!.querySelector('[part~="details"]:popover-open');

describe('<t3-composer> keyboard access to chip controls', () => {
  it('tells the key in the editor description while the draft holds a chip', async () => {
    const composer = await composerFixture();
    expect(content(composer).hasAttribute('aria-description')).to.equal(false);
    await clickEditor(composer);
    composer.insertCitation(quote);
    await composer.updateComplete;
    expect(content(composer).getAttribute('aria-description')).to.contain('Alt+Enter');
  });

  it('Expand to text by keyboard puts the text back in one undo step, focus back in the editor', async () => {
    const { composer, chip } = await withPastedChip();
    const withChip = composer.value.text;
    await press('Alt+Enter');
    await waitFor(() => focusedIn(chip)?.matches('[part~="expand"]') === true, 'focus on Expand to text');
    expect(detailsOpen(chip)).to.equal(true);
    // Tab stays on the only control of the details.
    await press('Tab');
    expect(focusedIn(chip)?.matches('[part~="expand"]')).to.equal(true);
    await press('Enter');
    await waitFor(() => chips(composer).length === 0, 'the chip to give way to its text');
    expect(composer.value.text).to.equal(`Before ${PASTED} `);
    await waitFor(() => editorFocused(composer), 'focus back in the editor');
    await type('!');
    expect(composer.value.text).to.equal(`Before ${PASTED}! `);
    await press('Control+z');
    await press('Control+z');
    expect(composer.value.text).to.equal(withChip);
  });

  it('right after inserting a chip, the chip across the space it came with counts as beside the caret', async () => {
    const { composer, chip } = await withCitation();
    const after = caret(composer);
    expect(composer.value.text.slice(after - 1, after)).to.equal(' ');
    await press('Alt+Enter');
    await waitFor(() => focusedIn(chip)?.matches('[part~="edit-button"]') === true, 'focus on Edit comment');
    await press('Escape');
    await waitFor(() => editorFocused(composer), 'focus back in the editor');
    expect(caret(composer)).to.equal(after);

    const pasted = await composerFixture();
    await navigator.clipboard.writeText(PASTED);
    await clickEditor(pasted);
    await press('Control+v');
    await waitFor(() => chips(pasted).length === 1, 'the pasted-text chip');
    await press('Alt+Enter');
    await waitFor(() => focusedIn(chips(pasted)[0]!)?.matches('[part~="expand"]') === true, 'focus on Expand to text');
  });

  it('Edit comment by keyboard changes the comment in one undo step', async () => {
    const { composer, chip } = await withCitation();
    // The caret is after the chip's space: one step left puts it right after the chip.
    await press('ArrowLeft');
    await press('Alt+Enter');
    await waitFor(() => focusedIn(chip)?.matches('[part~="edit-button"]') === true, 'focus on Edit comment');
    await press('Enter');
    await waitFor(() => focusedIn(chip)?.localName === 'textarea', 'focus in the comment field');
    // Tab goes round the form and the button, never out of the chip.
    await press('Tab', 4);
    expect(focusedIn(chip)?.localName).to.equal('textarea');
    await type('Still true?');
    await press('Enter');
    await waitFor(() => composer.value.text.includes('comment='), 'the rewritten link');
    expect(composer.value.text).to.equal(`See ${formatCitationLink({ ...quote, comment: 'Still true?' })} `);
    await waitFor(() => editorFocused(composer), 'focus back in the editor');
    await press('Control+z');
    expect(composer.value.text).to.equal(`See ${formatCitationLink(quote)} `);
  });

  it('Escape closes the details and gives focus back with the caret unchanged', async () => {
    const { composer, chip } = await withCitation();
    await press('ArrowLeft');
    await press('ArrowLeft');
    // Right before the chip, with none right after the caret's other side.
    const before = caret(composer);
    expect(before).to.equal(4);
    await press('Alt+Enter');
    await waitFor(() => focusedIn(chip)?.matches('[part~="edit-button"]') === true, 'focus on Edit comment');
    await waitFor(() => detailsOpen(chip), 'the details');
    await press('Escape');
    await waitFor(() => editorFocused(composer), 'focus back in the editor');
    expect(detailsOpen(chip)).to.equal(false);
    expect(caret(composer)).to.equal(before);
    await type('x');
    expect(composer.value.text).to.equal(`See x${formatCitationLink(quote)} `);
  });

  it('Cancel in the comment form by keyboard gives focus back to Edit comment, still among the controls', async () => {
    const { composer, chip } = await withCitation();
    await press('ArrowLeft');
    await press('Alt+Enter');
    await waitFor(() => focusedIn(chip)?.matches('[part~="edit-button"]') === true, 'focus on Edit comment');
    await press('Enter');
    await waitFor(() => focusedIn(chip)?.localName === 'textarea', 'focus in the comment field');
    await press('Tab');
    expect(focusedIn(chip)?.textContent).to.equal('Cancel');
    await press('Enter');
    await waitFor(() => !part(chip, 'comment-editor'), 'the form to close');
    await waitFor(() => focusedIn(chip)?.matches('[part~="edit-button"]') === true, 'focus back on Edit comment');
    expect(detailsOpen(chip)).to.equal(true);
    await press('Tab');
    expect(focusedIn(chip)?.matches('[part~="edit-button"]')).to.equal(true);
    await press('Escape');
    await waitFor(() => editorFocused(composer), 'focus back in the editor');
    expect(composer.value.text).to.equal(`See ${formatCitationLink(quote)} `);
  });

  it('opens the details of a chip without controls, focus staying in the editor, until the caret moves', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('look');
    composer.insertContext(terminal, { label: 'T1' });
    await composer.updateComplete;
    const [chip] = chips(composer);
    await press('ArrowLeft');
    const before = caret(composer);
    await press('Alt+Enter');
    await waitFor(() => detailsOpen(chip!), 'the details');
    expect(editorFocused(composer)).to.equal(true);
    expect(focusedIn(chip!)).to.equal(null);
    expect(caret(composer)).to.equal(before);
    await press('ArrowLeft');
    await waitFor(() => !detailsOpen(chip!), 'the details to close as the caret moves');
    await press('ArrowRight');
    await press('Alt+Enter');
    await waitFor(() => detailsOpen(chip!), 'the details again');
    await press('Escape');
    await waitFor(() => !detailsOpen(chip!), 'the details to close on Escape');
    expect(caret(composer)).to.equal(before);
  });

  it('Escape closes such details before it stops a busy host', async () => {
    const composer = await composerFixture();
    const stops: Event[] = [];
    composer.addEventListener('t3-stop', (event) => stops.push(event));
    await clickEditor(composer);
    await type('look');
    composer.insertContext(terminal, { label: 'T1' });
    composer.busy = true;
    await composer.updateComplete;
    const [chip] = chips(composer);
    await press('ArrowLeft');
    await press('Alt+Enter');
    await waitFor(() => detailsOpen(chip!), 'the details');
    await press('Escape');
    await waitFor(() => !detailsOpen(chip!), 'the details to close on Escape');
    expect(stops, 'the first Escape only closes the details').to.have.length(0);
    await press('Escape');
    expect(stops, 'the next one stops the host').to.have.length(1);
  });

  it('does not fire during an IME composition', async () => {
    const { composer, chip } = await withCitation();
    await press('ArrowLeft');
    await imeCompose('か');
    await press('Alt+Enter');
    expect(focusedIn(chip)).to.equal(null);
    expect(detailsOpen(chip)).to.equal(false);
    await imeCommit('か');
    expect(composer.value.text).to.equal(`See ${formatCitationLink(quote)}か `);
    expect(editorFocused(composer)).to.equal(true);
  });

  it('leaves the key to the editor without a chip beside the caret', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('ab');
    await press('Alt+Enter');
    await type('c');
    // Nothing opened and nothing taken: Chromium gives Alt+Enter no default in an editable, so the
    // text is as if the key had not been pressed, and focus stays in the editor.
    expect(editorFocused(composer)).to.equal(true);
    expect(composer.value.text).to.equal('abc');

    const { composer: withChip } = await withCitation();
    await press('ArrowLeft');
    await press('ArrowLeft');
    await press('ArrowLeft');
    await press('Alt+Enter');
    expect(editorFocused(withChip)).to.equal(true);
    expect(chips(withChip).some(detailsOpen)).to.equal(false);
  });

  it('is axe-clean with the details opened by keyboard', async () => {
    const { composer, chip } = await withPastedChip();
    await press('Alt+Enter');
    await waitFor(() => focusedIn(chip)?.matches('[part~="expand"]') === true, 'focus on Expand to text');
    expect(part(chip, 'details')).to.not.equal(null);
    await expectNoAxeViolations(composer, 'pasted-text details open by keyboard');
    await press('Escape');
    const { composer: cited, chip: citation } = await withCitation();
    await press('ArrowLeft');
    await press('Alt+Enter');
    await waitFor(() => focusedIn(citation)?.matches('[part~="edit-button"]') === true, 'focus on Edit comment');
    await press('Enter');
    await waitFor(() => focusedIn(citation)?.localName === 'textarea', 'the comment form');
    await expectNoAxeViolations(cited, 'citation details and comment form open by keyboard');
  });
});
