import { expect } from '@open-wc/testing';
import { legacyUpgradeChunk } from '../../../src/elements/shared/on-demand.js';
import { link } from '../../../support/records.js';
import { chips, clickEditor, composerFixture, press } from './support.js';

// The first test runs before anything in this page has loaded the legacy upgrade.
describe('<t3-composer> recalling messages a legacy client wrote', () => {
  it('upgrades the legacy entries a trimmed history keeps, in their places', async () => {
    const legacyText = 'See \uFFFC\n\n<terminal_context>\n- Terminal 2 line 1:\n  1 | $ pwd\n</terminal_context>';
    expect(legacyUpgradeChunk.loaded, 'the upgrade loads on demand: nothing asked for it yet').to.equal(undefined);
    const composer = await composerFixture();
    composer.historySize = 2;
    await composer.updateComplete;
    composer.history = [{ text: 'dropped' }, { text: legacyText }, { text: 'kept' }];
    await legacyUpgradeChunk.load();
    await clickEditor(composer);
    await press('ArrowUp');
    expect(composer.value.text).to.equal('kept');
    await press('ArrowUp');
    expect(chips(composer).map((chip) => chip.kind)).to.deep.equal(['terminal']);
    await press('ArrowUp');
    expect(composer.value.text).to.equal(`See ${link(chips(composer)[0]!.record!)}`);
  });

  it('recalls a message a legacy client wrote (text with a legacy block, no context) with its chips', async () => {
    const legacyText = 'Run \uFFFC\n\n<terminal_context>\n- Terminal 1 line 2:\n  2 | $ ls\n</terminal_context>';
    const composer = await composerFixture();
    composer.history = [{ text: 'plain' }, { text: legacyText }];
    await legacyUpgradeChunk.load();
    await clickEditor(composer);
    await press('ArrowUp');
    const [chip] = chips(composer);
    expect(chip?.kind).to.equal('terminal');
    expect(composer.value.text).to.equal(`Run ${link(chip!.record!)}`);
    expect(composer.value.records).to.have.length(1);
    await press('ArrowUp');
    expect(composer.value).to.deep.equal({ text: 'plain', records: [] });
  });
});
