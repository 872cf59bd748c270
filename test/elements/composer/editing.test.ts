import { expect, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { file, link, terminal, mention } from '../../../support/records.js';
import {
  chips,
  clickEditor,
  composerFixture,
  content,
  imeCommit,
  imeCompose,
  press,
  submissions,
  type,
  waitFor,
} from './support.js';

const T = link(terminal, 'T1');

describe('<t3-composer> editing', () => {
  it('types text into the draft and fires one input event per change', async () => {
    const composer = await composerFixture();
    let inputs = 0;
    composer.addEventListener('input', () => inputs++);
    await clickEditor(composer);
    await type('hello');
    expect(composer.value.text).to.equal('hello');
    expect(inputs).to.equal(5);
  });

  it('shows each link of the value as one chip with its record', async () => {
    const composer = await composerFixture();
    composer.value = { text: `Fix ${T} in ${link(file)}`, records: [terminal, file] };
    await composer.updateComplete;
    const found = chips(composer);
    expect(found.map((chip) => chip.contextId)).to.deep.equal(['term_1', 'file_1']);
    expect(found[0].record).to.deep.equal(terminal);
    expect(found.every((chip) => chip.placement === 'composer')).to.be.true;
    expect(found[0].shadowRoot!.querySelector('[part~="base"]')!.getAttribute('spellcheck')).to.equal('false');
    expect(composer.value).to.deep.equal({ text: `Fix ${T} in ${link(file)}`, records: [terminal, file] });
  });

  it('drops records no chip references when the value is set', async () => {
    const composer = await composerFixture();
    composer.value = { text: `Fix ${T}`, records: [terminal, file, { bogus: true } as never] };
    expect(composer.value.records).to.deep.equal([terminal]);
  });

  it('steps the caret over a chip as over one character, both ways', async () => {
    const composer = await composerFixture();
    composer.value = { text: `a ${T} b`, records: [terminal] };
    await clickEditor(composer);
    await press('End');
    await press('ArrowLeft', 3);
    await type('X');
    expect(composer.value.text).to.equal(`a X${T} b`);
    await press('ArrowRight');
    await type('Y');
    expect(composer.value.text).to.equal(`a X${T}Y b`);
  });

  it('keeps the chips after the caret as the same elements while typing right before them', async () => {
    const composer = await composerFixture();
    composer.value = { text: `a ${T}${link(file)} b`, records: [terminal, file] };
    await clickEditor(composer);
    await press('End');
    await press('ArrowLeft', 4);
    const before = chips(composer);
    await type('xyz');
    expect(composer.value.text).to.equal(`a xyz${T}${link(file)} b`);
    // Compared by identity: a failing `equal` on elements would print their whole object graph.
    const after = chips(composer);
    expect(after.map((chip) => chip.contextId)).to.deep.equal(['term_1', 'file_1']);
    expect(after.map((chip, index) => chip === before[index])).to.deep.equal([true, true]);
    await press('Backspace', 3);
    await press('Delete');
    expect(composer.value.text).to.equal(`a ${link(file)} b`);
    expect(chips(composer).map((chip) => chip === before[1])).to.deep.equal([true]);
  });

  it('extends a selection over a whole chip with Shift+Arrow', async () => {
    const composer = await composerFixture();
    composer.value = { text: `a${T}b`, records: [terminal] };
    await clickEditor(composer);
    await press('End');
    await press('ArrowLeft');
    await press('Shift+ArrowLeft');
    await type('Z');
    expect(composer.value.text).to.equal('aZb');
  });

  it('removes a chip with one Backspace, restores it with its record on undo, and redoes', async () => {
    const composer = await composerFixture();
    composer.value = { text: `see ${T}`, records: [terminal] };
    await clickEditor(composer);
    await press('End');
    await press('Backspace');
    expect(composer.value).to.deep.equal({ text: 'see ', records: [] });
    await press('Control+z');
    expect(composer.value).to.deep.equal({ text: `see ${T}`, records: [terminal] });
    await press('Control+Shift+Z');
    expect(composer.value.text).to.equal('see ');
    await press('Control+z');
    await press('Control+y');
    expect(composer.value.text).to.equal('see ');
  });

  it('removes a chip with one Delete', async () => {
    const composer = await composerFixture();
    composer.value = { text: `${T} after`, records: [terminal] };
    await clickEditor(composer);
    await press('Home');
    await press('Delete');
    expect(composer.value.text).to.equal(' after');
  });

  it('keeps the caret usable next to a chip at the end of a line', async () => {
    const composer = await composerFixture();
    composer.value = { text: `first ${T}\nsecond`, records: [terminal] };
    await clickEditor(composer);
    await press('ArrowUp');
    await press('End');
    await type('!');
    expect(composer.value.text).to.equal(`first ${T}!\nsecond`);
  });

  it('moves over chips in right-to-left text in visual order', async () => {
    const composer = await composerFixture(html`<t3-composer dir="rtl" label="Message"></t3-composer>`);
    composer.value = { text: `שלום ${T} עולם`, records: [terminal] };
    await clickEditor(composer);
    await press('Home');
    await press('ArrowLeft', 5);
    await type('X');
    expect(composer.value.text).to.equal(`שלום X${T} עולם`);
    await press('ArrowLeft');
    await type('Y');
    expect(composer.value.text).to.equal(`שלום X${T}Y עולם`);
  });

  it('Enter submits, Shift+Enter inserts a newline, whitespace alone does not submit', async () => {
    const composer = await composerFixture();
    const submitted = submissions(composer);
    await clickEditor(composer);
    await type('   ');
    await press('Enter');
    expect(submitted).to.have.length(0);
    await type('line one');
    await press('Shift+Enter');
    await type('line two');
    expect(composer.value.text).to.equal('   line one\nline two');
    await press('Enter');
    expect(submitted).to.have.length(1);
    expect(submitted[0].text).to.equal('line one\nline two');
    expect(composer.value.text).to.equal('');
  });

  it('never submits while an IME composition is active', async () => {
    const composer = await composerFixture();
    let submitted = 0;
    composer.addEventListener('t3-submit', () => submitted++);
    await clickEditor(composer);
    await imeCompose('にほん');
    await press('Enter');
    expect(submitted).to.equal(0);
    expect(submitted).to.equal(0);
    // Headless Chromium has no real IME to swallow that Enter, so the browser may add a line break;
    // what matters is that nothing was submitted and the composed text arrives intact.
    await imeCommit('日本');
    await waitFor(() => composer.value.text.startsWith('日本'), 'the composed text');
    expect(submitted).to.equal(0);
    await new Promise((resolve) => setTimeout(resolve, 100)); // a person's next key press, past Safari's confirm window
    await press('Enter');
    expect(submitted).to.equal(1);
  });

  it('composes the first character in an empty editor that shows its placeholder', async () => {
    const composer = await composerFixture(
      html`<t3-composer label="Message" placeholder="Ask anything"></t3-composer>`,
    );
    expect(composer.shadowRoot!.querySelector('.cm-placeholder')!.textContent).to.equal('Ask anything');
    await clickEditor(composer);
    await imeCompose('ㅇ');
    await imeCompose('안');
    await imeCompose('안녕');
    await imeCommit('안녕');
    await waitFor(() => composer.value.text === '안녕', 'the composed text');
    expect(composer.value.text).to.equal('안녕');
  });

  it('ignores the confirming Enter that Safari sends right after compositionend', async () => {
    const composer = await composerFixture();
    let submitted = 0;
    composer.addEventListener('t3-submit', () => submitted++);
    await clickEditor(composer);
    await type('abc');
    // Safari's order cannot be produced by Chromium's IME: compositionend, then a keydown with keyCode 13.
    const editor = content(composer);
    editor.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: 'abc' }));
    editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true, cancelable: true }));
    expect(submitted).to.equal(0);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await press('Enter');
    expect(submitted).to.equal(1);
  });

  it('during a composition neither ↑ recalls nor Ctrl+Shift+Enter sends', async () => {
    const composer = await composerFixture();
    composer.history = [{ text: 'an older message' }];
    composer.busy = true;
    let submitted = 0;
    composer.addEventListener('t3-submit', () => submitted++);
    await clickEditor(composer);
    await imeCompose('にほん');
    await press('ArrowUp');
    await press('Control+Shift+Enter');
    expect(submitted).to.equal(0);
    expect(composer.value.text).not.to.contain('an older message');
    await imeCommit('日本');
    await waitFor(() => composer.value.text.startsWith('日本'), 'the composed text');
    expect(composer.queue).to.deep.equal([]);
  });

  it("right after Safari's compositionend, only keys a command would take are held back", async () => {
    const composer = await composerFixture();
    composer.history = [{ text: 'an older message' }];
    await clickEditor(composer);
    await type('abc');
    // Safari's order cannot be produced by Chromium's IME: compositionend, then the keydown it belongs to.
    const editor = content(composer);
    const keydown = (key: string, keyCode: number) => {
      const event = new KeyboardEvent('keydown', { key, keyCode, bubbles: true, cancelable: true });
      editor.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: 'abc' }));
      editor.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(keydown('Tab', 9), 'Tab leaves the editor as usual: no menu is open').to.be.false;
    expect(keydown('Escape', 27), 'Escape: nothing to stop, no menu').to.be.false;
    expect(keydown('ArrowUp', 38), '↑ would recall: held back').to.be.true;
    expect(composer.value.text).to.equal('abc');
  });

  it('undo reverts a programmatic insertion in one step', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('note');
    composer.insertContext(mention);
    expect(composer.value.text).to.equal(`note ${link(mention)} `);
    await press('Control+z');
    expect(composer.value.text).to.equal('note');
  });

  it('has the label as its accessible name and multi-line textbox semantics', async () => {
    const composer = await composerFixture(html`<t3-composer label="Write a message"></t3-composer>`);
    const editor = content(composer);
    expect(editor.getAttribute('aria-label')).to.equal('Write a message');
    expect(editor.getAttribute('role')).to.equal('textbox');
    expect(editor.getAttribute('aria-multiline')).to.equal('true');
  });

  it('disabled and readonly stop editing', async () => {
    const composer = await composerFixture(html`<t3-composer label="m" readonly></t3-composer>`);
    composer.value = { text: 'fixed', records: [] };
    await clickEditor(composer);
    await type('x');
    expect(composer.value.text).to.equal('fixed');
    composer.readonly = false;
    composer.disabled = true;
    await composer.updateComplete;
    expect(content(composer).getAttribute('contenteditable')).to.equal('false');
    expect(composer.submit()).to.be.false;
  });

  it('max-length counts chips as one, blocks typing past it and cuts a paste with a notice', async () => {
    const composer = await composerFixture(html`<t3-composer label="m" max-length="8"></t3-composer>`);
    composer.value = { text: `ab ${T}`, records: [terminal] };
    await clickEditor(composer);
    await press('End');
    await type('cdefgh');
    expect(composer.value.text).to.equal(`ab ${T}cdef`);
    const notice = composer.shadowRoot!.querySelector('[part~="notice"]')!;
    expect(notice.textContent).to.contain('too long');
  });

  it('grows with its content up to a maximum height, then scrolls', async () => {
    const composer = await composerFixture();
    const editor = composer.shadowRoot!.querySelector<HTMLElement>('.cm-editor')!;
    const oneLine = editor.getBoundingClientRect().height;
    composer.value = { text: 'line\n'.repeat(3), records: [] };
    await composer.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const threeLines = editor.getBoundingClientRect().height;
    expect(threeLines).to.be.greaterThan(oneLine);
    composer.value = { text: 'line\n'.repeat(60), records: [] };
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const scroller = composer.shadowRoot!.querySelector<HTMLElement>('.cm-scroller')!;
    expect(scroller.scrollHeight).to.be.greaterThan(scroller.clientHeight);
    expect(editor.getBoundingClientRect().height).to.be.lessThan(400);
  });

  it('is form-associated: the form value is the canonical text and Enter never submits the form', async () => {
    const form = document.createElement('form');
    let formSubmitted = false;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      formSubmitted = true;
    });
    const composer = document.createElement('t3-composer');
    composer.name = 'message';
    composer.label = 'm';
    form.append(composer);
    document.body.append(form);
    await composer.updateComplete;
    composer.value = { text: `hi ${T}`, records: [terminal] };
    expect(new FormData(form).get('message')).to.equal(`hi ${T}`);
    await clickEditor(composer);
    const submit = oneEvent(composer, 't3-submit');
    await sendKeys({ press: 'Enter' });
    await submit;
    expect(formSubmitted).to.be.false;
    composer.value = { text: 'draft', records: [] };
    form.reset();
    expect(composer.value.text).to.equal('');
    form.remove();
  });
});
