import { expect, html, oneEvent } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { dataset, file, image, link, mention, skill, terminal } from '../../../support/records.js';
import { chips, clickEditor, composerFixture, content, press, submissions, type } from './support.js';

describe('<t3-composer> API', () => {
  it('insertContext adds spaces as needed and puts the caret after the chip', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('look');
    expect(composer.insertContext(terminal, { label: 'T1' })).to.deep.equal({ ok: true, contextId: 'term_1' });
    await type('now');
    expect(composer.value.text).to.equal(`look ${link(terminal, 'T1')} now`);
    await press('Home');
    composer.insertContext(skill);
    expect(composer.value.text).to.equal(`${link(skill)} look ${link(terminal, 'T1')} now`);
  });

  it('inserts at the last known caret after focus moved to a side panel', async () => {
    const panel = document.createElement('button');
    panel.textContent = 'Insert terminal';
    document.body.append(panel);
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('before after');
    await press('ArrowLeft', 6);
    panel.addEventListener('click', () => composer.insertContext(terminal, { label: 'T1' }));
    const rect = panel.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.left + 5), Math.round(rect.top + 5)] });
    expect(composer.value.text).to.equal(`before ${link(terminal, 'T1')} after`);
    panel.remove();
  });

  it('appends when asked for the end, and when the editor is not mounted yet', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('a b');
    await press('Home');
    composer.insertContext(file, { at: 'end' });
    expect(composer.value.text).to.equal(`a b ${link(file)} `);

    const detached = document.createElement('t3-composer');
    expect(detached.insertContext(terminal)).to.deep.equal({ ok: true, contextId: 'term_1' });
    detached.insertText('and text');
    expect(detached.value.text).to.equal(`${link(terminal)} and text`);
    document.body.append(detached);
    await detached.updateComplete;
    expect(chips(detached)).to.have.length(1);
    expect(detached.value.records).to.deep.equal([terminal]);
    detached.remove();
  });

  it('rejects an invalid record with an error naming the field', async () => {
    const composer = await composerFixture();
    const result = composer.insertContext({ ...terminal, lineEnd: 1 });
    expect(result.ok).to.be.false;
    expect((result as { error: string }).error).to.contain('lineEnd');
    expect(composer.value.text).to.equal('');
  });

  it('refuses a 201st record with a visible notice', async () => {
    const composer = await composerFixture();
    const records = Array.from({ length: 200 }, (_, index) => ({
      ...skill,
      contextId: `s_${index}`,
      name: `skill ${index}`,
    }));
    composer.value = { text: records.map((record) => link(record)).join(' '), records };
    const result = composer.insertContext({ ...skill, contextId: 's_extra' });
    expect(result).to.deep.equal({ ok: false, error: 'A message can carry at most 200 context items.' });
    await composer.updateComplete;
    expect(composer.shadowRoot!.querySelector('[part~="notice"]')!.textContent).to.contain('200');
  });

  it('refuses a 257th chip, and refuses to submit a pasted draft over a limit', async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    composer.value = { text: Array.from({ length: 256 }, () => link(skill)).join(' '), records: [skill] };
    expect(composer.insertContext(skill).ok).to.be.false;
    composer.value = { text: Array.from({ length: 257 }, () => link(skill)).join(' '), records: [skill] };
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(257);
    expect(composer.submit()).to.be.false;
    expect(sent).to.have.length(0);
    await composer.updateComplete;
    expect(composer.shadowRoot!.querySelector('[part~="notice"]')!.textContent).to.contain('256');
  });

  it('removeContext removes every chip of an id; clear empties the draft', async () => {
    const composer = await composerFixture();
    composer.value = { text: `${link(skill)} x ${link(skill)} ${link(mention)}`, records: [skill, mention] };
    composer.removeContext('s_1');
    expect(composer.value.text).to.equal(` x  ${link(mention)}`);
    composer.clear();
    expect(composer.value).to.deep.equal({ text: '', records: [] });
  });

  for (const [text, left] of [
    [`a ${link(skill)} b`, 'a b'],
    [`${link(skill)} b`, 'b'],
    [`a ${link(skill)} `, 'a '],
    [`a ${link(skill)}`, 'a'],
    [`a${link(skill)}b`, 'ab'],
  ]) {
    it(`the remove button of a chip removes that chip and the space that set it apart: ${JSON.stringify(left)}`, async () => {
      const composer = await composerFixture();
      composer.value = { text, records: [skill] };
      const chip = chips(composer)[0];
      await chip.updateComplete;
      const remove = chip.shadowRoot!.querySelector('[part~="remove-button"]')!;
      const rect = remove.getBoundingClientRect();
      await sendMouse({
        type: 'click',
        position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)],
      });
      expect(composer.value.text).to.equal(left);
    });
  }

  it('submit carries text, context, prompt, annotations and attachments, and clears', async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    composer.value = {
      text: `  Fix ${link(terminal, 'T1')} per ${link(mention)} with ${link(dataset)}  `,
      records: [terminal, mention, dataset, file],
    };
    let inputs = 0;
    composer.addEventListener('input', () => inputs++);
    expect(composer.submit()).to.be.true;
    const [detail] = sent;
    expect(detail.text).to.equal(`Fix ${link(terminal, 'T1')} per ${link(mention)} with ${link(dataset)}`);
    expect(detail.context!.records.map((record) => record.contextId)).to.deep.equal(['term_1', 'm_1', 'dataset_users']);
    expect(detail.prompt).to.equal('Fix [Terminal: T1; ref=term_1] per @src/index.ts with @dataset:users');
    for (const annotation of detail.inputAnnotations) {
      expect(detail.prompt.slice(annotation.start, annotation.end)).to.equal(annotation.text);
    }
    expect(detail.attachments).to.deep.equal([]);
    expect(composer.value.text).to.equal('');
    expect(inputs).to.equal(1);
  });

  it('keeps the draft when the submit event is cancelled, and never submits an empty draft', async () => {
    const composer = await composerFixture();
    expect(composer.submit()).to.be.false;
    composer.addEventListener('t3-submit', (event) => event.preventDefault());
    composer.value = { text: 'keep me', records: [] };
    await clickEditor(composer);
    await press('Enter');
    expect(composer.value.text).to.equal('keep me');
  });

  it('the value round-trips through get and set', async () => {
    const composer = await composerFixture();
    const value = { text: `${link(image)} and ${link(terminal)}\nline two`, records: [image, terminal] };
    composer.value = value;
    expect(composer.value).to.deep.equal(value);
    const copy = await composerFixture();
    copy.value = composer.value;
    expect(copy.value).to.deep.equal(value);
    expect(chips(copy).map((chip) => chip.kind)).to.deep.equal(['image', 'terminal']);
  });

  it('behaves the same whether the value is set before or after attach', async () => {
    const early = document.createElement('t3-composer');
    early.value = { text: `x ${link(skill)}`, records: [skill] };
    document.body.append(early);
    const late = document.createElement('t3-composer');
    document.body.append(late);
    await Promise.all([early.updateComplete, late.updateComplete]);
    late.value = { text: `x ${link(skill)}`, records: [skill] };
    expect(late.value).to.deep.equal(early.value);
    expect(chips(late).length).to.equal(chips(early).length);
    early.remove();
    late.remove();
  });

  it('announces chip insertions and removals in a polite live region', async () => {
    const composer = await composerFixture();
    const announcer = () => composer.shadowRoot!.querySelector('.announcer[aria-live="polite"]')!;
    composer.insertContext(skill);
    await composer.updateComplete;
    expect(announcer().textContent).to.contain('pinchtab added');
    const chip = chips(composer)[0];
    await chip.updateComplete;
    const remove = chip.shadowRoot!.querySelector('[part~="remove-button"]')!;
    const rect = remove.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)],
    });
    await composer.updateComplete;
    expect(announcer().textContent).to.contain('pinchtab removed');
  });

  it('a chip in the draft fires t3-chip-activate out of the composer, marked as placed in the composer', async () => {
    const composer = await composerFixture();
    composer.value = { text: `see ${link(skill)}`, records: [skill] };
    const chip = chips(composer)[0];
    await chip.updateComplete;
    const label = chip.shadowRoot!.querySelector('[part~="label"]')!;
    const activated = oneEvent(composer, 't3-chip-activate');
    const rect = label.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)],
    });
    const event = await activated;
    expect(event.detail).to.deep.include({ kind: 'skill', contextId: 's_1', placement: 'composer' });
    expect(event.detail.record).to.deep.equal(skill);
  });

  it('announces with the locale strings', async () => {
    const composer = await composerFixture();
    composer.locale = { chipAdded: '{label} hinzugefügt', chipsRemoved: '{count} Verweise entfernt' };
    await composer.updateComplete;
    const announcer = () => composer.shadowRoot!.querySelector('.announcer')!.textContent!.trim();
    composer.insertContext(skill);
    await composer.updateComplete;
    expect(announcer()).to.equal('pinchtab hinzugefügt');
    composer.insertContext(mention);
    await clickEditor(composer);
    await press('Control+a');
    await press('Backspace');
    await composer.updateComplete;
    expect(announcer()).to.equal('2 Verweise entfernt');
  });

  it('never throws on bad property values', async () => {
    const composer = await composerFixture(html`<t3-composer max-length="abc"></t3-composer>`);
    Object.assign(composer, { value: null, providers: 'x', commands: 7, maxLength: -3, icons: 4 });
    composer.value = { text: 42 as never, records: 'nope' as never };
    await composer.updateComplete;
    expect(composer.value).to.deep.equal({ text: '', records: [] });
    await clickEditor(composer);
    await type('@/');
    expect(content(composer).textContent).to.contain('@/');
  });
});
