import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { AttachmentRemoveDetail, T3Composer } from '../../../src/elements/composer/composer.js';
import type { MentionProvider } from '../../../src/elements/composer/menu/providers.js';
import { image, link, mention, skill, terminal } from '../../../support/records.js';
import {
  caret,
  centre,
  chips,
  clickEditor,
  composerFixture,
  content,
  press,
  selection,
  submissions,
  type,
  waitFor,
} from './support.js';

const T = link(terminal, 'T1');
const S = link(skill);

function menu(composer: T3Composer): HTMLElement | null {
  return composer.shadowRoot!.querySelector('[part~="menu"]');
}

function options(composer: T3Composer): string[] {
  return [...composer.shadowRoot!.querySelectorAll('[role="option"] .option-label')].map((label) => label.textContent!);
}

function countInputs(composer: T3Composer): { count: number } {
  const counter = { count: 0 };
  composer.addEventListener('input', () => counter.count++);
  return counter;
}

function nextClipboardWrite(): Promise<void> {
  return new Promise((resolve) => document.addEventListener('copy', () => resolve(), { once: true }));
}

const files: MentionProvider = {
  id: 'files',
  label: 'Files',
  search: (query) =>
    [{ id: 'index', label: 'src/index.ts', record: mention }].filter((item) => item.label.includes(query)),
};

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

describe('<t3-composer> menu robustness', () => {
  it('closes when the editor loses focus or the caret leaves the query, and reopens when the query changes after Escape', async () => {
    const outside = document.createElement('button');
    outside.textContent = 'outside';
    document.body.append(outside);
    const composer = await composerFixture();
    composer.providers = [files];
    await clickEditor(composer);
    await type('hi @src');
    await waitFor(() => menu(composer) !== null, 'the menu');
    await sendMouse({ type: 'click', position: centre(outside) });
    await waitFor(() => menu(composer) === null, 'the menu to close on blur');
    expect(content(composer).hasAttribute('aria-controls')).to.be.false;
    await clickEditor(composer);
    await waitFor(() => menu(composer) !== null, 'the menu again');
    await press('Home');
    await composer.updateComplete;
    expect(menu(composer) === null, 'the menu is closed').to.be.true;
    await press('End');
    await waitFor(() => menu(composer) !== null, 'the menu at the end');
    await press('Escape');
    await composer.updateComplete;
    expect(menu(composer) === null, 'the menu is closed').to.be.true;
    await type('/');
    await waitFor(() => menu(composer) !== null, 'the menu after the query changed');
    outside.remove();
  });

  it('never shows results that arrive after the menu closed', async () => {
    let answer!: () => void;
    const composer = await composerFixture();
    composer.providers = [
      {
        id: 'late',
        label: 'Late',
        // Ignores its abort signal on purpose.
        search: () => new Promise((resolve) => (answer = () => resolve([{ id: 'x', label: 'stale item' }]))),
      },
    ];
    await clickEditor(composer);
    await type('@st');
    await waitFor(() => typeof answer === 'function', 'the query');
    await press('Escape');
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await composer.updateComplete;
    expect(menu(composer) === null, 'the menu is closed').to.be.true;
    expect(composer.shadowRoot!.textContent).not.to.contain('stale item');
  });

  it('Enter while results are loading neither picks nor submits the half-typed mention', async () => {
    const composer = await composerFixture();
    let release!: () => void;
    composer.providers = [
      {
        id: 'slow',
        label: 'Slow',
        search: () => new Promise((resolve) => (release = () => resolve([{ id: 'a', label: 'alpha' }]))),
      },
    ];
    const sent = submissions(composer);
    await clickEditor(composer);
    await type('@al');
    await waitFor(() => typeof release === 'function', 'the query');
    await press('Enter');
    expect(sent).to.have.length(0);
    expect(composer.value.text).to.equal('@al');
    release();
    await waitFor(() => options(composer).length === 1, 'the results');
    await press('Enter');
    expect(composer.value.text).to.equal('@alpha ');
  });

  it('setting value while the menu is open closes it; Enter then submits the new value untouched', async () => {
    const composer = await composerFixture();
    composer.providers = [files];
    const sent = submissions(composer);
    await clickEditor(composer);
    await type('@src');
    await waitFor(() => options(composer).length === 1, 'the option');
    composer.value = { text: 'replaced draft', records: [] };
    await composer.updateComplete;
    expect(menu(composer) === null, 'the menu is closed').to.be.true;
    expect(content(composer).hasAttribute('aria-controls')).to.be.false;
    await press('Enter');
    expect(sent.map((detail) => detail.text)).to.deep.equal(['replaced draft']);
  });

  it('disabling while focused stops typing, closes the menu, and enabling again restores editing', async () => {
    const composer = await composerFixture();
    composer.providers = [files];
    await clickEditor(composer);
    await type('@src');
    await waitFor(() => menu(composer) !== null, 'the menu');
    composer.disabled = true;
    await composer.updateComplete;
    expect(menu(composer) === null, 'the menu is closed').to.be.true;
    await type('x');
    await press('Enter');
    expect(composer.value.text).to.equal('@src');
    composer.disabled = false;
    await composer.updateComplete;
    await clickEditor(composer);
    await press('End');
    await type(' ok');
    expect(composer.value.text).to.equal('@src ok');
  });

  it('subcommands: Escape dismisses, typing reopens, and removing the command token returns to commands', async () => {
    const composer = await composerFixture();
    composer.commands = [{ name: 'theme', subcommands: ['light', 'dark'] }, { name: 'help' }];
    await clickEditor(composer);
    await type('/th');
    await waitFor(() => options(composer).length === 1, 'the command');
    await press('Enter');
    await waitFor(() => options(composer).length === 2, 'the subcommands');
    await press('Escape');
    await composer.updateComplete;
    expect(menu(composer) === null, 'the menu is closed').to.be.true;
    await type('d');
    await waitFor(() => options(composer).join() === 'dark', 'the filtered subcommand');
    // The picked command is a token: Backspace after it removes it whole, and `/` starts over.
    await press('Backspace', 2);
    expect(composer.value.text).to.equal('');
    await type('/th');
    await waitFor(() => options(composer).join() === '/theme', 'the command menu again');
  });
});

