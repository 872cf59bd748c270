import { expect, oneEvent } from '@open-wc/testing';
import { image, link, skill, terminal } from '../../../support/records.js';
import { chips, clickEditor, composerFixture, pngFile, press, thumbnails, type } from './support.js';

const notice = (composer: HTMLElement) => composer.shadowRoot!.querySelector('[part~="notice"]')?.textContent ?? '';

describe('<t3-composer> stash', () => {
  it('stash() moves the draft, chips and image included, to the front of stashes and clears the composer', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('fix ');
    composer.insertContext(terminal);
    composer.attachFiles([pngFile()]);
    let inputs = 0;
    composer.addEventListener('input', () => inputs++);
    const changed = oneEvent(composer, 't3-stash-change');
    expect(composer.stash()).to.be.true;
    const { detail } = await changed;
    expect(detail.stashes).to.have.length(1);
    expect(composer.stashes[0]!.preview).to.equal(`fix ${terminal.label} shot.png`);
    expect(composer.stashes[0]!.draft.attachments).to.have.length(1);
    expect(typeof composer.stashes[0]!.createdAt).to.equal('number');
    expect(composer.value.text).to.equal('');
    await composer.updateComplete;
    expect(thumbnails(composer)).to.have.length(0);
    expect(inputs).to.equal(1);
    expect(() => structuredClone(composer.stashes)).not.to.throw();
  });

  it('the preview reads as the chips do: a host kind with its value', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('count ');
    const dataset = {
      version: 1 as const,
      kind: 'dataset',
      contextId: 'dataset_orders',
      label: 'Dataset',
      payload: { serialized: '@dataset:orders', value: 'orders' },
    };
    expect(composer.insertContext(dataset).ok).to.be.true;
    await chips(composer)[0]!.updateComplete;
    expect(chips(composer)[0]!.shadowRoot!.textContent!.replace(/\s+/g, ' ')).to.contain('Dataset orders');
    expect(composer.stash()).to.be.true;
    expect(composer.stashes[0]!.preview).to.equal('count Dataset orders');
  });

  it('stashing an empty draft does nothing and says so', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('   ');
    let changes = 0;
    composer.addEventListener('t3-stash-change', () => changes++);
    expect(composer.stash()).to.be.false;
    await composer.updateComplete;
    expect(notice(composer)).to.contain('nothing to stash');
    expect(composer.stashes).to.deep.equal([]);
    expect(changes).to.equal(0);
  });

  it('counts an image alone as a draft, and blank lines as nothing', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type(' ');
    await press('Shift+Enter');
    await type('  ');
    await press('Shift+Enter');
    expect(composer.value.text).to.equal(' \n  \n');
    expect(composer.stash()).to.be.false;
    composer.attachFiles([pngFile()]);
    expect(composer.stash()).to.be.true;
    expect(composer.stashes[0]!.draft.attachments).to.have.length(1);
  });

  it('restores into an empty draft whole: chips, image and command', async () => {
    const composer = await composerFixture();
    composer.commands = [{ name: 'plan' }];
    const png = pngFile();
    composer.draft = {
      text: `/plan ${link(terminal)} ${link(image)}`,
      records: [terminal, image],
      attachments: [{ contextId: image.contextId, attachmentId: image.attachmentId, kind: 'image', file: png }],
      command: { name: 'plan' },
    };
    composer.stash();
    const id = composer.stashes[0]!.id;
    const changed = oneEvent(composer, 't3-stash-change');
    expect(composer.restoreStash(id)).to.be.true;
    expect((await changed).detail.stashes).to.deep.equal([]);
    await composer.updateComplete;
    expect(composer.value.text).to.equal(`/plan ${link(terminal)} ${link(image)}`);
    expect(composer.command?.name).to.equal('plan');
    expect(chips(composer)).to.have.length(2);
    expect(thumbnails(composer)).to.have.length(1);
    expect(composer.draft.attachments[0]!.file).to.equal(png);
    expect(composer.restoreStash(id)).to.be.false;
  });

  it('restores into a non-empty draft as a refused send comes back: in front of what was typed, one line break between', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await type('stashed words');
    composer.stash();
    await type('typed since');
    expect(composer.restoreStash(composer.stashes[0]!.id)).to.be.true;
    expect(composer.value.text).to.equal('stashed words\ntyped since');
    // The caret stays in what was being typed.
    await type('!');
    expect(composer.value.text).to.equal('stashed words\ntyped since!');
    await press('Control+z');
    await press('Control+z');
    expect(composer.value.text, 'one undo step takes the restore back').to.equal('typed since');
  });

  it('restores into a non-empty draft through the importer: same records reused, clashing ids renamed, files kept by id', async () => {
    const composer = await composerFixture();
    const otherSkill = { ...skill, name: 'other' };
    const png = pngFile();
    composer.draft = {
      text: `${link(terminal)} ${link(otherSkill)} ${link(image)}`,
      records: [terminal, otherSkill, image],
      attachments: [{ contextId: image.contextId, attachmentId: image.attachmentId, kind: 'image', file: png }],
    };
    composer.stash();
    await clickEditor(composer);
    await type('A  B');
    composer.insertContext(terminal);
    composer.insertContext(skill);
    await press('Home');
    await press('ArrowRight', 2);
    expect(composer.restoreStash(composer.stashes[0]!.id)).to.be.true;
    await composer.updateComplete;
    const { text, records } = composer.value;
    const ids = records.map((record) => record.contextId);
    expect(ids.filter((contextId) => contextId === 'term_1')).to.have.length(1);
    expect(ids).to.include('s_1-2');
    expect(records.find((record) => record.contextId === 's_1-2')).to.deep.include({ name: 'other' });
    expect(records.find((record) => record.contextId === 's_1')).to.deep.equal(skill);
    expect(text.startsWith(`${link(terminal)} ${link({ ...otherSkill, contextId: 's_1-2' })} `)).to.be.true;
    expect(text.endsWith(`\nA  B ${link(terminal)} ${link(skill)} `)).to.be.true;
    // An image whose id the draft does not hold comes back under the same ids, bytes and all.
    const restoredImage = composer.draft.attachments.find((attachment) => attachment.kind === 'image')!;
    expect(restoredImage).to.include({ contextId: image.contextId, attachmentId: image.attachmentId, file: png });
    expect(text).to.contain(link(image));
    expect(thumbnails(composer)).to.have.length(1);
    // One undo takes the whole restore back.
    await press('Control+z');
    await composer.updateComplete;
    expect(composer.value.text).to.equal(`A  B ${link(terminal)} ${link(skill)} `);
    expect(thumbnails(composer)).to.have.length(0);
  });

  it('keeps at most 20, newest first; the oldest goes with a notice; dropStash removes one', async () => {
    const composer = await composerFixture();
    for (let i = 1; i <= 21; i++) {
      composer.value = { text: `draft ${i}`, records: [] };
      expect(composer.stash()).to.be.true;
    }
    await composer.updateComplete;
    expect(composer.stashes).to.have.length(20);
    expect(composer.stashes[0]!.preview).to.equal('draft 21');
    expect(composer.stashes.at(-1)!.preview).to.equal('draft 2');
    expect(notice(composer)).to.contain('oldest');
    const changed = oneEvent(composer, 't3-stash-change');
    expect(composer.dropStash(composer.stashes[0]!.id)).to.be.true;
    expect((await changed).detail.stashes).to.have.length(19);
    expect(composer.dropStash('nope')).to.be.false;
  });
});
