import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import type { ContextRecord } from '../../src/core/index.js';
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
  thread,
} from '../../support/records.js';
import { centre, part, waitFor } from './support/interaction.js';

const UNRESOLVED_TOOLTIP = 'This context is no longer available. Remove it or attach it again.';

async function chipFor(record: ContextRecord | undefined, extra: Partial<T3ContextChip> = {}) {
  const chip = await fixture<T3ContextChip>(
    html`<t3-context-chip
      kind=${record?.kind ?? 'file'}
      context-id=${record?.contextId ?? 'gone'}
      label=${record?.label ?? 'gone.ts'}
      .record=${record}
    ></t3-context-chip>`,
  );
  Object.assign(chip, extra);
  await chip.updateComplete;
  return chip;
}

async function hover(target: Element) {
  await sendMouse({ type: 'move', position: centre(target) });
}

async function click(target: Element) {
  await sendMouse({ type: 'click', position: centre(target) });
}

async function openDetailsByHover(chip: T3ContextChip): Promise<HTMLElement> {
  await hover(part(chip, 'base')!);
  await chip.updateComplete;
  const details = part(chip, 'details')!;
  await waitFor(() => details.matches(':popover-open'), 'the details to open');
  return details;
}

/** Focus from the keyboard: Tab from a button placed before the chip. */
async function tabInto(chip: T3ContextChip) {
  const before = document.createElement('button');
  before.textContent = 'before';
  chip.before(before);
  before.focus();
  await sendKeys({ press: 'Tab' });
}