describe('<t3-composer> draft bookkeeping', () => {
  it('fires exactly one input per change, none for value and none leaking from the editor', async () => {
    const composer = await composerFixture();
    const inputs = countInputs(composer);
    let native = 0;
    composer.addEventListener('beforeinput', () => native++);
    composer.value = { text: `a ${S}`, records: [skill] };
    expect(inputs.count).to.equal(0);
    await clickEditor(composer);
    await press('End');
    await press('Backspace');
    expect(inputs.count).to.equal(1);
    await press('Control+z');
    expect(inputs.count).to.equal(2);
    composer.insertContext(terminal);
    expect(inputs.count).to.equal(3);
    expect(native).to.equal(0);
  });

  it('removing a referenced image from the shelf fires one input', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(8)], 'a.png', { type: 'image/png' }));
    content(composer).dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
    await composer.updateComplete;
    const inputs = countInputs(composer);
    await sendMouse({ type: 'click', position: centre(composer.shadowRoot!.querySelector('.remove-attachment')!) });
    await composer.updateComplete;
    await sendMouse({ type: 'click', position: centre(composer.shadowRoot!.querySelector('.confirm-remove')!) });
    expect(inputs.count).to.equal(1);
    expect(composer.value.records).to.deep.equal([]);
  });

  it('undoing the deletion of a file chip brings the file back into the submission', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    const data = new DataTransfer();
    data.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    content(composer).dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
    const removed: AttachmentRemoveDetail[] = [];
    composer.addEventListener('t3-attachment-remove', (event) => removed.push(event.detail));
    await press('End');
    await press('Backspace');
    await press('Backspace');
    expect(removed).to.have.length(1);
    await press('Control+z');
    expect(chips(composer)).to.have.length(1);
    const sent = submissions(composer);
    await press('Enter');
    expect(sent[0].attachments.map((attachment) => attachment.file.name)).to.deep.equal(['notes.txt']);
  });

  it('a chip remove button does nothing in a read-only composer', async () => {
    const composer = await composerFixture(html`<t3-composer label="m" readonly></t3-composer>`);
    composer.value = { text: `a ${S}`, records: [skill] };
    const [chip] = chips(composer);
    await chip.updateComplete;
    expect(chip.removable).to.be.false;
    chip.dispatchEvent(
      new CustomEvent('t3-chip-remove', { detail: { kind: 'skill', contextId: 's_1' }, bubbles: true, composed: true }),
    );
    expect(composer.value.text).to.equal(`a ${S}`);
  });

  it('an asset that arrives after the draft was replaced is dropped', async () => {
    let release!: (blob: Blob) => void;
    const composer = await composerFixture(html`<t3-composer label="m" environment-id="env"></t3-composer>`);
    composer.resolveAsset = () => new Promise<Blob>((resolve) => (release = resolve));
    await composer.updateComplete;
    await clickEditor(composer);
    const { encodeClipboardFragment, CONTEXT_CLIPBOARD_MIME } = await import('../../../src/core/index.js');
    const data = new DataTransfer();
    data.setData(
      CONTEXT_CLIPBOARD_MIME,
      encodeClipboardFragment({ version: 1, source: { environmentId: 'env' }, records: [image] })!,
    );
    data.setData('text/plain', link(image));
    content(composer).dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
    await waitFor(() => typeof release === 'function', 'the fetch');
    composer.value = { text: 'other', records: [] };
    release(new Blob(['x'], { type: 'image/png' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await composer.updateComplete;
    expect(composer.shadowRoot!.querySelectorAll('[part~="attachment"]')).to.have.length(0);
    const sent = submissions(composer);
    expect(composer.submit()).to.be.true;
    expect(sent[0].attachments).to.deep.equal([]);
  });

  it('typing in a draft of 1,000 chips re-renders none of them', async () => {
    const composer = await composerFixture();
    const records = Array.from({ length: 150 }, (_, index) => ({ ...skill, contextId: `s_${index}` }));
    composer.value = {
      text: Array.from({ length: 1000 }, (_, index) => link(records[index % 150]!)).join('\n'),
      records,
    };
    composer.focus();
    await press('Control+End');
    for (let frame = 0; frame < 3; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const before = new Set(chips(composer));
    const chipClass = customElements.get('t3-context-chip')! as unknown as { prototype: { render(): unknown } };
    const render = chipClass.prototype.render;
    let renders = 0;
    chipClass.prototype.render = function (this: unknown) {
      renders++;
      return render.call(this);
    };
    try {
      await type(' typed');
      for (let frame = 0; frame < 3; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    } finally {
      chipClass.prototype.render = render;
    }
    const after = chips(composer);
    expect(renders).to.equal(0);
    expect(after.every((chip) => before.has(chip))).to.be.true;
    expect(composer.value.text.endsWith(' typed')).to.be.true;
    expect(composer.value.records).to.have.length(150);
  });
});

describe('<t3-composer> lifecycle, focus and forms', () => {
  it('a composer moved in the DOM keeps its draft and undo history; removal releases the editor', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('abc');
    const other = document.createElement('div');
    document.body.append(other);
    other.append(composer);
    await composer.updateComplete;
    expect(composer.value.text).to.equal('abc');
    await clickEditor(composer);
    await press('Control+z');
    expect(composer.value.text).to.equal('');
    composer.remove();
    expect(composer.shadowRoot!.querySelector('.cm-editor')).to.be.null;
    composer.insertText('later');
    expect(composer.value.text).to.equal('later');
    other.append(composer);
    expect(content(composer).textContent).to.equal('later');
    other.remove();
  });

  it('focus() before mount focuses the editor once mounted; disabled composers ignore it', async () => {
    const composer = document.createElement('t3-composer');
    composer.focus();
    document.body.append(composer);
    await composer.updateComplete;
    expect(composer.shadowRoot!.activeElement).to.equal(content(composer));
    composer.blur();
    composer.disabled = true;
    await composer.updateComplete;
    composer.focus();
    expect(composer.shadowRoot!.activeElement).to.be.null;
    composer.remove();
  });

  it('a disabled fieldset disables it and re-enabling restores it; reset empties it', async () => {
    const form = await fixture<HTMLFormElement>(
      html`<form><fieldset><t3-composer name="m" label="m"></t3-composer></fieldset></form>`,
    );
    const composer = form.querySelector('t3-composer')!;
    const fieldset = form.querySelector('fieldset')!;
    await composer.updateComplete;
    fieldset.disabled = true;
    await composer.updateComplete;
    expect(content(composer).getAttribute('contenteditable')).to.equal('false');
    expect(composer.disabled).to.be.false;
    fieldset.disabled = false;
    await composer.updateComplete;
    expect(content(composer).getAttribute('contenteditable')).to.equal('true');
    await clickEditor(composer);
    await type('draft');
    expect(new FormData(form).get('m')).to.equal('draft');
    const inputs = countInputs(composer);
    form.reset();
    expect(composer.value.text).to.equal('');
    expect(new FormData(form).get('m')).to.equal('');
    expect(inputs.count).to.equal(1);
  });
});
