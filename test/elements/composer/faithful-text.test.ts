import { expect } from '@open-wc/testing';
import type { T3Composer } from '../../../src/composer.js';
import { collectContextReferences } from '../../../src/core/index.js';
import {
  chips,
  clickEditor,
  composerFixture,
  imeCommit,
  imeCompose,
  press,
  submissions,
  type,
  waitFor,
} from './support.js';

/**
 * What the user sees is what is sent: text that matches the `t3-context` link grammar, however it
 * arrives, shows as a chip at once, and the chips shown are exactly the references the sent text
 * holds, one for one and in order.
 */

const LINKS = 'See [@notes.md](t3-context://v1/mention/m_notes) and [review](t3-context://v1/skill/s_review) now';

/**
 * Sends the draft (with Enter, or `submit()` where a key would test something else) and checks
 * that the chips shown before sending are the references of `detail.text`.
 */
async function expectChipsMatchSent(composer: T3Composer, expectedIds: string[], send = () => press('Enter')) {
  await waitFor(() => chips(composer).length === expectedIds.length, `${expectedIds.length} chips`);
  const shown = chips(composer).map((chip) => chip.getAttribute('context-id') ?? chip.contextId);
  const sent = submissions(composer);
  await send();
  await waitFor(() => sent.length === 1, 'the submission');
  const references = collectContextReferences(sent[0]!.text).map((reference) => reference.contextId);
  expect(references).to.deep.equal(expectedIds);
  expect(shown).to.deep.equal(expectedIds);
}

describe('<t3-composer> shows as chips exactly the references it sends', () => {
  it('typed link syntax', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type(LINKS);
    await expectChipsMatchSent(composer, ['m_notes', 's_review']);
  });

  it('pasted plain text with link syntax', async () => {
    const composer = await composerFixture();
    await navigator.clipboard.writeText(LINKS);
    await clickEditor(composer);
    await press('Control+v');
    await expectChipsMatchSent(composer, ['m_notes', 's_review']);
  });

  it('link syntax committed through an IME', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await imeCompose('[@notes.md](t3-context://v1/mention/m_notes');
    await imeCommit('[@notes.md](t3-context://v1/mention/m_notes)');
    await type(' done');
    await waitFor(() => composer.value.text.endsWith(' done'), 'the text typed after the composition');
    // Sent with submit(): Enter right after a composition the DevTools protocol committed is at
    // times taken as the composition's own key, which the Android group tests on its own.
    await expectChipsMatchSent(composer, ['m_notes'], async () => void composer.submit());
  });

  it('insertText from the host', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    composer.insertText(LINKS);
    await expectChipsMatchSent(composer, ['m_notes', 's_review']);
  });

  it('a link completed by its last typed character becomes a chip at that keypress', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('[review](t3-context://v1/skill/s_review');
    expect(chips(composer)).to.have.length(0);
    await type(')');
    await waitFor(() => chips(composer).length === 1, 'the chip');
    expect(composer.value.text).to.equal('[review](t3-context://v1/skill/s_review)');
  });
});
