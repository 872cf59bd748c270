import { expect, html } from '@open-wc/testing';
import { executeServerCommand, sendMouse } from '@web/test-runner-commands';
import type { ComponentProps } from 'react';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import type { T3Composer as ReactComposer } from '../../../src/react/index.js';
import type { MentionProvider } from '../../../src/elements/composer/menu/providers.js';
import { mention, terminal } from '../../../support/records.js';
import { announced, dictationButton, dictationChanges, FedRecognizer, heard, interim } from './dictation-support.js';
import { expectNoAxeViolations, LOOKS, resetLook, showLook } from '../support/axe.js';
import { centre, chips, clickEditor, composerFixture, content, press, type, waitFor } from './support.js';

const editorHasFocus = (composer: T3Composer) => composer.shadowRoot!.activeElement?.classList.contains('cm-content');

/** A composer with a fed recognizer, focused with the caret at its end. */
async function dictatingComposer(
  template = html`<t3-composer label="Message"></t3-composer>`,
): Promise<{ composer: T3Composer; speech: FedRecognizer }> {
  const composer = await composerFixture(template);
  const speech = new FedRecognizer();
  composer.speechRecognizer = speech;
  await composer.updateComplete;
  await clickEditor(composer);
  return { composer, speech };
}

async function startDictating(composer: T3Composer): Promise<void> {
  await sendMouse({ type: 'click', position: centre(dictationButton(composer)!) });
  await composer.updateComplete;
}

/** Compile-time check, run by `npm run typecheck`: the React wrapper takes the event, typed from the map. */
const onDictationChange: NonNullable<ComponentProps<typeof ReactComposer>['onDictationChange']> = (event) =>
  void (event.detail.active satisfies boolean);

