import { expect } from '@open-wc/testing';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { mention } from '../../../support/records.js';
import { FRAME_ON_THE_PAGE, fetched, type FrameWindow, framePage } from '../user-message/chunk-support.js';
import { part } from '../support/interaction.js';
import { clickEditor, press, type, waitFor } from './support.js';

/** A page whose chunks loaded on demand cannot be loaded, the popups' placement among them. */
describe('<t3-composer>: a menu whose placement cannot be loaded', () => {
  let frame: HTMLIFrameElement;
  let win: FrameWindow;

  beforeEach(async () => {
    ({ frame, win } = await framePage('./fixtures/unloadable-chunks.html', FRAME_ON_THE_PAGE));
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
