import { expect, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import type { MentionProvider } from '../../../src/elements/composer/menu/providers.js';
import { link, mention, terminal } from '../../../support/records.js';
import { part } from '../support/interaction.js';
import {
  caret,
  chips,
  clickEditor,
  composerFixture,
  content,
  imeCompose,
  press,
  submissions,
  type,
  waitFor,
} from './support.js';

/*
 * A desktop IME driven through the DevTools protocol: `Input.imeSetComposition` for each step of
 * the composition and, to confirm it, the IME's Enter (`ime-confirm-with-enter`): a keydown with
 * keyCode 229 while the composition is open, the commit (`Input.insertText`), the Enter's keyup.
 * What the protocol cannot produce is the IME itself deciding to take the key; the 229 keydown
 * without text is how Chromium reports a key an IME took, and is what a page sees.
 */

const T = link(terminal, 'T1');

/** The composition guard also holds back a key that arrives right after `compositionend` (Safari's order). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 80));

async function confirmWithEnter(text: string): Promise<KeyboardEvent> {
  const seen = new Promise<KeyboardEvent>((resolve) =>
    document.addEventListener('keydown', (event) => resolve(event), { once: true, capture: true }),
  );
  await executeServerCommand('ime-confirm-with-enter', { text });
  return seen;
}

async function composeJapanese(): Promise<void> {
  for (const step of ['に', 'にほ', 'にほん']) await imeCompose(step);
  await imeCompose('日本');
}

async function composerWith(sendKey: string, extra: Partial<T3Composer> = {}): Promise<T3Composer> {
  const composer = await composerFixture(
    html`<t3-composer label="Message" placeholder="Write a message" send-key=${sendKey}></t3-composer>`,
  );
  Object.assign(composer, extra);
  await composer.updateComplete;
  await clickEditor(composer);
  return composer;
}

describe('<t3-composer> IME composition and the send key', () => {
  for (const sendKey of ['enter', 'mod-enter', 'mod-enter-multiline', 'auto']) {
    it(`${sendKey}: the Enter that confirms a candidate neither sends nor breaks a line`, async () => {
      const composer = await composerWith(sendKey);
      const sent = submissions(composer);
      await composeJapanese();
      const keydown = await confirmWithEnter('日本');
      expect(keydown.isComposing || keydown.keyCode === 229, 'the confirming keydown is marked').to.be.true;
      await settle();
      expect(composer.value.text).to.equal('日本');
      expect(sent).to.deep.equal([]);
      // The next Enter is the person's own: it does what the send key says.
      await press(sendKey === 'mod-enter' ? 'Control+Enter' : 'Enter');
      expect(sent.map((detail) => detail.text)).to.deep.equal(['日本']);
    });
  }

  it('Safari’s order (compositionend, then the confirming Enter) neither sends nor breaks a line, in every mode', async () => {
    for (const sendKey of ['enter', 'mod-enter', 'mod-enter-multiline']) {
      const composer = await composerWith(sendKey);
      const sent = submissions(composer);
      await type('abc');
      // Safari's order cannot be produced by Chromium's IME: compositionend, then a keydown with keyCode 13.
      const editor = content(composer);
      editor.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: 'abc' }));
      const enter = new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true, cancelable: true });
      editor.dispatchEvent(enter);
      expect(enter.defaultPrevented, sendKey).to.be.true;
      expect(composer.value.text, sendKey).to.equal('abc');
      expect(sent, sendKey).to.deep.equal([]);
    }
  });

  it('mod-enter-multiline: confirming in a draft of several lines adds no line', async () => {
    const composer = await composerWith('mod-enter-multiline');
    await type('first');
    await press('Shift+Enter');
    await composeJapanese();
    await confirmWithEnter('日本');
    await settle();
    expect(composer.value.text).to.equal('first\n日本');
  });

  it('a composition confirmed in an empty draft shows the confirmed text only, without the placeholder', async () => {
    const composer = await composerWith('enter');
    await composeJapanese();
    await confirmWithEnter('日本');
    await settle();
    expect(content(composer).textContent).to.equal('日本');
    expect(composer.shadowRoot!.querySelector('.cm-placeholder')).to.equal(null);
  });

  it('composing right after and right before a chip keeps it whole, with the caret beside it', async () => {
    const composer = await composerWith('enter');
    composer.value = { text: `see ${T}`, records: [terminal] };
    await clickEditor(composer);
    await press('End');
    const chip = chips(composer)[0];
    await composeJapanese();
    await confirmWithEnter('日本');
    await settle();
    expect(composer.value).to.deep.equal({ text: `see ${T}日本`, records: [terminal] });
    expect(caret(composer)).to.equal(composer.value.text.length);
    await press('Home');
    await press('ArrowRight', 4);
    await composeJapanese();
    await confirmWithEnter('日本');
    await settle();
    expect(composer.value).to.deep.equal({ text: `see 日本${T}日本`, records: [terminal] });
    expect(caret(composer)).to.equal('see 日本'.length);
    expect(chips(composer)).to.deep.equal([chip]);
  });
});

describe('<t3-composer> menus during an IME composition', () => {
  const queries: string[] = [];
  const people: MentionProvider = {
    id: 'people',
    label: 'People',
    search: (query) => {
      queries.push(query);
      return ['日本太郎', '日本花子', 'Alice'].map((name) => ({
        id: name,
        label: name,
        record: { ...mention, contextId: `m_${queries.length}_${name.length}`, label: `@${name}`, path: name },
      }));
    },
  };

  const menu = (composer: T3Composer) => part(composer, 'menu');
  const optionLabels = (composer: T3Composer) =>
    [...(menu(composer)?.querySelectorAll('[role="option"] .option-label') ?? [])].map((node) => node.textContent);

  it('the @ menu filters on the confirmed text, not on the composition', async () => {
    queries.length = 0;
    const composer = await composerWith('enter', { providers: [people] });
    await type('@');
    await waitFor(() => optionLabels(composer).length === 3, 'the menu with every person');
    await composeJapanese();
    await settle();
    await settle();
    expect(queries, 'no search for text still being composed').to.deep.equal(['']);
    await confirmWithEnter('日本');
    await waitFor(() => queries.includes('日本'), 'a search for the confirmed text');
    expect(queries).to.deep.equal(['', '日本']);
    await settle();
    expect(composer.value.text, 'the confirming Enter picked nothing').to.equal('@日本');
  });

  it('the / menu opens on a confirmed slash, not on one still being composed', async () => {
    const composer = await composerWith('enter', {
      commands: [{ name: 'review', description: 'Review a change' }],
    });
    await imeCompose('/');
    await imeCompose('/r');
    await settle();
    expect(menu(composer), 'no menu while composing').to.equal(null);
    await confirmWithEnter('/r');
    await waitFor(() => optionLabels(composer).some((label) => label?.includes('review')), 'the command menu');
    expect(composer.value.text).to.equal('/r');
  });
});