describe('<t3-context-chip>', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('shows the kind icon and the label, with the full label as its accessible name', async () => {
    const chip = await chipFor(terminal, { label: 'Terminal 1 lines 3-4' });
    expect(part(chip, 'label')!.textContent).to.equal('Terminal 1 lines 3-4');
    expect(part(chip, 'icon')!.querySelector('svg')).to.exist;
    expect(part(chip, 'base')!.getAttribute('aria-label')).to.equal('Terminal 1 lines 3-4');
    expect(part(chip, 'base')!.getAttribute('spellcheck')).to.equal('false');
    expect(chip.hasAttribute('unresolved')).to.be.false;
    expect(chip.getAttribute('kind')).to.equal('terminal');
  });

  it('truncates a long label with an ellipsis but keeps the whole label in the accessible name', async () => {
    const long = 'a-very-long-label-'.repeat(10);
    const chip = await chipFor(file, { label: long });
    const label = part(chip, 'label')!;
    expect(getComputedStyle(label).textOverflow).to.equal('ellipsis');
    expect(label.scrollWidth).to.be.greaterThan(label.clientWidth);
    expect(part(chip, 'base')!.getAttribute('aria-label')).to.equal(long);
  });

  it('shows a host kind with its value beside the label', async () => {
    const chip = await chipFor(dataset);
    expect(part(chip, 'label')!.textContent).to.equal('Dataset');
    expect(part(chip, 'value')!.textContent).to.equal('users');
    expect(part(chip, 'base')!.getAttribute('aria-label')).to.equal('Dataset users');
    expect(chip.hasAttribute('unresolved')).to.be.false;
  });

  it('shows its own face again after a host face, even an empty one, is no longer used', async () => {
    const chip = await chipFor(dataset);
    expect(part(chip, 'label')!.textContent).to.equal('Dataset');
    chip.presentations = { dataset: { renderCompact: () => '' } };
    await chip.updateComplete;
    expect(part(chip, 'label')).to.equal(null);
    chip.presentations = undefined;
    await chip.updateComplete;
    expect(part(chip, 'label')!.textContent).to.equal('Dataset');
    expect(part(chip, 'icon')!.querySelector('svg')).to.not.equal(null);
  });

  it('builds a resolved chip from an annotation reference alone', async () => {
    const chip = await fixture<T3ContextChip>(
      html`<t3-context-chip .reference=${{ id: 'file:@README.md', kind: 'file', value: 'README.md', serialized: '@README.md' }}></t3-context-chip>`,
    );
    expect(part(chip, 'label')!.textContent).to.equal('README.md');
    expect(chip.hasAttribute('unresolved')).to.be.false;
    const withLabel = await fixture<T3ContextChip>(
      html`<t3-context-chip .reference=${{ id: 'ds', kind: 'dataset', label: 'Dataset', value: 'users' }}></t3-context-chip>`,
    );
    expect(part(withLabel, 'label')!.textContent).to.equal('Dataset');
    expect(part(withLabel, 'value')!.textContent).to.equal('users');
  });

  describe('icons', () => {
    it('uses a built-in icon for each known kind and a generic one otherwise', async () => {
      const drawings = new Set<string>();
      for (const record of [image, file, terminal, element, previewAnnotation, reviewComment, mention, skill]) {
        const chip = await chipFor(record);
        drawings.add(part(chip, 'icon')!.querySelector('svg')!.innerHTML);
      }
      expect(drawings.size).to.equal(8);
      const generic = await chipFor(dataset);
      expect(drawings.has(part(generic, 'icon')!.querySelector('svg')!.innerHTML)).to.be.false;
    });

    it('prefers the host icon map, by own property only', async () => {
      const chip = await chipFor(file, { icons: { file: 'https://cdn.example.com/file.svg' } });
      expect(part(chip, 'icon')!.querySelector('img')!.getAttribute('src')).to.equal(
        'https://cdn.example.com/file.svg',
      );
      const inherited = await chipFor(dataset, { icons: Object.create({ dataset: 'https://cdn.example.com/x.svg' }) });
      expect(part(inherited, 'icon')!.querySelector('img')).to.be.null;
    });

    for (const unsafe of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      it(`never uses the icon URL ${JSON.stringify(unsafe)}`, async () => {
        const chip = await chipFor(file, { icons: { file: unsafe } });
        expect(part(chip, 'icon')!.querySelector('img')).to.be.null;
        expect(part(chip, 'icon')!.querySelector('svg')).to.exist;
      });
    }

    it('accepts relative, blob: and data:image/ icon URLs', async () => {
      for (const url of ['/icons/file.svg', 'icons/file.png', 'data:image/png;base64,iVBORw0KGgo=']) {
        const chip = await chipFor(file, { icons: { file: url } });
        expect(part(chip, 'icon')!.querySelector('img')!.getAttribute('src')).to.equal(url);
      }
    });
  });

  describe('unresolved and pending', () => {
    it('shows a missing record as a muted, unresolved chip that keeps its label', async () => {
      const chip = await chipFor(undefined);
      expect(chip.hasAttribute('unresolved')).to.be.true;
      expect(part(chip, 'label')!.textContent).to.equal('gone.ts');
      const details = await openDetailsByHover(chip);
      expect(details.textContent!.trim()).to.equal(UNRESOLVED_TOOLTIP);
      expect(getComputedStyle(part(chip, 'base')!).borderStyle).to.equal('dashed');
    });

    it('is unresolved when the presentation rejects the record through canRender', async () => {
      const chip = await chipFor(terminal, { presentations: { terminal: { canRender: () => false } } });
      expect(chip.hasAttribute('unresolved')).to.be.true;
    });

    it('is pending, not unresolved, while its bytes are being fetched', async () => {
      const chip = await chipFor(image, { pending: true });
      expect(chip.hasAttribute('pending')).to.be.true;
      expect(chip.hasAttribute('unresolved')).to.be.false;
      const details = await openDetailsByHover(chip);
      expect(details.textContent!.trim()).to.equal('Loading…');
    });

    it('says a binary from another environment is not available here', async () => {
      const chip = await chipFor(image, { notInEnvironment: true });
      expect(chip.hasAttribute('unresolved')).to.be.true;
      const details = await openDetailsByHover(chip);
      expect(details.textContent!.trim()).to.equal('Not available in this environment');
    });
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

  it('renders the same whether its properties are set before or after attach', async () => {
    const early = document.createElement('t3-context-chip');
    Object.assign(early, { kind: 'terminal', contextId: 'term_1', label: 'T1', record: terminal });
    document.body.append(early);
    const late = document.createElement('t3-context-chip');
    document.body.append(late);
    await late.updateComplete;
    Object.assign(late, { kind: 'terminal', contextId: 'term_1', label: 'T1', record: terminal });
    await Promise.all([early.updateComplete, late.updateComplete]);
    const markup = (chip: T3ContextChip) => chip.shadowRoot!.innerHTML.replace(/<!--[^>]*-->/g, '');
    expect(markup(late)).to.equal(markup(early));
    expect(late.getAttribute('kind')).to.equal('terminal');
    early.remove();
    late.remove();
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
