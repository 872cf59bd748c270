import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import {
  dataset,
  element,
  file,
  image,
  mention,
  previewAnnotation,
  reviewComment,
  skill,
  terminal,
} from '../../support/records.js';
import { part } from './support/interaction.js';
import { UNRESOLVED_TOOLTIP, chipFor, openDetailsByHover } from './context-chip-fixtures.js';

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
});
