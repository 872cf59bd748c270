import { expect } from '@open-wc/testing';
import { terminal } from '../../../support/records.js';
import { clickEditor, composerFixture, press, type, waitFor } from './support.js';

const T = `[${terminal.label}](t3-context://v1/terminal/${terminal.contextId})`;

describe('<t3-composer> undo steps around inserted chips', () => {
  it('keeps an inserted chip its own undo step even when typing follows at once (typing and deleting right after it are one step)', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('ab ');
    composer.insertContext(terminal);
    await type('cd');
    await press('Backspace');
    expect(composer.value.text).to.equal(`ab ${T} c`);
    await press('Control+z');
    expect(composer.value.text).to.equal(`ab ${T} `);
    await press('Control+z');
    expect(composer.value).to.deep.equal({ text: 'ab ', records: [] });
  });

  it('keeps a mention picked from the menu its own undo step', async () => {
    const composer = await composerFixture();
    composer.providers = [
      { id: 'files', label: 'Files', search: () => [{ id: 'readme', label: 'README.md', record: { ...terminal } }] },
    ];
    await clickEditor(composer);
    await type('ab @READ');
    await waitFor(() => composer.shadowRoot!.querySelector('[role="option"]') !== null, 'the menu option');
    await press('Enter');
    await type('cd');
    await press('Control+z');
    expect(composer.value.text).to.equal(`ab ${T} `);
    await press('Control+z');
    expect(composer.value.text).to.equal('ab @READ');
  });
});

describe('<t3-composer> redo while a menu is open', () => {
  for (const redo of ['Control+Shift+Z', 'Control+y']) {
    it(`redoes with ${redo} while the / menu is open`, async () => {
      const composer = await composerFixture();
      composer.commands = [{ name: 'review', description: 'Review the diff' }];
      await clickEditor(composer);
      await type('/');
      await waitFor(() => composer.shadowRoot!.querySelector('[role="option"]') !== null, 'the command menu');
      // Past CodeMirror's grouping delay, so the query is an undo step of its own.
      await new Promise((resolve) => setTimeout(resolve, 600));
      await type('re');
      await press('Control+z');
      expect(composer.value.text).to.equal('/');
      expect(composer.shadowRoot!.querySelector('[role="option"]')).to.exist;
      await press(redo);
      expect(composer.value.text).to.equal('/re');
    });
  }
});
