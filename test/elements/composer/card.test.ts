import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { part } from '../support/interaction.js';
import { expectCard } from './card-layout.js';
import { FedRecognizer } from './dictation-support.js';
import { content, press, type, waitFor } from './support.js';

/*
 * The composer is a card at every width: the editor across it, its tools on a row beneath. What
 * makes it a phone's composer (a one-line placeholder) follows its own width, not the viewport's.
 */

const LONG_PLACEHOLDER =
  'Ask about the code. @ for files, resources and datasets, / for commands, and drop images here';

/** A desktop page: the composer in a column of `width` px, with a host's attach and voice buttons and dictation. */
async function columnComposer(width: number): Promise<T3Composer> {
  const page = await fixture<HTMLElement>(html`<div>
    <style>
      .column { inline-size: ${width}px; font-size: 14px; padding: 8px; }
    </style>
    <div class="column">
      <t3-composer label="Message" placeholder=${LONG_PLACEHOLDER}
        ><button slot="start" type="button">Attach</button><button slot="end" type="button">Voice</button></t3-composer
      >
    </div>
  </div>`);
  const composer = page.querySelector<T3Composer>('t3-composer')!;
  composer.speechRecognizer = new FedRecognizer();
  await composer.updateComplete;
  return composer;
}

const placeholder = (composer: T3Composer) => composer.shadowRoot!.querySelector<HTMLElement>('.cm-placeholder')!;
const lineHeight = (composer: T3Composer) => parseFloat(getComputedStyle(content(composer)).lineHeight);

describe('<t3-composer> as a card', () => {
  before(() => setViewport({ width: 1024, height: 768 }));
  after(() => setViewport({ width: 800, height: 600 }));

  it('at a desktop width: the editor across the card, the host’s controls, dictation and send beneath it', async () => {
    const composer = await columnComposer(700);
    const [attach, voice] = [...composer.querySelectorAll('button')];
    expectCard(composer, [attach!, voice!, part(composer, 'dictation-button')!, part(composer, 'send-button')!]);
  });

  it('Tab goes as the card reads: the editor, then its row of tools from the start', async () => {
    const composer = await columnComposer(700);
    composer.focus();
    await waitFor(() => composer.shadowRoot!.activeElement === content(composer), 'focus in the editor');
    await type('a draft');
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      await press('Tab');
      const active = document.activeElement === composer ? composer.shadowRoot!.activeElement : document.activeElement;
      order.push(active?.getAttribute('part') ?? active?.textContent ?? '');
    }
    expect(order).to.deep.equal(['Attach', 'Voice', 'dictation-button', 'send-button']);
  });

  it('keeps a long placeholder whole where it is wider than a phone, on one line with an ellipsis in a 360px panel', async () => {
    const wide = await columnComposer(520);
    expect(placeholder(wide).getBoundingClientRect().height, 'wrapped, whole').to.be.greaterThan(lineHeight(wide));
    expect(placeholder(wide).scrollWidth).to.be.at.most(placeholder(wide).clientWidth);
    // The same desktop viewport: only the composer's own width changed.
    const narrow = await columnComposer(360);
    expect(placeholder(narrow).getBoundingClientRect().height, 'one line').to.be.at.most(lineHeight(narrow) + 0.5);
    expect(getComputedStyle(placeholder(narrow)).textOverflow).to.equal('ellipsis');
    expect(placeholder(narrow).scrollWidth, 'cut').to.be.greaterThan(placeholder(narrow).clientWidth);
    const tools = [part(narrow, 'dictation-button')!, part(narrow, 'send-button')!];
    expectCard(narrow, [...narrow.querySelectorAll('button'), ...tools]);
  });

  it('with nothing on its row (a message’s inline editor), the row takes no room', async () => {
    const composer = await fixture<T3Composer>(html`<t3-composer label="Message" no-send-button></t3-composer>`);
    await composer.updateComplete;
    expect(part(composer, 'tools')!.getBoundingClientRect().height).to.equal(0);
    const editor = part(composer, 'editor')!.getBoundingClientRect();
    const base = part(composer, 'base')!.getBoundingClientRect();
    expect(base.bottom - editor.bottom, 'only the border below the editor').to.be.at.most(1.5);
  });
});
