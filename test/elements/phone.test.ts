import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import type { Citation } from '../../src/core/index.js';
import type { T3Composer } from '../../src/elements/composer/composer.js';
import type { MentionProvider } from '../../src/elements/composer/menu/providers.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { link, mention, terminal } from '../../support/records.js';
import { expectCard } from './composer/card-layout.js';
import { FedRecognizer } from './composer/dictation-support.js';
import { chips, clickEditor, content, pngFile, press, thumbnails, type, waitFor } from './composer/support.js';
import { centre, focusIsIn, part } from './support/interaction.js';
import { controlsIn, describeControl, undersizedTargets } from './support/targets.js';

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

const quote: Citation = {
  version: 1,
  environmentId: 'env',
  threadId: 'thread-1',
  messageId: 'reply-1',
  text: 'Caching the parsed config avoids reading the file on every request.',
  start: 10,
  end: 78,
  prefix: 'In short: ',
  suffix: ' Next,',
};

const PASTED = Array.from({ length: 60 }, (_, index) => `row ${index + 1}: a value`).join('\n');

/**
 * The composer with everything it can show at once: a host's attach button (a plain button, as a
 * host writes it), dictation, a removable chip, a citation chip, an image on the shelf and its chip.
 */
async function equippedComposer(): Promise<T3Composer> {
  const page = await fixture<HTMLElement>(html`<div class="page">
    <style>
      .page { font-size: 13px; }
      .pinned { position: fixed; inset-inline: 0; bottom: 0; padding: 8px; }
    </style>
    <div class="pinned">
      <t3-composer label="Message"><button slot="start" type="button" aria-label="Attach files">+</button></t3-composer>
    </div>
  </div>`);
  const composer = page.querySelector<T3Composer>('t3-composer')!;
  composer.providers = [people];
  composer.speechRecognizer = new FedRecognizer();
  composer.value = { text: `ask ${link(mention)} about `, records: [mention] };
  await composer.updateComplete;
  await toTheEnd(composer);
  expect(composer.insertCitation(quote)).to.deep.equal({ ok: true });
  composer.attachFiles([pngFile()]);
  await composer.updateComplete;
  await waitFor(() => chips(composer).length === 3, 'the mention, citation and image chips');
  return composer;
}

/** The caret at the end of the draft (a click there could land on a chip's Remove, which reaches over the line). */
async function toTheEnd(composer: T3Composer): Promise<void> {
  composer.focus();
  await waitFor(() => focusIsIn(composer), 'focus in the editor');
  await press('Control+End');
}

