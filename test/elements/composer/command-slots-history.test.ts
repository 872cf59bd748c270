import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import {
  caret,
  centre,
  imeCommit,
  imeCompose,
  memoryStorage,
  press,
  selection,
  submissions,
  type,
  waitFor,
} from './support.js';
import { expectNoAxeViolations, LOOKS, resetLook, showLook } from '../support/axe.js';
import { commands, root, token, slots, activeSlot, options, pick } from './command-slots-fixtures.js';

/** A picked command is a token with fill-in argument slots, driven here with real keys. */
describe('<t3-composer> command slots: undo, storage, recall, input methods and reading order', () => {
  it('undo brings back slots a deletion collapsed', async () => {
    const composer = await pick('review');
    await type('a.ts');
    await press('Tab');
    await press('Escape');
    await press('Shift+Tab');
    expect(selection(composer)).to.deep.equal({ from: 8, to: 12 });
    await press('Backspace');
    expect(composer.value.text).to.equal('/review  ');
    await press('Control+z');
    expect(composer.value.text).to.equal('/review a.ts ');
    expect(slots(composer).map((slot) => slot.dataset.argument)).to.deep.equal(['target', 'focus']);
    expect(slots(composer)[0]!.textContent).to.equal('a.ts');
  });

  it('undo and redo step through slot edits and keep every value in its slot', async () => {
    const composer = await pick('move');
    await type('a.ts');
    await press('Tab');
    await type('b.ts');
    const filled = () => slots(composer).map((slot) => [slot.dataset.argument, slot.textContent]);
    await press('Control+z');
    expect(composer.value.text).to.equal('/move a.ts ');
    expect(filled()).to.deep.equal([
      ['source', 'a.ts'],
      ['destination', 'destination'],
    ]);
    await press('Control+Shift+Z');
    expect(composer.value.text).to.equal('/move a.ts b.ts');
    expect(filled()).to.deep.equal([
      ['source', 'a.ts'],
      ['destination', 'b.ts'],
    ]);
    await press('Control+z');
    await press('Control+z');
    await press('Control+Shift+Z');
    await press('Control+Shift+Z');
    expect(filled()).to.deep.equal([
      ['source', 'a.ts'],
      ['destination', 'b.ts'],
    ]);
    await type('x');
    expect(filled()).to.deep.equal([
      ['source', 'a.ts'],
      ['destination', 'b.tsx'],
    ]);
  });

  it('the draft value, the stash and a reload keep the token and the filled slots', async () => {
    const composer = await pick('review');
    await type('a.ts');
    const expected = [
      { name: 'target', from: 8, to: 12 },
      { name: 'focus', from: 13, to: 13 },
    ];
    expect(composer.draft.command).to.deep.equal({ name: 'review', slots: expected });
    expect(composer.stash()).to.equal(true);
    expect(token(composer)).to.equal(null);
    composer.restoreStash(composer.stashes[0]!.id);
    await composer.updateComplete;
    expect(token(composer)).to.exist;
    expect(slots(composer).map((slot) => slot.dataset.argument)).to.deep.equal(['target', 'focus']);
    expect(composer.draft.command).to.deep.equal({ name: 'review', slots: expected });

    const storage = memoryStorage();
    const saved = document.createElement('t3-composer');
    saved.commands = commands;
    saved.draftStorage = storage;
    saved.draftKey = 'slots';
    document.body.append(saved);
    await saved.updateComplete;
    saved.draft = composer.draft;
    await waitFor(() => storage.saved.get('slots')?.draft?.command?.slots?.length === 2, 'the draft saved');
    saved.remove();
    const reloaded = document.createElement('t3-composer');
    reloaded.draftStorage = storage;
    reloaded.draftKey = 'slots';
    document.body.append(reloaded);
    try {
      await waitFor(() => reloaded.value.text === '/review a.ts ', 'the draft restored');
      await reloaded.updateComplete;
      expect(token(reloaded)).to.exist;
      expect(slots(reloaded).map((slot) => slot.dataset.argument)).to.deep.equal(['target', 'focus']);
      expect(slots(reloaded)[0]!.textContent).to.equal('a.ts');
    } finally {
      reloaded.remove();
    }
  });

  it('↑ recalls a sent command with its token and filled slots', async () => {
    const composer = await pick('review');
    const sent = submissions(composer);
    await type('a.ts');
    await press('Enter');
    expect(sent).to.have.length(1);
    expect(composer.value.text).to.equal('');
    await press('ArrowUp');
    await waitFor(() => token(composer) !== null, 'the recalled token');
    expect(composer.value.text).to.equal('/review a.ts ');
    expect(slots(composer).map((slot) => [slot.dataset.argument, slot.textContent])).to.deep.equal([
      ['target', 'a.ts'],
      ['focus', 'focus'],
    ]);
  });

  it('an IME composition fills a slot, and its confirming Enter does not send', async () => {
    const composer = await pick('review');
    const sent = submissions(composer);
    await imeCompose('にほん');
    await imeCommit('日本');
    expect(composer.value.text).to.equal('/review 日本 ');
    await waitFor(() => slots(composer)[0]?.textContent === '日本', 'the slot drawn around the confirmed text');
    expect(sent).to.have.length(0);
    await press('Enter');
    expect(sent).to.have.length(1);
    expect(sent[0]!.inputAnnotations[0]).to.have.deep.property('arguments', [{ name: 'target', value: '日本' }]);
  });

  it('is axe-clean with the token, a filled and an empty slot, and a slot menu open, light and dark', async () => {
    const composer = await pick('review');
    await type('a.ts');
    await press('Tab');
    await waitFor(() => options(composer).length === 3, 'the options of focus');
    try {
      for (const look of LOOKS) {
        await showLook(look);
        await expectNoAxeViolations(composer, `${look.width}px ${look.scheme}`);
      }
    } finally {
      await resetLook();
    }
  });

  it('a click on an empty slot puts the caret in it; a click on an option fills it', async () => {
    const composer = await pick('review');
    await type('a.ts');
    const focus = slots(composer).find((slot) => slot.dataset.argument === 'focus')!;
    await sendMouse({ type: 'click', position: centre(focus) });
    await waitFor(() => activeSlot(composer) === 'focus', 'the caret in focus');
    await waitFor(() => options(composer).length === 3, 'the options of focus');
    const style = [...root(composer).querySelectorAll<HTMLElement>('[role="option"]')].find(
      (option) => option.textContent!.trim() === 'style',
    )!;
    await sendMouse({ type: 'click', position: centre(style) });
    expect(composer.value.text).to.equal('/review a.ts style ');
    await type('!');
    expect(slots(composer).map((slot) => slot.textContent)).to.deep.equal(['a.ts', 'style']);
    expect(composer.value.text).to.equal('/review a.ts style !');
    const target = slots(composer)[0]!;
    await sendMouse({ type: 'click', position: centre(target) });
    await waitFor(() => activeSlot(composer) === 'target', 'the caret in target');
  });

  it('the arrow keys walk a Hebrew argument and never stop inside the token', async () => {
    const composer = await pick('review');
    await type('שלום עולם');
    const length = composer.value.text.length;
    const seen = new Set<number>([caret(composer)]);
    for (let step = 0; step < 15; step++) {
      await press('ArrowLeft');
      seen.add(caret(composer));
    }
    for (let step = 0; step < 15; step++) {
      await press('ArrowRight');
      seen.add(caret(composer));
    }
    expect(
      [...seen].filter((position) => position > 0 && position < 8),
      'positions inside the token',
    ).to.deep.equal([]);
    expect(seen.has(0), 'the caret reached the start').to.equal(true);
    expect(seen.has(length - 1), 'the caret reached the end of the argument').to.equal(true);
  });
});
