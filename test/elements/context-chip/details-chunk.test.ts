import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../src/define-message.js';
import { DEFAULT_LOCALE } from '../../../src/elements/shared/locale.js';
import type { T3ContextChip } from '../../../src/elements/context-chip/context-chip.js';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { terminal } from '../../../support/records.js';
import { centre, part, waitFor } from '../support/interaction.js';
import { FRAME_ON_THE_PAGE, fetched, type FrameWindow, framePage } from '../user-message/chunk-support.js';
import { chips, clickEditor, press } from '../composer/support.js';

const DETAILS = /\/context-chip\/details-content\.(?:ts|js)\b/;

// First in this file: the page has not loaded the details before these run.
describe('<t3-context-chip>: the details load the first time a chip is looked into', () => {
  it('a chip never hovered or focused loads none of them; hovering one shows them with their styles', async () => {
    const chip = await fixture<T3ContextChip>(
      html`<t3-context-chip kind="terminal" context-id="term_1" label="T1" .record=${terminal}></t3-context-chip>`,
    );
    expect(part(chip, 'details')).to.equal(null);
    expect(fetched(DETAILS), 'before a look').to.equal(false);

    await sendMouse({ type: 'move', position: centre(part(chip, 'base')!) });
    // The card shows once it is placed: the placement's code comes on the first look too.
    const shown = (card: HTMLElement | null) =>
      card?.matches(':popover-open') && getComputedStyle(card).opacity === '1';
    await waitFor(() => shown(part(chip, 'details')) === true, 'the details to show');
    expect(fetched(DETAILS)).to.equal(true);
    const details = part(chip, 'details')!;
    expect(details.textContent).to.contain('npm test');
    // The excerpt's styles came with the details: a code block that keeps its lines.
    expect(getComputedStyle(details.querySelector('pre.code')!).whiteSpace).to.equal('pre');
    expect(part(chip, 'base')!.getAttribute('aria-describedby')).to.equal('details');
    // The card's placement and styles came with them: a card in the top layer, under the chip.
    expect(getComputedStyle(details).position).to.equal('fixed');
    expect(details.getBoundingClientRect().top).to.be.at.least(part(chip, 'base')!.getBoundingClientRect().bottom);
    await sendMouse({ type: 'move', position: [0, 0] });
  });
});

describe('<t3-context-chip>: details that cannot be loaded', () => {
  let frame: HTMLIFrameElement;
  let win: FrameWindow;

  beforeEach(async () => {
    ({ frame, win } = await framePage('./fixtures/unloadable-chunks.html', FRAME_ON_THE_PAGE));
  });
  afterEach(() => frame.remove());

  it('leave the chip as it is, with its label and no details; the console says so, and the next look tries again', async () => {
    const failures = () => win.consoleErrors.filter((error) => error.includes('chip details could not be loaded'));
    const chip = win.document.createElement('t3-context-chip');
    Object.assign(chip, { kind: 'terminal', contextId: 'term_1', label: 'T1', record: terminal });
    win.document.body.append(chip);
    await chip.updateComplete;

    chip.focus();
    await chip.updateComplete;
    expect(failures()).to.have.length(1);
    expect(fetched(/\/missing\/details-content\.js/, win)).to.equal(true);
    expect(part(chip, 'details')).to.equal(null);
    expect(part(chip, 'label')!.textContent).to.equal('T1');
    expect(chip.shadowRoot!.activeElement, 'focus stays on the chip').to.equal(part(chip, 'base'));

    await sendKeys({ press: 'Escape' });
    chip.blur();
    await chip.updateComplete;
    chip.focus();
    await waitFor(() => failures().length === 2, 'a second try on the next look');
    expect(part(chip, 'details')).to.equal(null);
  });

  it('leave an unresolved chip its status as its description, the card that would place it hidden', async () => {
    const chip = win.document.createElement('t3-context-chip');
    Object.assign(chip, { kind: 'terminal', contextId: 'term_gone', label: 'Gone' });
    win.document.body.append(chip);
    await chip.updateComplete;

    chip.focus();
    await chip.updateComplete;
    const details = part(chip, 'details')!;
    expect(details.textContent!.trim()).to.equal(DEFAULT_LOCALE.unresolved);
    expect(part(chip, 'base')!.getAttribute('aria-describedby')).to.equal('details');
    expect(details.matches(':popover-open'), 'no card without its placement').to.equal(false);
    expect(part(chip, 'label')!.textContent).to.equal('Gone');
  });
});

describe('<t3-context-chip>: details whose code is still on its way', () => {
  let frame: HTMLIFrameElement;
  let win: FrameWindow & { releaseDetails?: () => void };

  beforeEach(async () => {
    ({ frame, win } = await framePage('./fixtures/held-details.html', FRAME_ON_THE_PAGE));
  });
  afterEach(() => frame.remove());

  it('close on Escape pressed before it has come, and stay closed once it has', async () => {
    const composer = win.document.createElement('t3-composer') as T3Composer;
    composer.label = 'Message';
    win.document.body.append(composer);
    await composer.updateComplete;
    await clickEditor(composer);
    expect(composer.insertContext(terminal).ok).to.equal(true);
    await composer.updateComplete;
    const chip = chips(composer)[0]!;

    // The composer's key opens the chip's details while focus stays in the editor.
    await press('Alt+Enter');
    await waitFor(() => typeof win.releaseDetails === 'function', 'the details chunk to be asked for');
    await press('Escape');
    win.releaseDetails!();
    await chip.updateComplete;
    const details = part(chip, 'details')!;
    expect(details.textContent, 'the details came').to.contain('npm test');
    expect(details.matches(':popover-open'), 'no card for details closed meanwhile').to.equal(false);
  });
});
