import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import {
  dataset,
  element,
  file,
  image,
  mention,
  previewAnnotation,
  pullRequestComment,
  reviewComment,
  skill,
  terminal,
} from '../../support/records.js';
import { part, waitFor } from './support/interaction.js';
import { chipFor, openDetailsByHover, tabInto } from './context-chip-fixtures.js';

describe('<t3-context-chip>', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  describe('details', () => {
    it('opens on hover and closes when the pointer leaves', async () => {
      const chip = await chipFor(terminal);
      const details = await openDetailsByHover(chip);
      await sendMouse({ type: 'move', position: [0, 0] });
      await waitFor(() => !details.matches(':popover-open'), 'the details to close');
    });

    it('opens on keyboard focus and closes on Escape', async () => {
      const chip = await chipFor(terminal);
      await tabInto(chip);
      await chip.updateComplete;
      const details = part(chip, 'details')!;
      await waitFor(() => details.matches(':popover-open'), 'the details to open');
      expect(chip.shadowRoot!.activeElement).to.equal(part(chip, 'base'));
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !details.matches(':popover-open'), 'the details to close');
    });

    it('closes hover details on Escape pressed anywhere', async () => {
      const chip = await chipFor(terminal);
      const details = await openDetailsByHover(chip);
      (document.activeElement as HTMLElement | null)?.blur();
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !details.matches(':popover-open'), 'the details to close');
    });

    it('opens above a chip at the bottom of the viewport', async () => {
      const chip = await chipFor(terminal);
      chip.style.position = 'fixed';
      chip.style.bottom = '4px';
      chip.style.left = '20px';
      const details = await openDetailsByHover(chip);
      const chipTop = part(chip, 'base')!.getBoundingClientRect().top;
      expect(details.getBoundingClientRect().bottom).to.be.at.most(chipTop);
    });

    it('terminal: label, line range and numbered excerpt', async () => {
      const details = await openDetailsByHover(await chipFor(terminal));
      expect(details.textContent).to.contain('Terminal 1');
      expect(details.textContent).to.contain('lines 3–4');
      const lines = [...details.querySelectorAll('.line')].map((line) => line.textContent);
      expect(lines).to.deep.equal(['3npm test', '41 failing']);
    });

    it('element: component, selector, page, source and code', async () => {
      const details = await openDetailsByHover(await chipFor(element));
      const text = details.textContent!;
      for (const expected of [
        'PayButton',
        '#pay',
        'Checkout',
        'http://localhost:3000/checkout',
        'src/Pay.tsx:12:4',
        '<button id="pay">Pay</button>',
        'color: red;',
      ]) {
        expect(text).to.contain(expected);
      }
      expect(details.querySelector('button')).to.be.null;
    });

    it('preview annotation: page, comment, targets, changes, screenshot chip and elements', async () => {
      const chip = await chipFor(previewAnnotation, { relatedRecords: [image, previewAnnotation] });
      const details = await openDetailsByHover(chip);
      const text = details.textContent!;
      for (const expected of [
        'Checkout',
        'Make the pay button bigger',
        '1 selected element',
        'font-size: 12px → 20px',
        '#pay',
      ]) {
        expect(text).to.contain(expected);
      }
      const screenshot = details.querySelector('t3-context-chip') as T3ContextChip;
      expect(screenshot.contextId).to.equal('img_1');
      expect(screenshot.tabIndex, 'a chip inside a tooltip is no tab stop').to.equal(-1);
    });

    it('terminal: shows every line of the excerpt, numbered from its first line', async () => {
      const long = { ...terminal, contextId: 'term_long', lineStart: 9, lineEnd: 9, text: 'one\ntwo\nthree' };
      const details = await openDetailsByHover(await chipFor(long));
      const lines = [...details.querySelectorAll('.line')].map((line) => line.textContent);
      expect(lines).to.deep.equal(['9one', '10two', '11three']);
    });

    it('review comment: file, range, section, comment and the diff in its language', async () => {
      const details = await openDetailsByHover(await chipFor(reviewComment));
      const text = details.textContent!;
      for (const expected of ['src/a/b.ts', 'L4', '3–4', 'Changes', 'Why is this needed?', '+ const x = 1;']) {
        expect(text).to.contain(expected);
      }
      expect(details.querySelector('code[data-language="ts"]')).to.exist;
    });

    it('pull request: reads #number with a state tone and links to it', async () => {
      const chip = await chipFor(pullRequestComment);
      expect(part(chip, 'label')!.textContent).to.equal('#42');
      expect(part(chip, 'base')!.dataset.tone).to.equal('merged');
      const details = await openDetailsByHover(chip);
      expect(details.textContent).to.contain('Faster checkout');
      expect(details.textContent).to.contain('feature/checkout → main');
      const anchor = details.querySelector('a')!;
      expect(anchor.getAttribute('href')).to.equal('https://example.com/pull/42');
      expect(anchor.getAttribute('rel')).to.equal('noopener noreferrer');
      expect(anchor.tabIndex, 'a link inside a popover is no tab stop').to.equal(-1);
    });

    it('image and file: a tooltip with name, type and size', async () => {
      const details = await openDetailsByHover(await chipFor(file));
      expect(details.classList.contains('tooltip')).to.be.true;
      expect(details.textContent).to.contain('report.pdf');
      expect(details.textContent).to.contain('application/pdf');
      expect(details.textContent).to.contain('3.3 MB');
    });

    it('skill: a tooltip with its name; mention: no details', async () => {
      const details = await openDetailsByHover(await chipFor(skill));
      expect(details.textContent).to.contain('pinchtab');
      const mentionChip = await chipFor(mention);
      expect(part(mentionChip, 'details')).to.be.null;
      expect(part(mentionChip, 'base')!.getAttribute('title')).to.equal('@src/index.ts');
    });

    it("host kinds: the host's renderDetails, its string result shown as text", async () => {
      const chip = await chipFor(dataset, {
        presentations: { dataset: { renderDetails: () => '<b>rows</b>: 1,204' } },
      });
      const details = await openDetailsByHover(chip);
      expect(details.textContent!.trim()).to.equal('<b>rows</b>: 1,204');
      expect(details.querySelector('b')).to.be.null;
    });

    it('expanded view renders the details inline for inline-block presentations', async () => {
      const chip = await chipFor(dataset, {
        view: 'expanded',
        presentations: { dataset: { expanded: 'inline-block', renderDetails: (record) => `rows of ${record.label}` } },
      });
      expect(part(chip, 'expanded')!.textContent!.trim()).to.equal('rows of Dataset');
      const compact = await chipFor(terminal, { view: 'expanded' });
      expect(part(compact, 'expanded')).to.be.null;
    });

    it('a throwing host renderer falls back to the built-in details with one console error', async () => {
      const errors: unknown[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => errors.push(args);
      try {
        const chip = await chipFor(terminal, {
          presentations: {
            terminal: {
              renderDetails: () => {
                throw new Error('boom');
              },
            },
          },
        });
        const details = await openDetailsByHover(chip);
        expect(details.textContent).to.contain('npm test');
        expect(errors.length).to.be.greaterThan(0);
      } finally {
        console.error = original;
      }
    });

    it('ignores an invalid presentation entry with a warning instead of throwing', async () => {
      const warnings: unknown[] = [];
      const original = console.warn;
      console.warn = (...args: unknown[]) => warnings.push(args);
      try {
        const chip = await chipFor(terminal, { presentations: { terminal: { details: 'sideways' } } as never });
        const details = await openDetailsByHover(chip);
        expect(details.classList.contains('popover')).to.be.true;
        expect(warnings.length).to.equal(1);
      } finally {
        console.warn = original;
      }
    });
  });
});

describe('<t3-context-chip> keyboard focus and its details', () => {
  it('Tab moves on from a chip whose details hold scrollable code, never into the closing details', async () => {
    const longLines = {
      ...terminal,
      text: Array.from({ length: 40 }, (_, n) => `line ${n} ${'x'.repeat(200)}`).join('\n'),
    };
    const chip = await chipFor(longLines);
    const after = document.createElement('button');
    after.textContent = 'after';
    chip.after(after);
    await tabInto(chip);
    const details = part(chip, 'details')!;
    await waitFor(() => details.matches(':popover-open'), 'the details to open');
    await sendKeys({ press: 'Tab' });
    // Compared by identity: a failing chai `equal` on elements prints them at length.
    expect(document.activeElement === after, `focus went to <${document.activeElement?.localName}>`).to.be.true;
    await waitFor(() => !details.matches(':popover-open'), 'the details to close');
    after.remove();
  });
});