describe('<t3-composer> dictation', () => {
  it('shows the microphone button only with a recognizer; a click toggles it, announced, with focus kept', async () => {
    const composer = await composerFixture();
    expect(dictationButton(composer)).to.equal(null);
    const speech = new FedRecognizer();
    composer.speechRecognizer = speech;
    await composer.updateComplete;
    const button = dictationButton(composer)!;
    expect(button.getAttribute('aria-label')).to.equal('Dictate');
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    const changes = dictationChanges(composer);
    const outside: CustomEvent[] = [];
    document.body.addEventListener('t3-dictation-change', (event) => outside.push(event), { once: true });
    await clickEditor(composer);
    await startDictating(composer);
    expect(outside.map((event) => [event.detail.active, event.bubbles, event.composed])).to.deep.equal([
      [true, true, true],
    ]);
    expect(typeof onDictationChange).to.equal('function');
    expect(button.getAttribute('aria-pressed')).to.equal('true');
    expect(button.title).to.equal('Stop dictation');
    expect(speech.listening).to.be.true;
    expect(speech.starts[0]!.lang).to.be.a('string').and.not.equal('');
    expect(announced(composer)).to.equal('Dictation started');
    expect(editorHasFocus(composer), 'focus stays in the editor').to.be.true;
    await startDictating(composer);
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    expect(speech.listening, 'the recognizer was told to stop').to.be.false;
    expect(announced(composer)).to.equal('Dictation ended');
    expect(changes).to.deep.equal([true, false]);
  });

  it('Ctrl+Shift+Space toggles dictation from the editor, and Escape ends it before closing a menu', async () => {
    const files: MentionProvider = {
      id: 'files',
      label: 'Files',
      search: () => [{ id: 'm', label: 'x', record: mention }],
    };
    const { composer, speech } = await dictatingComposer(
      html`<t3-composer label="Message" .providers=${[files]}></t3-composer>`,
    );
    const changes = dictationChanges(composer);
    await press('Control+Shift+Space');
    await composer.updateComplete;
    expect(dictationButton(composer)!.getAttribute('aria-pressed')).to.equal('true');
    await press('Control+Shift+Space');
    await composer.updateComplete;
    expect(dictationButton(composer)!.getAttribute('aria-pressed')).to.equal('false');
    await press('Control+Shift+Space');
    await type('@x');
    await waitFor(() => !!composer.shadowRoot!.querySelector('[part~="menu"]'), 'the mention menu');
    await press('Escape');
    await composer.updateComplete;
    expect(speech.listening).to.be.false;
    expect(composer.shadowRoot!.querySelector('[part~="menu"]'), 'the menu is still open').to.not.equal(null);
    expect(changes).to.deep.equal([true, false, true, false]);
    expect(composer.value.text, 'the keys typed nothing').to.equal('@x');
  });

  it('shows the interim text as a widget that is not in the value, the form value or the undo history', async () => {
    const form = document.createElement('form');
    const { composer, speech } = await dictatingComposer(
      html`<t3-composer label="Message" name="message"></t3-composer>`,
    );
    composer.replaceWith(form);
    form.append(composer);
    await composer.updateComplete;
    await clickEditor(composer);
    await type('Note:');
    await startDictating(composer);
    speech.guess('maybe this');
    await heard(composer);
    expect(interim(composer)!.textContent).to.equal('maybe this');
    expect(content(composer).contains(interim(composer)), 'drawn inside the editor').to.be.true;
    expect(composer.value.text).to.equal('Note:');
    expect(new FormData(form).get('message')).to.equal('Note:');
    speech.guess('maybe this is');
    await heard(composer);
    expect(composer.shadowRoot!.querySelectorAll('[part~="interim"]').length, 'a guess replaces the last').to.equal(1);
    expect(interim(composer)!.textContent).to.equal('maybe this is');
    speech.say('maybe this is it');
    await heard(composer);
    expect(interim(composer)).to.equal(null);
    expect(composer.value.text).to.equal('Note: maybe this is it');
    expect(new FormData(form).get('message')).to.equal('Note: maybe this is it');
    await press('Control+z');
    expect(composer.value.text, 'one undo takes the phrase, and no guess comes back').to.equal('Note:');
    expect(interim(composer)).to.equal(null);
    form.remove();
  });

  it('inserts each final phrase as one undo step, spaced as insertContext spaces a chip', async () => {
    const { composer, speech } = await dictatingComposer();
    await startDictating(composer);
    speech.say('hello');
    await heard(composer);
    expect(composer.value.text, 'no space at the start').to.equal('hello');
    speech.say('  there ');
    await heard(composer);
    expect(composer.value.text, 'a space before it after a word, trimmed').to.equal('hello there');
    await press('Shift+Enter');
    speech.say('next line');
    await heard(composer);
    expect(composer.value.text, 'no space at a line start').to.equal('hello there\nnext line');
    await type(' ');
    speech.say('after space');
    await heard(composer);
    expect(composer.value.text, 'no second space after whitespace').to.equal('hello there\nnext line after space');
    await press('Control+z');
    expect(composer.value.text).to.equal('hello there\nnext line ');
    await press('Control+z');
    expect(composer.value.text, 'the typed space is a step of its own').to.equal('hello there\nnext line');
    await press('Control+z');
    expect(composer.value.text).to.equal('hello there\n');
    await press('Control+z');
    expect(composer.value.text).to.equal('hello there');
    await press('Control+z');
    expect(composer.value.text, 'two phrases in a row are two steps').to.equal('hello');
  });

  it('keeps dictating after what is typed at the point, and follows the caret typed or clicked elsewhere', async () => {
    const { composer, speech } = await dictatingComposer();
    await type('one two');
    await startDictating(composer);
    await type(' three');
    speech.guess('four');
    await heard(composer);
    expect(content(composer).textContent, 'the guess is drawn after the typed text').to.equal('one two threefour');
    speech.say('four');
    await heard(composer);
    expect(composer.value.text).to.equal('one two three four');
    await press('Home');
    await type('Zero:');
    speech.say('start');
    await heard(composer);
    expect(composer.value.text, 'a space after it before text').to.equal('Zero: start one two three four');
    const rect = content(composer).getBoundingClientRect();
    const line = composer.shadowRoot!.querySelector('.cm-line')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.right - 4), Math.round(line.top + line.height / 2)] });
    speech.say('five');
    await heard(composer);
    expect(composer.value.text, 'clicked at the end').to.equal('Zero: start one two three four five');
  });

  it('never touches a chip: the point next to a chip, and a chip picked through @ while dictating', async () => {
    const files: MentionProvider = {
      id: 'files',
      label: 'Files',
      search: () => [{ id: 'index', label: 'src/index.ts', record: mention }],
    };
    const { composer, speech } = await dictatingComposer(
      html`<t3-composer label="Message" .providers=${[files]}></t3-composer>`,
    );
    await type('see');
    composer.insertContext(terminal);
    await startDictating(composer);
    speech.say('and');
    await heard(composer);
    expect(chips(composer).length).to.equal(1);
    expect(composer.value.records.map((record) => record.contextId)).to.deep.equal(['term_1']);
    const link = composer.value.text.slice(4, composer.value.text.indexOf(') ') + 1);
    expect(composer.value.text).to.equal(`see ${link} and`);
    await type(' @src');
    await waitFor(() => !!composer.shadowRoot!.querySelector('[part~="option"]'), 'mention results');
    speech.guess('spoken');
    await heard(composer);
    expect(composer.value.text.endsWith('and @src')).to.be.true;
    expect(content(composer).textContent, 'the guess is drawn before the trigger').to.match(/and spoken@src$/);
    speech.say('spoken');
    await heard(composer);
    expect(composer.value.text.endsWith('and spoken @src'), 'the phrase goes before the trigger').to.be.true;
    await press('Enter');
    await waitFor(() => chips(composer).length === 2, 'the picked chip');
    speech.say('after it');
    await heard(composer);
    expect(composer.value.records.map((record) => record.contextId)).to.deep.equal(['term_1', 'm_1']);
    expect(composer.value.text).to.match(/ and spoken \[[^\]]+\]\(t3-context:[^)]+\) after it$/);
    expect(chips(composer).length).to.equal(2);
  });

  it('dictates right-to-left text with the same spacing, the guess drawn in the line', async () => {
    const { composer, speech } = await dictatingComposer(html`<t3-composer label="Message" dir="rtl"></t3-composer>`);
    await type('שלום');
    await startDictating(composer);
    speech.guess('עולם');
    await heard(composer);
    expect(composer.shadowRoot!.querySelector('.cm-line')!.contains(interim(composer))).to.be.true;
    speech.say('עולם');
    await heard(composer);
    expect(composer.value.text).to.equal('שלום עולם');
  });

  it('offers a microphone button of at least 44 × 44 px on a coarse pointer', async () => {
    await executeServerCommand('emulate-media-features', { features: [{ name: 'pointer', value: 'coarse' }] });
    try {
      expect(matchMedia('(pointer: coarse)').matches).to.be.true;
      const { composer } = await dictatingComposer();
      const { width, height } = dictationButton(composer)!.getBoundingClientRect();
      expect(Math.min(width, height)).to.be.at.least(44);
    } finally {
      await executeServerCommand('emulate-media-features', { features: [] });
    }
  });

  for (const look of LOOKS) {
    it(`is axe-clean while dictating with a guess shown, ${look.scheme}, ${look.width}px wide`, async () => {
      await showLook(look);
      try {
        const { composer, speech } = await dictatingComposer();
        await type('Typed');
        await startDictating(composer);
        speech.guess('a guess');
        await heard(composer);
        expect(interim(composer)).to.not.equal(null);
        await expectNoAxeViolations(composer, `dictating, ${look.scheme}, ${look.width}px`);
      } finally {
        await resetLook();
      }
    });
  }
});
