import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { AttachmentRemoveDetail } from '../../../src/elements/composer/composer.js';
import { image, link, skill, terminal } from '../../../support/records.js';
import { centre, chips, clickEditor, composerFixture, content, press, submissions, type, waitFor } from './support.js';
import { S, countInputs } from './hardening-fixtures.js';

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