async function click(target: Element | null | undefined): Promise<void> {
  await sendMouse({ type: 'click', position: centre(target!) });
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** Each state's controls, found by walking the elements, and those under 44 × 44 px. */
class TargetSurvey {
  readonly undersized: string[] = [];

  /** Measures every control of `hosts` now; `expected` are controls the state must show (so none goes unmeasured). */
  async look(state: string, hosts: readonly Element[], expected: readonly string[]): Promise<void> {
    await frame();
    const found = hosts.flatMap(controlsIn).map(describeControl);
    for (const name of expected)
      expect(
        found.some((control) => control.includes(name)),
        `${state}: ${name} among ${found.join(', ')}`,
      ).to.be.true;
    this.undersized.push(...undersizedTargets(hosts).map((control) => `${state}: ${control}`));
  }
}

describe('on a phone, every control is a target of at least 44 × 44 px', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
    await executeServerCommand('emulate-media-features', { features: [] });
    await setViewport({ width: 800, height: 600 });
  });

  it('in every state of the composer', async () => {
    await phone();
    const survey = new TargetSurvey();
    const composer = await equippedComposer();
    const citation = () => chips(composer).find((chip) => chip.kind === 'citation')!;
    const draft = ['"Attach files"', 'cm-content', 'remove-button', 'edit-button', 'remove-attachment'];
    await survey.look('a draft', [composer], [...draft, 'dictation-button', 'send-button']);

    await click(part(composer, 'dictation-button'));
    await waitFor(() => part(composer, 'dictation-button')!.getAttribute('aria-pressed') === 'true', 'dictation');
    await survey.look('dictating', [composer], ['dictation-button']);
    await click(part(composer, 'dictation-button'));

    await toTheEnd(composer);
    await type(' @');
    await waitFor(() => !!composer.shadowRoot!.querySelector('[role="option"]'), 'the @ menu');
    await survey.look('the @ menu', [composer], ['option']);
    await press('Escape');

    await click(part(citation(), 'edit-button'));
    await waitFor(() => !!part(citation(), 'comment-editor'), 'the comment form');
    await survey.look('a citation’s comment form', [composer], ['<textarea>', '"Cancel"', '"Save"']);
    await press('Escape');
    await sendMouse({ type: 'move', position: [0, 0] });
    await waitFor(() => !part(citation(), 'details')?.matches(':popover-open'), 'the quote’s details gone');

    await click(thumbnails(composer)[0]!.querySelector('.remove-attachment'));
    await waitFor(() => !!composer.shadowRoot!.querySelector('.confirm-keep'), 'the question');
    await survey.look('the shelf asking', [composer], ['confirm-remove', 'confirm-keep']);
    await click(composer.shadowRoot!.querySelector('.confirm-keep'));

    await navigator.clipboard.writeText(PASTED);
    await toTheEnd(composer);
    await press('Control+v');
    await waitFor(() => chips(composer).some((chip) => chip.kind === 'file'), 'the pasted-text chip');
    const pasted = chips(composer).find((chip) => chip.kind === 'file')!;
    await sendMouse({ type: 'move', position: centre(part(pasted, 'base')!) });
    await waitFor(() => !!part(pasted, 'details')?.matches(':popover-open'), 'the pasted text’s details');
    await survey.look('a pasted text’s details', [composer], ['expand']);
    await sendMouse({ type: 'move', position: [0, 0] });

    composer.busy = true;
    await composer.updateComplete;
    composer.submit();
    await toTheEnd(composer);
    await type('second');
    await composer.updateComplete;
    const queue = ['stop-button', 'send-button', 'queue-edit', 'queue-remove', 'queue-steer', 'queue-handle'];
    await survey.look('busy, with a follow-up queued', [composer], queue);

    await click(part(composer, 'stop-button'));
    composer.busy = false;
    await composer.updateComplete;
    await survey.look('the queue paused after Stop', [composer], ['queue-resume']);

    expect(survey.undersized).to.deep.equal([]);
  });

  it('in every state of a message: read, edited, and asking whether to discard', async () => {
    await phone();
    const survey = new TargetSurvey();
    const text = `Check ${link(terminal)} and [the guide](https://example.com/guide) please`;
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message editable .text=${text} .context=${{ version: 1, records: [terminal] }}></t3-user-message>`,
    );
    await waitFor(() => !!message.shadowRoot!.querySelector('t3-context-chip'), 'the message’s chip');
    // The chip and the link sit in a sentence (WCAG 2.5.8's inline exception); they are found all the same.
    await survey.look('a sent message', [message], ['copy', 'edit-button', '[part=base]', '<a>']);

    expect(message.edit()).to.be.true;
    await waitFor(() => !!part(message, 'editor') && focusIsIn(part(message, 'editor')!), 'the inline composer');
    await sendKeys({ type: 'changed ' });
    await survey.look('editing', [message], ['cm-content', 'remove-button', 'cancel-button', 'save-button']);

    await click(part(message, 'cancel-button'));
    await waitFor(() => !!part(message, 'keep-button'), 'the question');
    await survey.look('asking whether to discard', [message], ['keep-button', 'discard-button']);

    expect(survey.undersized).to.deep.equal([]);
  });
});

const LONG_PLACEHOLDER =
  'Ask about the code. @ for files, resources and datasets, / for commands, and drop images here';

/** A chat page's composer at the bottom, with a host's attach button and dictation, empty. */
async function toolsComposer(placeholder = 'Message'): Promise<T3Composer> {
  const page = await fixture<HTMLElement>(html`<div class="page">
    <style>
      .page { font-size: 13px; }
      .pinned { position: fixed; inset-inline: 0; bottom: 0; padding: 8px; }
    </style>
    <div class="pinned">
      <t3-composer label="Message" placeholder=${placeholder}
        ><button slot="start" type="button" aria-label="Attach files">+</button></t3-composer
      >
    </div>
  </div>`);
  const composer = page.querySelector<T3Composer>('t3-composer')!;
  composer.speechRecognizer = new FedRecognizer();
  await composer.updateComplete;
  return composer;
}

const attach = (composer: T3Composer) => composer.querySelector('[slot="start"]')!;

describe('the phone composer', () => {
  afterEach(async () => {
    await executeServerCommand('emulate-media-features', { features: [] });
    await setViewport({ width: 800, height: 600 });
  });

  it('spans the card with its editor on its own row; attach, dictation and send (or stop) on a row beneath', async () => {
    await phone();
    const composer = await toolsComposer();
    expectCard(composer, [attach(composer), part(composer, 'dictation-button')!, part(composer, 'send-button')!]);
    composer.busy = true;
    await composer.updateComplete;
    expectCard(composer, [attach(composer), part(composer, 'dictation-button')!, part(composer, 'stop-button')!]);
    await toTheEnd(composer);
    await type('a follow-up that is long enough to wrap over more than one line of the phone’s editor');
    await composer.updateComplete;
    const tools = [attach(composer), part(composer, 'dictation-button')!, part(composer, 'send-button')!];
    expectCard(composer, [...tools, part(composer, 'stop-button')!]);
  });

  it('empty, is one line of text above its tools, however long its placeholder', async () => {
    await phone();
    const heights: number[] = [];
    for (const placeholder of ['Message', LONG_PLACEHOLDER]) {
      fixtureCleanup();
      const composer = await toolsComposer(placeholder);
      const line = parseFloat(getComputedStyle(content(composer)).lineHeight);
      const shown = composer.shadowRoot!.querySelector<HTMLElement>('.cm-placeholder')!;
      expect(shown.getBoundingClientRect().height, `${placeholder}: one line`).to.be.at.most(line + 0.5);
      const editor = part(composer, 'editor')!.getBoundingClientRect().height;
      const padding = parseFloat(getComputedStyle(content(composer)).paddingTop) * 2;
      expect(editor, 'the editor: at most two lines and its padding').to.be.at.most(2 * line + padding + 0.5);
      // Two rows of finger targets: the line of text, the tools, and the card's spacing between.
      const height = composer.getBoundingClientRect().height;
      expect(height, 'the composer: its text and its tools').to.be.at.most(2 * 44 + 12);
      heights.push(height);
      if (placeholder === LONG_PLACEHOLDER) {
        expect(getComputedStyle(shown).textOverflow).to.equal('ellipsis');
        expect(shown.scrollWidth, 'the placeholder cut').to.be.greaterThan(shown.clientWidth);
      }
    }
    expect(heights[1], 'a long placeholder adds no line').to.equal(heights[0]);
  });
});
