import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { executeServerCommand, sendMouse, setViewport } from '@web/test-runner-commands';
import type { T3Composer } from '../../src/elements/composer/composer.js';
import type { MentionProvider } from '../../src/elements/composer/menu/providers.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { link, mention, terminal } from '../../support/records.js';
import { chips, clickEditor, content, type, waitFor } from './composer/support.js';
import { centre, part } from './support/interaction.js';

/*
 * A phone: 390 × 844 and a finger as the only pointer (touch emulation through the DevTools
 * protocol gives the page `pointer: coarse`).
 */

const people: MentionProvider = {
  id: 'people',
  label: 'People',
  search: () =>
    ['Ada', 'Alan', 'Grace', 'Linus', 'Margaret', 'Ken'].map((name) => ({
      id: name,
      label: name,
      description: 'a person of the project',
      record: { ...mention, contextId: `m_${name}`, label: `@${name}`, path: name },
    })),
};

async function phone(): Promise<void> {
  await setViewport({ width: 390, height: 844 });
  await executeServerCommand('emulate-media-features', { features: [{ name: 'pointer', value: 'coarse' }] });
  await waitFor(() => matchMedia('(pointer: coarse)').matches, 'a coarse pointer');
}

function size(element: Element | null | undefined): { width: number; height: number } {
  const box = element!.getBoundingClientRect();
  return { width: Math.round(box.width), height: Math.round(box.height) };
}

function expectTarget(element: Element | null | undefined, what: string): void {
  const { width, height } = size(element);
  expect(width, `${what} width`).to.be.at.least(44);
  expect(height, `${what} height`).to.be.at.least(44);
}

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** A chat page's layout: the composer pinned to the bottom (or the top) of the viewport. */
async function pinnedComposer(at: 'top' | 'bottom', text = ''): Promise<T3Composer> {
  const page = await fixture<HTMLElement>(html`<div class="page">
    <style>
      .page { font-size: 13px; }
      .pinned { position: fixed; inset-inline: 0; padding: 8px; }
      .pinned.bottom { bottom: 0; }
      .pinned.top { top: 0; }
    </style>
    <div class=${`pinned ${at}`}><t3-composer label="Message"></t3-composer></div>
  </div>`);
  const composer = page.querySelector<T3Composer>('t3-composer')!;
  composer.providers = [people];
  composer.value = { text, records: [] };
  await composer.updateComplete;
  return composer;
}

describe('on a phone', () => {
  afterEach(async () => {
    await executeServerCommand('emulate-media-features', { features: [] });
    await setViewport({ width: 800, height: 600 });
  });

  it('the editor’s text is at least 16px, so focusing it does not zoom', async () => {
    await phone();
    const composer = await pinnedComposer('bottom');
    expect(parseFloat(getComputedStyle(content(composer)).fontSize)).to.be.at.least(16);
    fixtureCleanup();
    await executeServerCommand('emulate-media-features', { features: [] });
    const desk = await pinnedComposer('bottom');
    expect(parseFloat(getComputedStyle(content(desk)).fontSize)).to.equal(13);
  });

  it('the composer’s send, stop and queue controls are targets of at least 44 × 44 px', async () => {
    await phone();
    const composer = await pinnedComposer('top', 'first follow-up');
    expectTarget(part(composer, 'send-button'), 'send');
    composer.busy = true;
    await composer.updateComplete;
    await clickEditor(composer);
    await type('x');
    composer.submit();
    composer.queueMode = 'queue';
    await composer.updateComplete;
    await type('second');
    await composer.updateComplete;
    expectTarget(part(composer, 'stop-button'), 'stop');
    expectTarget(part(composer, 'send-button'), 'send beside stop');
    for (const name of ['queue-edit', 'queue-remove', 'queue-steer', 'queue-handle'])
      expectTarget(part(composer, name), name);
  });

  it('a message’s copy and Edit controls are targets of at least 44 × 44 px', async () => {
    await phone();
    const message = await fixture<T3UserMessage>(html`<t3-user-message editable .text=${'hello'}></t3-user-message>`);
    await message.updateComplete;
    expectTarget(part(message, 'copy'), 'copy');
    expectTarget(part(message, 'edit-button'), 'edit');
  });

  for (const at of ['bottom', 'top'] as const) {
    it(`the @ menu covers neither the send button nor the caret line (composer at the ${at})`, async () => {
      await phone();
      const composer = await pinnedComposer(at, 'ask ');
      await clickEditor(composer);
      await type('@');
      const menu = () => part(composer, 'menu');
      await waitFor(
        () => !!menu()?.matches(':popover-open') && menu()!.querySelectorAll('[role="option"]').length > 0,
        'the menu',
      );
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const box = menu()!.getBoundingClientRect();
      const send = part(composer, 'send-button')!.getBoundingClientRect();
      const line = content(composer).querySelector('.cm-line')!.getBoundingClientRect();
      expect(overlaps(box, send), 'over the send button').to.be.false;
      expect(overlaps(box, line), 'over the caret line').to.be.false;
      const visual = window.visualViewport!;
      expect(box.top).to.be.at.least(visual.offsetTop - 0.5);
      expect(box.bottom).to.be.at.most(visual.offsetTop + visual.height + 0.5);
    });
  }

  for (const at of ['bottom', 'top'] as const) {
    it(`a chip’s details cover neither the send button nor the chip’s line (composer at the ${at})`, async () => {
      await phone();
      const composer = await pinnedComposer(at, `see ${link(terminal)} now`);
      composer.value = { text: `see ${link(terminal)} now`, records: [terminal] };
      await composer.updateComplete;
      const chip = chips(composer)[0]!;
      await sendMouse({ type: 'move', position: centre(part(chip, 'base')!) });
      const details = () => part(chip, 'details');
      await waitFor(() => !!details()?.matches(':popover-open'), 'the details');
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const box = details()!.getBoundingClientRect();
      const send = part(composer, 'send-button')!.getBoundingClientRect();
      const line = content(composer).querySelector('.cm-line')!.getBoundingClientRect();
      expect(overlaps(box, send), 'over the send button').to.be.false;
      expect(overlaps(box, line), 'over the chip’s line').to.be.false;
    });
  }
});
