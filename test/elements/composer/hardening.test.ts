import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { skill, terminal } from '../../../support/records.js';
import {
  caret,
  centre,
  chips,
  clickEditor,
  composerFixture,
  content,
  press,
  selection,
  type,
  waitFor,
} from './support.js';
import { T, S, menu, options, nextClipboardWrite, files } from './hardening-fixtures.js';

describe('<t3-composer> caret and selection around chips', () => {
  it('word jumps treat a chip as one word, Home/End cross it', async () => {
    const composer = await composerFixture();
    composer.value = { text: `ab ${T} cd`, records: [terminal] };
    const chipStart = 3;
    const chipEnd = 3 + T.length;
    await clickEditor(composer);
    await press('End');
    await press('Control+ArrowLeft');
    expect(caret(composer)).to.equal(chipEnd + 1);
    await press('Control+ArrowLeft');
    expect(caret(composer)).to.equal(chipStart);
    await press('Control+ArrowRight');
    expect(caret(composer)).to.equal(chipEnd);
    await press('Home');
    expect(caret(composer)).to.equal(0);
    await press('End');
    expect(caret(composer)).to.equal(composer.value.text.length);
  });

  it('Shift+Home selects whole chips; typing replaces them and one Ctrl+Z brings them back with their records', async () => {
    const composer = await composerFixture();
    composer.value = { text: `${S} and ${T}`, records: [skill, terminal] };
    await clickEditor(composer);
    await press('End');
    await press('Shift+Home');
    expect(selection(composer)).to.deep.equal({ from: 0, to: composer.value.text.length });
    await type('x');
    expect(composer.value).to.deep.equal({ text: 'x', records: [] });
    await press('Control+z');
    expect(composer.value).to.deep.equal({ text: `${S} and ${T}`, records: [skill, terminal] });
    await press('Home');
    await press('Shift+End');
    await press('Shift+ArrowLeft');
    expect(selection(composer)).to.deep.equal({ from: 0, to: S.length + 5 });
  });

  it('Backspace after a chip that is the whole draft empties it; undo brings chip and record back', async () => {
    const composer = await composerFixture();
    composer.value = { text: T, records: [terminal] };
    await clickEditor(composer);
    await press('End');
    await press('Backspace');
    expect(composer.value).to.deep.equal({ text: '', records: [] });
    expect(chips(composer)).to.have.length(0);
    await press('Control+z');
    expect(composer.value).to.deep.equal({ text: T, records: [terminal] });
    expect(chips(composer)[0].record).to.deep.equal(terminal);
  });

  it('chips at the very start and end: the caret reaches both sides and Delete/Backspace remove them whole', async () => {
    const composer = await composerFixture();
    composer.value = { text: `${T} mid ${S}`, records: [terminal, skill] };
    await clickEditor(composer);
    await press('Control+End');
    await type('E');
    await press('Control+Home');
    await type('S');
    expect(composer.value.text).to.equal(`S${T} mid ${S}E`);
    await press('Delete');
    await press('Control+End');
    await press('Backspace');
    await press('Backspace');
    expect(composer.value).to.deep.equal({ text: 'S mid ', records: [] });
  });

  it('a click on a chip puts the caret beside it, never inside its link; a double-click too', async () => {
    const composer = await composerFixture();
    composer.value = { text: `ab ${T} cd`, records: [terminal] };
    await clickEditor(composer);
    const [chip] = chips(composer);
    await chip.updateComplete;
    const label = chip.shadowRoot!.querySelector('[part~="label"]')!;
    await sendMouse({ type: 'click', position: centre(label) });
    const after = caret(composer);
    expect([3, 3 + T.length]).to.include(after);
    await type('X');
    expect(composer.value.text.replace('X', '')).to.equal(`ab ${T} cd`);
    expect(chips(composer)).to.have.length(1);
    await press('Control+z');
    const [x, y] = centre(chips(composer)[0].shadowRoot!.querySelector('[part~="label"]')!);
    await sendMouse({ type: 'click', position: [x, y] });
    await sendMouse({ type: 'click', position: [x, y] });
    await type('Y');
    const text = composer.value.text;
    expect(text.replace('Y', '')).to.equal(`ab ${T} cd`);
    expect(text.startsWith('Y')).to.be.false;
    expect(chips(composer)).to.have.length(1);
  });

  it('Ctrl+A then typing replaces everything; undo restores chips with records', async () => {
    const composer = await composerFixture();
    composer.value = { text: `${T}\n${S}`, records: [terminal, skill] };
    await clickEditor(composer);
    await press('Control+a');
    await type('fresh');
    expect(composer.value).to.deep.equal({ text: 'fresh', records: [] });
    await press('Control+z');
    expect(composer.value).to.deep.equal({ text: `${T}\n${S}`, records: [terminal, skill] });
  });

  it('Ctrl+Backspace deletes a chip as one word', async () => {
    const composer = await composerFixture();
    composer.value = { text: `see ${T}`, records: [terminal] };
    await clickEditor(composer);
    await press('End');
    await press('Control+Backspace');
    expect(composer.value.text).to.equal('see ');
  });
});

