import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import { file, image, terminal, thread } from '../../support/records.js';
import { part } from './support/interaction.js';
import { chipFor, click, openDetailsByHover } from './context-chip-fixtures.js';

describe('<t3-context-chip>', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  describe('activation and removal', () => {
    it('fires t3-chip-activate on click, Enter and Space', async () => {
      const chip = await chipFor(image);
      let activated = oneEvent(chip, 't3-chip-activate');
      await click(part(chip, 'base')!);
      const event = await activated;
      expect(event.detail).to.deep.include({
        kind: 'image',
        contextId: 'img_1',
        label: 'shot.png',
        placement: 'message',
      });
      expect(event.detail.record).to.equal(image);
      expect(event.bubbles && event.composed).to.be.true;

      for (const key of ['Enter', ' ']) {
        activated = oneEvent(chip, 't3-chip-activate');
        await sendKeys({ press: key === ' ' ? 'Space' : key });
        expect((await activated).detail.contextId).to.equal('img_1');
      }
    });

    it("a thread chip reads as the thread's title, follows a live title, and fires t3-chip-activate with its record", async () => {
      const chip = await chipFor(thread);
      const base = part(chip, 'base')!;
      expect(part(chip, 'label')!.textContent).to.equal('Fix the checkout button');
      expect(base.getAttribute('aria-label')).to.equal('Fix the checkout button');
      expect(chip.hasAttribute('unresolved')).to.be.false;

      const activated = oneEvent(chip, 't3-chip-activate');
      await click(base);
      const { detail } = await activated;
      expect(detail).to.deep.include({
        kind: 'thread',
        contextId: 'thread_1',
        label: 'Fix the checkout button',
        placement: 'message',
      });
      expect(detail.record).to.equal(thread);

      // A host hands the chip the thread as it is now; a blank title falls back to the link's label.
      chip.record = { ...thread, title: 'Checkout, take two' };
      await chip.updateComplete;
      expect(part(chip, 'label')!.textContent).to.equal('Checkout, take two');
      chip.record = { ...thread, title: '  ' };
      await chip.updateComplete;
      expect(part(chip, 'label')!.textContent).to.equal('Earlier thread');
    });

    it('is a focusable button in messages and no tab stop in the composer', async () => {
      const inMessage = await chipFor(file);
      expect(part(inMessage, 'base')!.getAttribute('role')).to.equal('button');
      expect(part(inMessage, 'base')!.tabIndex).to.equal(0);
      const inComposer = await chipFor(file, { placement: 'composer' });
      expect(part(inComposer, 'base')!.hasAttribute('tabindex')).to.be.false;
    });

    it('takes its focus target out of the tab order through focusTabIndex, and focus() still reaches it', async () => {
      const chip = await chipFor(file);
      chip.focusTabIndex = -1;
      await chip.updateComplete;
      const base = part(chip, 'base')!;
      expect(base.tabIndex).to.equal(-1);
      chip.focus();
      expect(chip.shadowRoot!.activeElement === base, 'the base is focused').to.be.true;
    });

    it('has a remove button named after the label that fires a cancelable t3-chip-remove', async () => {
      const chip = await chipFor(file, { removable: true });
      const remove = part(chip, 'remove-button')!;
      expect(remove.getAttribute('aria-label')).to.equal('Remove report.pdf');
      const removed = oneEvent(chip, 't3-chip-remove');
      await click(remove);
      const event = await removed;
      expect(event.detail).to.deep.equal({ kind: 'file', contextId: 'file_1' });
      expect(event.cancelable).to.be.true;
    });

    it('removes with Backspace or Delete on the remove button', async () => {
      const chip = await chipFor(file, { removable: true });
      for (const key of ['Backspace', 'Delete']) {
        part(chip, 'remove-button')!.focus();
        const removed = oneEvent(chip, 't3-chip-remove');
        await sendKeys({ press: key });
        expect((await removed).detail.contextId).to.equal('file_1');
      }
    });

    it('uses the locale for the remove button and the unresolved tooltip', async () => {
      const chip = await chipFor(undefined, {
        removable: true,
        locale: { remove: 'Entfernen: {label}', unresolved: 'Nicht mehr verfügbar' },
      });
      expect(part(chip, 'remove-button')!.getAttribute('aria-label')).to.equal('Entfernen: gone.ts');
      const details = await openDetailsByHover(chip);
      expect(details.textContent!.trim()).to.equal('Nicht mehr verfügbar');
    });
  });
});

describe('<t3-context-chip> in a line of text', () => {
  /** A zero-size inline box: its bottom edge sits on the baseline of the line it is in. */
  function baselineProbe(): HTMLElement {
    const probe = document.createElement('span');
    probe.style.cssText = 'display: inline-block; inline-size: 0; block-size: 0;';
    return probe;
  }

  it('sets its label on the baseline of the text around it', async () => {
    const line = await fixture<HTMLElement>(html`<div style="font: 16px sans-serif; line-height: 1.5">
      Please check <t3-context-chip kind="terminal" context-id="term_1" label="Terminal 1 lines 3-4" .record=${terminal}></t3-context-chip> and more
    </div>`);
    const chip = line.querySelector('t3-context-chip')!;
    await chip.updateComplete;
    const lineProbe = baselineProbe();
    line.insertBefore(lineProbe, chip);
    const labelProbe = baselineProbe();
    part(chip, 'label')!.append(labelProbe);
    const offset = labelProbe.getBoundingClientRect().bottom - lineProbe.getBoundingClientRect().bottom;
    expect(Math.abs(offset), `label baseline ${offset.toFixed(2)}px off the line's`).to.be.lessThan(0.75);
  });
});
