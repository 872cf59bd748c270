import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { centre, clickEditor, composerFixture, content, press, submissions, type, waitFor } from './support.js';
import { menu, options, files } from './hardening-fixtures.js';

describe('<t3-composer> menu robustness', () => {
  it('closes when the editor loses focus or the caret leaves the query, and reopens when the query changes after Escape', async () => {
    const outside = document.createElement('button');
    outside.textContent = 'outside';
    document.body.append(outside);
    const composer = await composerFixture();
    composer.providers = [files];
    await clickEditor(composer);
    await type('hi @src');
    await waitFor(() => menu(composer) !== null, 'the menu');
    await sendMouse({ type: 'click', position: centre(outside) });
    await waitFor(() => menu(composer) === null, 'the menu to close on blur');
    expect(content(composer).hasAttribute('aria-controls')).to.be.false;
    await clickEditor(composer);
    await waitFor(() => menu(composer) !== null, 'the menu again');
    await press('Home');
    await composer.updateComplete;
    expect(menu(composer) === null, 'the menu is closed').to.be.true;
    await press('End');
    await waitFor(() => menu(composer) !== null, 'the menu at the end');
    await press('Escape');
    await composer.updateComplete;
    expect(menu(composer) === null, 'the menu is closed').to.be.true;
    await type('/');
    await waitFor(() => menu(composer) !== null, 'the menu after the query changed');
    outside.remove();
  });

  it('never shows results that arrive after the menu closed', async () => {
    let answer!: () => void;
    const composer = await composerFixture();
    composer.providers = [
      {
        id: 'late',
        label: 'Late',
        // Ignores its abort signal on purpose.
        search: () => new Promise((resolve) => (answer = () => resolve([{ id: 'x', label: 'stale item' }]))),
      },
    ];
    await clickEditor(composer);
    await type('@st');
    await waitFor(() => typeof answer === 'function', 'the query');
    await press('Escape');
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await composer.updateComplete;
    expect(menu(composer) === null, 'the menu is closed').to.be.true;
    expect(composer.shadowRoot!.textContent).not.to.contain('stale item');
  });

  it('Enter while results are loading neither picks nor submits the half-typed mention', async () => {
    const composer = await composerFixture();
    let release!: () => void;
    composer.providers = [
      {
        id: 'slow',
        label: 'Slow',
        search: () => new Promise((resolve) => (release = () => resolve([{ id: 'a', label: 'alpha' }]))),
      },
    ];
    const sent = submissions(composer);
    await clickEditor(composer);
    await type('@al');
    await waitFor(() => typeof release === 'function', 'the query');
    await press('Enter');
    expect(sent).to.have.length(0);
    expect(composer.value.text).to.equal('@al');
    release();
    await waitFor(() => options(composer).length === 1, 'the results');
    await press('Enter');
    expect(composer.value.text).to.equal('@alpha ');
  });

  it('setting value while the menu is open closes it; Enter then submits the new value untouched', async () => {
    const composer = await composerFixture();
    composer.providers = [files];
    const sent = submissions(composer);
    await clickEditor(composer);
    await type('@src');
    await waitFor(() => options(composer).length === 1, 'the option');
    composer.value = { text: 'replaced draft', records: [] };
    await composer.updateComplete;
    expect(menu(composer) === null, 'the menu is closed').to.be.true;
    expect(content(composer).hasAttribute('aria-controls')).to.be.false;
    await press('Enter');
    expect(sent.map((detail) => detail.text)).to.deep.equal(['replaced draft']);
  });

  it('disabling while focused stops typing, closes the menu, and enabling again restores editing', async () => {
    const composer = await composerFixture();
    composer.providers = [files];
    await clickEditor(composer);
    await type('@src');
    await waitFor(() => menu(composer) !== null, 'the menu');
    composer.disabled = true;
    await composer.updateComplete;
    expect(menu(composer) === null, 'the menu is closed').to.be.true;
    await type('x');
    await press('Enter');
    expect(composer.value.text).to.equal('@src');
    composer.disabled = false;
    await composer.updateComplete;
    await clickEditor(composer);
    await press('End');
    await type(' ok');
    expect(composer.value.text).to.equal('@src ok');
  });

  it('subcommands: Escape dismisses, typing reopens, and removing the command token returns to commands', async () => {
    const composer = await composerFixture();
    composer.commands = [{ name: 'theme', subcommands: ['light', 'dark'] }, { name: 'help' }];
    await clickEditor(composer);
    await type('/th');
    await waitFor(() => options(composer).length === 1, 'the command');
    await press('Enter');
    await waitFor(() => options(composer).length === 2, 'the subcommands');
    await press('Escape');
    await composer.updateComplete;
    expect(menu(composer) === null, 'the menu is closed').to.be.true;
    await type('d');
    await waitFor(() => options(composer).join() === 'dark', 'the filtered subcommand');
    // The picked command is a token: Backspace after it removes it whole, and `/` starts over.
    await press('Backspace', 2);
    expect(composer.value.text).to.equal('');
    await type('/th');
    await waitFor(() => options(composer).join() === '/theme', 'the command menu again');
  });
});
