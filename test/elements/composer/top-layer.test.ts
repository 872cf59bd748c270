import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import type { MentionProvider } from '../../../src/elements/composer/menu/providers.js';
import { file, link, mention, terminal } from '../../../support/records.js';
import { part } from '../support/interaction.js';
import { chips, clickEditor, pngFile, thumbnails, type, waitFor } from './support.js';

const files: MentionProvider = {
  id: 'files',
  label: 'Files',
  search: () =>
    ['README.md', 'src/index.ts', 'src/elements/composer/menu/menu-controller.ts', 'package.json'].map((label) => ({
      id: label,
      label,
      description: 'a file of the project with a long description',
      record: { ...mention, contextId: `m_${label.replace(/\W/g, '_')}`, label: `@${label}`, path: label },
    })),
};

const T = link(terminal, 'T1');

/** A host page that clips the composer (fixed at `at`) and has a sticky panel over the room where its menu opens. */
async function hostedComposer(at: 'top' | 'bottom'): Promise<T3Composer> {
  const page = await fixture<HTMLElement>(html`<div>
    <style>
      .clip { position: fixed; inset-inline: 0; block-size: 120px; overflow: hidden; padding: 8px; }
      .clip.top { top: 0; }
      .clip.bottom { bottom: 0; }
      .clip.top + .panel { margin-block-start: 136px; }
      .panel { position: sticky; z-index: 10; block-size: 200px; background: #345; }
    </style>
    ${at === 'bottom' ? html`<div class="panel"></div>` : null}
    <div class=${`clip ${at}`}><t3-composer label="Message"></t3-composer></div>
    ${at === 'top' ? html`<div class="panel"></div>` : null}
  </div>`);
  const composer = page.querySelector<T3Composer>('t3-composer')!;
  composer.providers = [files];
  composer.value = { text: `see ${T} and ${link(file)} `, records: [terminal, file] };
  await composer.updateComplete;
  return composer;
}

/** Types a mention query and waits for the menu to be shown and laid out. */
async function openMenu(composer: T3Composer): Promise<HTMLElement> {
  await clickEditor(composer);
  await type('@re');
  const menu = () => part(composer, 'menu');
  await waitFor(
    () => !!menu()?.matches(':popover-open') && menu()!.querySelectorAll('[role="option"]').length > 0,
    'the menu',
  );
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return menu()!;
}

function expectInsideViewport(box: DOMRect): void {
  const visual = window.visualViewport!;
  expect(box.left, 'left').to.be.at.least(visual.offsetLeft - 0.5);
  expect(box.top, 'top').to.be.at.least(visual.offsetTop - 0.5);
  expect(box.right, 'right').to.be.at.most(visual.offsetLeft + visual.width + 0.5);
  expect(box.bottom, 'bottom').to.be.at.most(visual.offsetTop + visual.height + 0.5);
}

/** What a finger at the middle of `target` would touch, looked up in the shadow root `target` lives in. */
function touchedAt(target: HTMLElement): Element | null {
  const box = target.getBoundingClientRect();
  const root = target.getRootNode() as ShadowRoot;
  return root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
}

function caretTop(composer: T3Composer): number {
  const selection = (composer.shadowRoot as unknown as { getSelection?: () => Selection }).getSelection?.();
  const range = selection?.rangeCount ? selection.getRangeAt(0) : null;
  return (
    range?.getBoundingClientRect().top ||
    composer.shadowRoot!.querySelector('.cm-line:last-child')!.getBoundingClientRect().top
  );
}

describe('<t3-composer> menu and chip details in the top layer', () => {
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
    await executeServerCommand('emulate-media-features', { features: [] });
  });

  for (const width of [320, 390]) {
    it(`shows the whole menu over a clipping host and its sticky panel, inside a ${width}px viewport`, async () => {
      await setViewport({ width, height: 640 });
      const composer = await hostedComposer('bottom');
      const menu = await openMenu(composer);
      const box = menu.getBoundingClientRect();
      expectInsideViewport(box);
      expect(menu.contains(touchedAt(menu))).to.be.true;
      const option = menu.querySelector<HTMLElement>('[role="option"]')!;
      expect(option.contains(touchedAt(option))).to.be.true;
      expect(box.height).to.be.greaterThan(100);
      expect(document.scrollingElement!.scrollWidth).to.be.at.most(window.innerWidth);
    });
  }

  it('opens over the caret near the bottom of the viewport and under it near the top', async () => {
    await setViewport({ width: 390, height: 640 });
    const low = await hostedComposer('bottom');
    const above = (await openMenu(low)).getBoundingClientRect();
    expect(above.bottom).to.be.at.most(caretTop(low) + 1);
    fixtureCleanup();
    const high = await hostedComposer('top');
    const below = (await openMenu(high)).getBoundingClientRect();
    expect(below.top).to.be.at.least(caretTop(high));
    expectInsideViewport(below);
  });

  it('follows the visual viewport: a resize places the open menu again, inside it', async () => {
    await setViewport({ width: 390, height: 640 });
    const composer = await hostedComposer('bottom');
    const menu = await openMenu(composer);
    await setViewport({ width: 320, height: 480 });
    await waitFor(
      () => menu.getBoundingClientRect().bottom <= 480 && menu.getBoundingClientRect().right <= 320,
      'the menu placed again',
    );
    expectInsideViewport(menu.getBoundingClientRect());
    expect(menu.matches(':popover-open')).to.be.true;
  });

  it('shows a chip’s details whole over a clipping host, inside a 320px viewport', async () => {
    await setViewport({ width: 320, height: 640 });
    const composer = await hostedComposer('bottom');
    const chip = chips(composer)[0]!;
    part(chip, 'base')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
    const details = () => part(chip, 'details');
    await waitFor(() => !!details()?.matches(':popover-open'), 'the details');
    const box = details()!.getBoundingClientRect();
    expectInsideViewport(box);
    expect(details()!.contains(touchedAt(details()!))).to.be.true;
    expect(box.bottom).to.be.at.most(part(chip, 'base')!.getBoundingClientRect().top);
  });
});

describe('<t3-composer> touch targets', () => {
  afterEach(() => executeServerCommand('emulate-media-features', { features: [] }));

  async function targets(): Promise<{ option: number; chipRemove: number; thumbnailRemove: number; line: number }> {
    const composer = await hostedComposer('bottom');
    composer.attachFiles([pngFile()]);
    await composer.updateComplete;
    const menu = await openMenu(composer);
    const height = (element: Element | null | undefined) => element!.getBoundingClientRect().height;
    return {
      option: height(menu.querySelector('[role="option"]')),
      chipRemove: height(part(chips(composer)[0]!, 'remove-button')),
      thumbnailRemove: height(thumbnails(composer)[0]!.querySelector('.remove-attachment')),
      line: height(composer.shadowRoot!.querySelector('.cm-line')),
    };
  }

  it('are at least 44px tall on a coarse pointer, and keep the line height', async () => {
    const fine = await targets();
    fixtureCleanup();
    expect(fine.option).to.be.below(44);
    expect(fine.chipRemove).to.be.below(44);
    expect(fine.thumbnailRemove).to.be.below(44);
    await executeServerCommand('emulate-media-features', { features: [{ name: 'pointer', value: 'coarse' }] });
    expect(matchMedia('(pointer: coarse)').matches).to.be.true;
    const coarse = await targets();
    expect(coarse.option).to.be.at.least(44);
    expect(coarse.chipRemove).to.be.at.least(44);
    expect(coarse.thumbnailRemove).to.be.at.least(44);
    expect(coarse.line).to.equal(fine.line);
  });
});