describe('<t3-composer> paste over chips and undo', () => {
  it('a real paste replacing a selection with chips; undo and redo bring each side back with its records', async () => {
    const root = await fixture<HTMLDivElement>(html`<div>
      <t3-composer id="a" label="a"></t3-composer>
      <t3-composer id="b" label="b"></t3-composer>
    </div>`);
    const [source, target] = [root.querySelector<T3Composer>('#a')!, root.querySelector<T3Composer>('#b')!];
    await Promise.all([source.updateComplete, target.updateComplete]);
    source.value = { text: `take ${S}`, records: [skill] };
    target.value = { text: `old ${T} end`, records: [terminal] };
    await clickEditor(source);
    await press('Control+a');
    const copied = nextClipboardWrite();
    await press('Control+c');
    await copied;
    await clickEditor(target);
    await press('Control+a');
    await press('Control+v');
    await waitFor(() => target.value.text === `take ${S}`, 'the pasted text');
    expect(target.value.records).to.deep.equal([skill]);
    await press('Control+z');
    expect(target.value).to.deep.equal({ text: `old ${T} end`, records: [terminal] });
    await press('Control+Shift+Z');
    expect(target.value).to.deep.equal({ text: `take ${S}`, records: [skill] });
    expect(chips(target)[0].record).to.deep.equal(skill);
  });

  it('max-length cuts a pasted fragment without splitting a link, and keeps its records', async () => {
    const composer = await composerFixture(html`<t3-composer label="m" max-length="4"></t3-composer>`);
    await clickEditor(composer);
    await type('ab');
    const data = new DataTransfer();
    // A custom MIME payload cannot be put on the headless clipboard (SPEC §10).
    const { encodeClipboardFragment, CONTEXT_CLIPBOARD_MIME } = await import('../../../src/core/index.js');
    data.setData(
      CONTEXT_CLIPBOARD_MIME,
      encodeClipboardFragment({ version: 1, source: { environmentId: 'x' }, records: [skill, terminal] })!,
    );
    data.setData('text/plain', `${S}${T}zz`);
    content(composer).dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
    expect(composer.value).to.deep.equal({ text: `ab${S}${T}`, records: [skill, terminal] });
    await composer.updateComplete;
    expect(composer.shadowRoot!.querySelector('[part~="notice"]')!.textContent).to.contain('too long');
    await press('End');
    await type('q');
    expect(composer.value.text).to.equal(`ab${S}${T}`);
  });
});

describe('<t3-composer> what a screen reader gets', () => {
  it('combobox attributes only while the menu is open; read-only and disabled states are exposed', async () => {
    const composer = await composerFixture();
    composer.providers = [files];
    const editor = content(composer);
    await clickEditor(composer);
    expect(editor.hasAttribute('aria-controls')).to.be.false;
    await type('@src');
    await waitFor(() => options(composer).length === 1, 'the option');
    // A textbox supports no aria-expanded; the editor stays a textbox.
    expect(editor.hasAttribute('aria-expanded')).to.be.false;
    expect(editor.getAttribute('aria-controls')).to.equal(menu(composer)!.id);
    expect(composer.shadowRoot!.getElementById(editor.getAttribute('aria-activedescendant')!)).to.exist;
    await press('Escape');
    await composer.updateComplete;
    for (const name of ['aria-expanded', 'aria-controls', 'aria-activedescendant'])
      expect(editor.hasAttribute(name), name).to.be.false;
    composer.readonly = true;
    await composer.updateComplete;
    expect(editor.getAttribute('aria-readonly')).to.equal('true');
    composer.readonly = false;
    composer.disabled = true;
    await composer.updateComplete;
    expect(editor.getAttribute('aria-disabled')).to.equal('true');
  });

  it('announces a chip removed with Backspace and brought back with undo', async () => {
    const composer = await composerFixture();
    composer.value = { text: `a ${S}`, records: [skill] };
    const announcer = () => composer.shadowRoot!.querySelector('.announcer[aria-live="polite"]')!.textContent!;
    await clickEditor(composer);
    await press('End');
    await press('Backspace');
    await composer.updateComplete;
    expect(announcer()).to.contain('pinchtab removed');
    await press('Control+z');
    await composer.updateComplete;
    expect(announcer()).to.contain('pinchtab added');
  });
});
