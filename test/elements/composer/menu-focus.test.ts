import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { terminal } from '../../../support/records.js';
import type { MentionProvider } from '../../../src/elements/composer/menu/providers.js';
import { centre, clickEditor, composerFixture, type, waitFor } from './support.js';

const files: MentionProvider = {
  id: 'files',
  label: 'Files',
  search: (query) =>
    'readme.md'.includes(query.toLowerCase())
      ? [{ id: 'readme', label: 'README.md', tag: { kind: 'dataset', label: 'README.md', value: 'README.md' } }]
      : [],
};

const menu = (composer: HTMLElement) => composer.shadowRoot!.querySelector('[part~="menu"]');

describe('<t3-composer> menu after a host control', () => {
  it('opens on @ after a host button inserted a chip and gave focus back in one click', async () => {
    const button = await fixture<HTMLButtonElement>(html`<button>Insert terminal</button>`);
    const composer = await composerFixture();
    composer.providers = [files];
    button.addEventListener('click', () => {
      if (composer.insertContext(terminal).ok) composer.focus();
    });
    await clickEditor(composer);
    await type('See ');
    await sendMouse({ type: 'click', position: centre(button) });
    await type('@read');
    await waitFor(() => menu(composer) !== null, 'the @ menu');
    await waitFor(() => /README\.md/.test(menu(composer)?.textContent ?? ''), 'the option');
  });

  it('stays closed while focus is in the host control, and opens once the person types in the editor', async () => {
    const button = await fixture<HTMLButtonElement>(html`<button>Insert terminal</button>`);
    const composer = await composerFixture();
    composer.providers = [files];
    button.addEventListener('click', () => composer.insertText('@read'));
    await clickEditor(composer);
    await sendMouse({ type: 'click', position: centre(button) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(menu(composer), 'no menu while the editor has no focus').to.be.null;
    await clickEditor(composer);
    await type('m');
    await waitFor(() => menu(composer) !== null, 'the @ menu');
  });
});
