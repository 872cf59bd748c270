import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { type Citation, formatCitationLink } from '../../../src/core/index.js';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import type { T3ContextChip } from '../../../src/elements/context-chip/context-chip.js';
import { expectNoAxeViolations, LOOKS, resetLook, showLook } from '../support/axe.js';
import { nextClipboardWrite, part } from '../support/interaction.js';
import {
  caretPositionsAcrossLine,
  centre,
  chips,
  clickEditor,
  composerFixture,
  press,
  submissions,
  type,
  waitFor,
} from './support.js';

const quote: Citation = {
  version: 1,
  environmentId: 'env',
  threadId: 'thread-1',
  messageId: 'reply-1',
  text: 'Caching the   parsed\nconfig avoids reading the file on every request, which matters under load.',
  start: 10,
  end: 85,
  prefix: 'In short: ',
  suffix: ' Next,',
};

function labelOf(chip: T3ContextChip): string {
  return part(chip, 'label')!.textContent!;
}

async function withCitation(citation: Citation = quote): Promise<T3Composer> {
  const composer = await composerFixture();
  await clickEditor(composer);
  await type('See');
  expect(composer.insertCitation(citation)).to.deep.equal({ ok: true });
  await composer.updateComplete;
  return composer;
}

describe('<t3-composer> citations', () => {
  it('inserts a citation as one chip and one space, labelled by the quote, collapsed and cut at 64', async () => {
    const composer = await withCitation();
    expect(composer.value.text).to.equal(`See ${formatCitationLink(quote)} `);
    const [chip] = chips(composer);
    expect(chip!.kind).to.equal('citation');
    expect(labelOf(chip!)).to.equal('Caching the parsed config avoids reading the file on every reque…');
    await type('why?');
    expect(composer.value.text).to.equal(`See ${formatCitationLink(quote)} why?`);
  });

  it('never cuts the label inside a character made of two UTF-16 units', async () => {
    const composer = await withCitation({ ...quote, text: `${'a'.repeat(63)}🚀 and more after the cut` });
    expect(labelOf(chips(composer)[0]!)).to.equal(`${'a'.repeat(63)}…`);
  });

  it('announces the chip added and removed in the live region', async () => {
    const composer = await withCitation({ ...quote, comment: 'Why?' });
    const announcer = () => composer.shadowRoot!.querySelector('.announcer')!.textContent!.trim();
    await waitFor(() => announcer() === 'Why? added', 'the insertion announced');
    await press('Backspace', 2);
    await waitFor(() => announcer() === 'Why? removed', 'the removal announced');
  });

  it('previews a stashed draft with the citation as its label', async () => {
    const composer = await withCitation({ ...quote, comment: 'Why?' });
    await type('now');
    composer.stash();
    expect(composer.stashes[0]!.preview).to.equal('See Why? now');
  });

  it('shows the quote, the comment and the source in the details on hover', async () => {
    const composer = await withCitation({ ...quote, comment: 'Still true?' });
    const [chip] = chips(composer);
    await sendMouse({ type: 'move', position: centre(part(chip!, 'label')!) });
    await waitFor(() => !!part(chip!, 'details')?.matches(':popover-open'), 'the details open');
    const details = part(chip!, 'details')!.textContent!.replace(/\s+/g, ' ');
    expect(details).to.contain('Caching the parsed config avoids reading the file on every request');
    expect(details).to.contain('Still true?');
    expect(details).to.contain('env / thread-1 / reply-1');
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('labels a citation with a comment by its comment', async () => {
    const composer = await withCitation({ ...quote, comment: '  Is this\nstill true? ' });
    expect(labelOf(chips(composer)[0]!)).to.equal('Is this still true?');
  });

  it('refuses a citation that breaks the link rules, and changes nothing', async () => {
    const composer = await composerFixture();
    const result = composer.insertCitation({ ...quote, end: quote.start });
    expect(result.ok).to.be.false;
    expect(composer.value.text).to.equal('');
  });

  it('steps over the chip as one character and deletes it whole with Backspace', async () => {
    const composer = await withCitation();
    await press('ArrowLeft', 3);
    await type('X');
    expect(composer.value.text).to.equal(`SeeX ${formatCitationLink(quote)} `);
    await press('ArrowRight', 2);
    await press('Backspace');
    expect(composer.value.text).to.equal('SeeX  ');
    expect(chips(composer)).to.have.length(0);
  });

  it('submits the link in the text, as T3 Code sends it', async () => {
    const composer = await withCitation();
    const sent = submissions(composer);
    await press('Enter');
    expect(sent).to.have.length(1);
    expect(sent[0]!.text).to.equal(`See ${formatCitationLink(quote)}`);
    expect(sent[0]!.prompt).to.equal(`See ${formatCitationLink(quote)}`);
    expect(sent[0]!.context).to.equal(undefined);
  });

  it('edits the comment through the Edit comment control in one undo step', async () => {
    const composer = await withCitation();
    const [chip] = chips(composer);
    await sendMouse({ type: 'click', position: centre(part(chip!, 'edit-button')!) });
    await waitFor(() => !!part(chip!, 'comment-editor'), 'the comment form');
    const field = part(chip!, 'comment-editor')!.querySelector('textarea')!;
    await waitFor(() => chip!.shadowRoot!.activeElement === field, 'focus in the comment field');
    await type('Still true?');
    await press('Enter');
    await waitFor(() => composer.value.text.includes('comment='), 'the rewritten link');
    expect(composer.value.text).to.equal(`See ${formatCitationLink({ ...quote, comment: 'Still true?' })} `);
    await waitFor(() => labelOf(chips(composer)[0]!) === 'Still true?', 'the new label');
    await press('Control+z');
    expect(composer.value.text).to.equal(`See ${formatCitationLink(quote)} `);
  });

  it('copies and pastes a citation chip with real keys', async () => {
    const composer = await withCitation();
    await press('Control+a');
    const written = nextClipboardWrite('copy');
    await press('Control+c');
    expect((await written)['text/plain']).to.equal(`See ${formatCitationLink(quote)} `);
    await press('End');
    await press('Control+v');
    await waitFor(() => chips(composer).length === 2, 'the pasted citation chip');
    expect(chips(composer).every((chip) => chip.citation?.text === quote.text)).to.be.true;
  });

  it('removes the chip with its remove button', async () => {
    const composer = await withCitation();
    const [chip] = chips(composer);
    await sendMouse({ type: 'click', position: centre(part(chip!, 'remove-button')!) });
    await waitFor(() => chips(composer).length === 0, 'the chip removed');
    expect(composer.value.text).to.equal('See ');
  });
});

describe('a citation chip in a sent message', () => {
  it('keeps showing the saved quote in its details', async () => {
    const chip = await fixture<T3ContextChip>(
      html`<t3-context-chip kind="citation" .citation=${quote}></t3-context-chip>`,
    );
    part(chip, 'base')!.focus();
    await waitFor(() => !!part(chip, 'details'), 'the details');
    expect(part(chip, 'details')!.textContent).to.contain('config avoids reading the file');
    expect(part(chip, 'details')!.textContent).to.contain('env / thread-1 / reply-1');
  });
});

describe('<t3-composer> a long citation', () => {
  it('pastes a citation of 8,000 characters as a chip, not as a text file', async () => {
    const long = { ...quote, text: 'word '.repeat(1600).trim(), end: quote.start + 7999 };
    const composer = await composerFixture();
    composer.value = { text: formatCitationLink(long), records: [] };
    await clickEditor(composer);
    await press('Control+a');
    await press('Control+c');
    await press('End');
    await press('Control+v');
    await waitFor(() => chips(composer).length === 2, 'two citation chips');
    expect(chips(composer).every((chip) => chip.kind === 'citation')).to.be.true;
  });
});

describe('<t3-composer max-length> with a citation', () => {
  it('counts a citation chip as one character', async () => {
    const composer = await composerFixture(html`<t3-composer label="m" max-length="10"></t3-composer>`);
    await clickEditor(composer);
    composer.insertCitation(quote);
    await type('abcdefgh');
    // One chip, its space and eight letters: ten characters; the next is refused.
    expect(composer.value.text).to.equal(`${formatCitationLink(quote)} abcdefgh`);
    await type('z');
    expect(composer.value.text).to.equal(`${formatCitationLink(quote)} abcdefgh`);
  });
});

describe('<t3-composer> the Edit comment form', () => {
  async function openForm(composer: T3Composer): Promise<{ chip: T3ContextChip; field: HTMLTextAreaElement }> {
    const [chip] = chips(composer);
    await sendMouse({ type: 'click', position: centre(part(chip!, 'edit-button')!) });
    await waitFor(() => !!part(chip!, 'comment-editor'), 'the comment form');
    const field = part(chip!, 'comment-editor')!.querySelector('textarea')!;
    await waitFor(() => chip!.shadowRoot!.activeElement === field, 'focus in the comment field');
    return { chip: chip!, field };
  }

  it('is axe-clean while open, light and dark, desktop and phone', async () => {
    for (const look of LOOKS) {
      await showLook(look);
      const composer = await withCitation({ ...quote, comment: 'Why?' });
      await openForm(composer);
      await expectNoAxeViolations(composer, `comment form, ${look.scheme}, ${look.width}px`);
      fixtureCleanup();
    }
    await resetLook();
  });

  it('closes on Escape with the draft unchanged', async () => {
    const composer = await withCitation({ ...quote, comment: 'Why?' });
    const before = composer.value.text;
    const { chip } = await openForm(composer);
    await type(' not this');
    await press('Escape');
    await waitFor(() => !part(chip, 'comment-editor'), 'the form closed');
    expect(composer.value.text).to.equal(before);
  });

  it('edits the comment after more text was typed on the line of the chip', async () => {
    const composer = await withCitation();
    await type('why?');
    const { chip } = await openForm(composer);
    await type('Still true?');
    await press('Enter');
    await waitFor(() => !part(chip, 'comment-editor'), 'the form closed');
    await waitFor(() => composer.value.text.includes('comment='), 'the rewritten link');
    expect(composer.value.text).to.equal(`See ${formatCitationLink({ ...quote, comment: 'Still true?' })} why?`);
    await press('Control+z');
    expect(composer.value.text).to.equal(`See ${formatCitationLink(quote)} why?`);
  });

  it('keeps a comment over 8,000 characters in its open form, saying why, and the draft unchanged', async () => {
    const composer = await withCitation();
    const before = composer.value.text;
    const { chip, field } = await openForm(composer);
    await navigator.clipboard.writeText('y'.repeat(8001));
    await press('Control+v');
    await waitFor(() => field.value.length === 8001, 'the pasted comment');
    await press('Enter');
    expect(part(chip, 'comment-editor')).to.exist;
    expect(field.value).to.have.length(8001);
    expect(field.validationMessage).to.contain('8,000');
    expect(composer.value.text).to.equal(before);
  });

  it('removes the comment when it is cleared, back to the link without one', async () => {
    const composer = await withCitation({ ...quote, comment: 'Why?' });
    const { field } = await openForm(composer);
    field.select();
    await press('Backspace');
    await press('Enter');
    await waitFor(() => !composer.value.text.includes('comment='), 'the comment removed');
    expect(composer.value.text).to.equal(`See ${formatCitationLink(quote)} `);
  });
});

describe('<t3-composer> a citation chip in right-to-left text', () => {
  it('the arrow keys walk a Hebrew line with a citation chip in it, never inside its link', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('שלום עולם ');
    composer.insertCitation(quote);
    await type('מה קורה');
    const length = composer.value.text.length;
    const seen = await caretPositionsAcrossLine(composer);
    const chipStart = 'שלום עולם '.length;
    const chipEnd = chipStart + formatCitationLink(quote).length;
    expect([...seen].filter((position) => position > chipStart && position < chipEnd)).to.deep.equal([]);
    expect(seen.has(0) && seen.has(length)).to.be.true;
  });
});
