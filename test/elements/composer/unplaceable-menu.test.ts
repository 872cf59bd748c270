import { expect } from '@open-wc/testing';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { mention } from '../../../support/records.js';
import { fetched } from '../support/fetched.js';
import { part } from '../support/interaction.js';
import { clickEditor, press, type, waitFor } from './support.js';

/** A page whose chunks loaded on demand cannot be loaded, the popups' placement among them. */
describe('<t3-composer>: a menu whose placement cannot be loaded', () => {
  let frame: HTMLIFrameElement;
  let win: Window & typeof globalThis & { consoleErrors: string[] };

  beforeEach(async () => {
    frame = document.createElement('iframe');
    frame.style.cssText = 'position: fixed; inset: 0; inline-size: 600px; block-size: 400px; border: 0';
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    frame.src = new URL('../user-message/fixtures/unloadable-chunks.html', import.meta.url).href;
    document.body.append(frame);
    await loaded;
    win = frame.contentWindow as typeof win;
    await waitFor(() => !!win.customElements.get('t3-composer') && !!win.consoleErrors, 'the frame', 5000);
  });
  afterEach(() => frame.remove());

  it('still shows, unplaced, and picks; the console says why', async () => {
    const composer = win.document.createElement('t3-composer') as T3Composer;
    composer.label = 'Message';
    composer.providers = [
      {
        id: 'files',
        label: 'Files',
        search: () => [{ id: 'readme', label: 'README.md', record: { ...mention, label: '@README.md' } }],
      },
    ];
    win.document.body.append(composer);
    await composer.updateComplete;

    await clickEditor(composer);
    await type('@rea');
    const menu = () => part(composer, 'menu');
    await waitFor(() => !!menu()?.querySelector('[role="option"]'), 'the menu');
    await waitFor(() => win.consoleErrors.some((error) => error.includes('placement of popups')), 'the failure');
    expect(fetched(/\/missing\/popup-position\.js/, win)).to.equal(true);
    expect(menu()!.matches(':popover-open')).to.equal(true);
    expect(win.getComputedStyle(menu()!).opacity).to.equal('1');

    await press('Enter');
    await waitFor(() => composer.value.records.length === 1, 'the pick');
    expect(composer.value.records[0]!.label).to.equal('@README.md');
  });
});
