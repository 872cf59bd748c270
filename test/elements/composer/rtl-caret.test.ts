import { expect } from '@open-wc/testing';
import { terminal } from '../../../support/records.js';
import { caretPositionsAcrossLine, clickEditor, composerFixture, type } from './support.js';

describe('<t3-composer> right-to-left text with chips', () => {
  it('the arrow keys walk a Hebrew line with a chip in it from end to start', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('שלום עולם ');
    composer.insertContext(terminal);
    await type('מה קורה');
    const length = composer.value.text.length;
    const seen = await caretPositionsAcrossLine(composer);
    const chipStart = 'שלום עולם '.length;
    const chipEnd = length - ' מה קורה'.length;
    expect(
      [...seen].filter((position) => position > chipStart && position < chipEnd),
      'positions inside the chip',
    ).to.deep.equal([]);
    expect(seen.has(0), 'the caret reached the start').to.be.true;
    expect(seen.has(length), 'the caret reached the end').to.be.true;
  });
});
