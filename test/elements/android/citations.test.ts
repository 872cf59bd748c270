import { expect } from '@open-wc/testing';
import { formatCitationLink } from '../../../src/core/index.js';
import { quotedLine as quote } from '../../../support/records.js';
import { chips, clickEditor, composerFixture, imeCommit, imeRecompose, press } from '../composer/support.js';

/*
 * The Android keyboard sees the draft's canonical text, a citation chip as its whole link: an edit
 * that reaches into the link must leave the chip whole, as for a context chip.
 */

const LINK = formatCitationLink(quote);

const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

describe('<t3-composer> citation chips with an Android keyboard', () => {
  it('never edits the inside of a citation link', async () => {
    const composer = await composerFixture();
    composer.value = { text: `see ${LINK} x`, records: [] };
    await clickEditor(composer);
    await press('End');
    const end = `see ${LINK}`.length;
    await imeRecompose('end=99)', end - 7, end);
    await imeCommit('end=99)');
    await settle();
    expect(composer.value.text).to.equal(`see ${LINK} x`);
    expect(chips(composer)).to.have.length(1);
  });

  it('removes the citation chip whole when a keyboard deletion reaches into it', async () => {
    const composer = await composerFixture();
    composer.value = { text: `see ${LINK} x`, records: [] };
    await clickEditor(composer);
    await press('End');
    const end = `see ${LINK}`.length;
    await imeRecompose(' x', end - 6, end + 2);
    await imeCommit(' x');
    await settle();
    expect(composer.value.text).to.equal('see  x');
    expect(chips(composer)).to.have.length(0);
  });
});
