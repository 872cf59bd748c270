import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { file, link, terminal } from '../../../support/records.js';
import { caret, chips, clickEditor, composerFixture, press } from './support.js';

const T = link(terminal, 'T1');

/** A composer holding `text`, the caret at its end. */
async function composerWith(text: string, records = [terminal, file]) {
  const composer = await composerFixture();
  composer.value = { text, records };
  await clickEditor(composer);
  await press('Control+End');
  return composer;
}

describe('<t3-composer> Backspace and Delete', () => {
  it('deletes one leading space per Backspace, as a text field does (no indentation units)', async () => {
    const composer = await composerWith('    ');
    await press('Backspace');
    expect(composer.value.text).to.equal('   ');
    await press('Backspace', 2);
    expect(composer.value.text).to.equal(' ');
  });

  it('deletes a whole emoji (variation selector, skin tone, joined family, flag) with one Backspace', async () => {
    const composer = await composerWith('a ☺️😀👍🏽👨‍👩‍👧🇫🇷');
    for (const left of ['a ☺️😀👍🏽👨‍👩‍👧', 'a ☺️😀👍🏽', 'a ☺️😀', 'a ☺️', 'a ']) {
      await press('Backspace');
      expect(composer.value.text).to.equal(left);
    }
  });

  it('takes a combining mark alone with Backspace, as text fields do', async () => {
    const composer = await composerWith('ae\u0301');
    await press('Backspace');
    expect(composer.value.text).to.equal('ae');
  });

  it('deletes the grapheme after the caret with Delete, and joins lines at a line end', async () => {
    const composer = await composerWith('ab\ncd');
    await press('Control+Home');
    await press('Delete');
    expect(composer.value.text).to.equal('b\ncd');
    await press('End');
    await press('Delete');
    expect(composer.value.text).to.equal('bcd');
    await press('Control+End');
    await press('Delete');
    expect(composer.value.text).to.equal('bcd');
  });

  it('joins a line to the one above with Backspace at its start, and does nothing at the start of the draft', async () => {
    const composer = await composerWith('ab\ncd');
    await press('Home');
    await press('Backspace');
    expect(composer.value.text).to.equal('abcd');
    expect(caret(composer)).to.equal(2);
    await press('Control+Home');
    await press('Backspace');
    expect(composer.value.text).to.equal('abcd');
  });

  it('removes a chip whole from either side, and a selection reaching into one takes it along', async () => {
    const composer = await composerWith(`a ${T} b ${link(file)}`);
    await press('Control+Home');
    await press('ArrowRight', 2);
    await press('Delete');
    expect(composer.value.text).to.equal(`a  b ${link(file)}`);
    await press('Control+End');
    await press('Backspace');
    expect(composer.value.text).to.equal('a  b ');
    expect(chips(composer)).to.have.length(0);
    await press('Control+z');
    await press('Control+z');
    expect(composer.value.text).to.equal(`a ${T} b ${link(file)}`);
    await press('Control+Home');
    await press('ArrowRight');
    await sendKeys({ down: 'Shift' });
    await press('ArrowRight', 2);
    await sendKeys({ up: 'Shift' });
    await press('Backspace');
    expect(composer.value.text).to.equal(`a b ${link(file)}`);
  });
});
