import { expect } from '@open-wc/testing';
import type { CommandInfo } from '../../../src/core/index.js';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { sendMouse } from '@web/test-runner-commands';
import {
  caret,
  centre,
  clickEditor,
  composerFixture,
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

/** A picked command is a token with fill-in argument slots, driven here with real keys. */

const commands: CommandInfo[] = [
  {
    name: 'review',
    description: 'Review a change',
    arguments: [
      { name: 'target', required: true },
      { name: 'focus', options: ['security', 'performance', 'style'] },
    ],
  },
  { name: 'deploy', argumentHint: '<env> --dry-run [region]', source: 'builtin-command' },
  { name: 'move', arguments: [{ name: 'source' }, { name: 'destination' }] },
];

const root = (composer: T3Composer) => composer.shadowRoot!;
const token = (composer: T3Composer) => root(composer).querySelector<HTMLElement>('.cm-content [part~="command"]');
const slots = (composer: T3Composer) => [
  ...root(composer).querySelectorAll<HTMLElement>('.cm-content [part~="argument"]'),
];
const activeSlot = (composer: T3Composer) =>
  root(composer).querySelector<HTMLElement>('.cm-content .cm-t3-argument-active')?.dataset.argument;
const options = (composer: T3Composer) =>
  [...root(composer).querySelectorAll('[role="option"]')].map((option) => option.textContent!.trim());
const notice = (composer: T3Composer) => root(composer).querySelector('[part~="notice"]')?.textContent ?? '';

async function pick(name: string): Promise<T3Composer> {
  const composer = await composerFixture();
  composer.commands = commands;
  await clickEditor(composer);
  await type(`/${name.slice(0, 3)}`);
  await waitFor(() => options(composer).length === 1, 'the command in the menu');
  await press('Enter');
  await waitFor(() => token(composer) !== null, 'the command token');
  return composer;
}

describe('<t3-composer> command slots', () => {
  it('a picked command becomes a token with one slot per argument, named but not in the text', async () => {
    const composer = await pick('review');
    expect(token(composer)!.textContent).to.equal('/review');
    expect(token(composer)!.querySelector('svg')).to.exist;
    expect(slots(composer).map((slot) => slot.dataset.argument)).to.deep.equal(['target', 'focus']);
    expect(slots(composer)[0]!.textContent).to.equal('target');
    expect(composer.value.text).to.equal('/review  ');
    expect(activeSlot(composer)).to.equal('target');
  });

  it('typing fills a slot; Tab and Shift+Tab move between slots and select them', async () => {
    const composer = await pick('review');
    await type('src/app.ts');
    expect(composer.value.text).to.equal('/review src/app.ts ');
    await press('Tab');
    expect(activeSlot(composer)).to.equal('focus');
    await type('speed');
    await press('Shift+Tab');
    expect(activeSlot(composer)).to.equal('target');
    expect(selection(composer)).to.deep.equal({ from: 8, to: 18 });
    await type('lib/x.ts');
    expect(composer.value.text).to.equal('/review lib/x.ts speed');
  });

  it('a slot with options opens its menu; picking an option fills it and moves on', async () => {
    const composer = await pick('review');
    await type('a.ts');
    await press('Tab');
    await waitFor(() => options(composer).length === 3, 'the options of focus');
    expect(options(composer)).to.deep.equal(['security', 'performance', 'style']);
    expect(root(composer).querySelector('[role="listbox"]')!.getAttribute('aria-label')).to.equal('focus');
    await type('per');
    await waitFor(() => options(composer).length === 1, 'the options filtered');
    await press('Enter');
    expect(composer.value.text).to.equal('/review a.ts performance ');
    await waitFor(() => options(composer).length === 0, 'the menu closed');
    const sent = submissions(composer);
    await press('Enter');
    expect(sent).to.have.length(1);
    expect(sent[0]!.prompt).to.equal('/review a.ts performance');
  });

  it('picking an option for the last slot with Enter or a click moves on, so the next words are free text', async () => {
    for (const how of ['Enter', 'click'] as const) {
      const composer = await pick('review');
      const sent = submissions(composer);
      await type('src/my file.ts');
      await press('Tab');
      await waitFor(() => options(composer).length === 3, 'the options of focus');
      if (how === 'Enter') {
        await press('ArrowDown');
        await press('Enter');
      } else {
        const option = [...root(composer).querySelectorAll<HTMLElement>('[role="option"]')][1]!;
        await sendMouse({ type: 'click', position: centre(option) });
      }
      await waitFor(() => options(composer).length === 0, 'the menu closed');
      expect(activeSlot(composer), how).to.equal(undefined);
      await type('please look at it');
      expect(
        slots(composer).map((slot) => slot.textContent),
        how,
      ).to.deep.equal(['src/my file.ts', 'performance']);
      await press('Enter');
      expect(sent[0]!.prompt, how).to.equal('/review "src/my file.ts" performance please look at it');
      expect(sent[0]!.inputAnnotations[0], how).to.deep.include({
        arguments: [
          { name: 'target', value: 'src/my file.ts' },
          { name: 'focus', value: 'performance' },
        ],
      });
    }
  });

  it('Tab in a slot menu skips the slot; Tab past the last slot reaches free text, and then leaves', async () => {
    const composer = await pick('review');
    await type('a.ts');
    await press('Tab');
    await waitFor(() => options(composer).length === 3, 'the options of focus');
    await press('Tab');
    await waitFor(() => options(composer).length === 0, 'the menu closed');
    await type('please');
    expect(composer.value.text).to.equal('/review a.ts  please');
    expect(activeSlot(composer)).to.equal(undefined);
    await press('Tab');
    expect(root(composer).activeElement?.classList.contains('cm-content')).to.equal(false);
  });

  it('Tab still leaves the editor when Backspace has joined two empty slots', async () => {
    const composer = await pick('move');
    await press('Tab');
    expect(activeSlot(composer)).to.equal('destination');
    await press('Backspace');
    expect(composer.value.text).to.equal('/move ');
    await press('Tab');
    await press('Tab');
    expect(root(composer).activeElement?.classList.contains('cm-content')).to.equal(false);
  });

  it('an empty required slot blocks the submit with a notice naming it, and selects it', async () => {
    const composer = await pick('review');
    const sent = submissions(composer);
    await press('Tab');
    await press('Escape');
    await press('Enter');
    expect(sent).to.have.length(0);
    expect(notice(composer)).to.contain('target');
    expect(activeSlot(composer)).to.equal('target');
    await type('main');
    await press('Enter');
    expect(sent).to.have.length(1);
  });

  it('sends the filled values in the prompt (quoted with spaces) and as the annotation’s arguments', async () => {
    const composer = await pick('review');
    const sent = submissions(composer);
    await type('my file.ts');
    await press('Enter');
    expect(sent).to.have.length(1);
    expect(sent[0]!.text).to.equal('/review "my file.ts"');
    expect(sent[0]!.prompt).to.equal('/review "my file.ts"');
    expect(sent[0]!.inputAnnotations).to.deep.equal([
      {
        type: 'command',
        start: 0,
        end: 7,
        text: '/review',
        command: { name: 'review', description: 'Review a change' },
        arguments: [{ name: 'target', value: 'my file.ts' }],
      },
    ]);
  });

  it('pasted text fills the slot the caret is in, quotes and backslashes kept in the value', async () => {
    const composer = await pick('move');
    const sent = submissions(composer);
    await navigator.clipboard.writeText('my "old"\\dir');
    await press('Control+v');
    await press('Tab');
    await navigator.clipboard.writeText('b.ts');
    await press('Control+v');
    expect(slots(composer).map((slot) => slot.textContent)).to.deep.equal(['my "old"\\dir', 'b.ts']);
    await press('Enter');
    expect(sent).to.have.length(1);
    expect(sent[0]!.text).to.equal('/move "my \\"old\\"\\\\dir" b.ts');
    expect(sent[0]!.inputAnnotations[0]).to.deep.include({
      arguments: [
        { name: 'source', value: 'my "old"\\dir' },
        { name: 'destination', value: 'b.ts' },
      ],
    });
  });

  it('slots come from an argument hint, with its flags kept as text', async () => {
    const composer = await pick('deploy');
    expect(slots(composer).map((slot) => slot.dataset.argument)).to.deep.equal(['env', 'region']);
    expect(composer.value.text).to.equal('/deploy  --dry-run ');
    const sent = submissions(composer);
    await type('prod');
    await press('Enter');
    expect(sent[0]!.prompt).to.equal('/deploy prod --dry-run');
    expect(sent[0]!.inputAnnotations[0]).to.have.deep.property('arguments', [{ name: 'env', value: 'prod' }]);
  });

  it('Backspace right after the token removes it in one undo step, leaving the arguments as text', async () => {
    const composer = await pick('review');
    await type('a.ts');
    await press('Tab');
    await press('Escape');
    await type('style');
    await press('Shift+Tab');
    await press('ArrowLeft');
    await press('Backspace');
    expect(token(composer)).to.equal(null);
    expect(slots(composer)).to.have.length(0);
    expect(composer.value.text).to.equal('a.ts style');
    expect(composer.command).to.equal(undefined);
    await press('Control+z');
    await waitFor(() => token(composer) !== null, 'the token back');
    expect(composer.value.text).to.equal('/review a.ts style');
    expect(slots(composer).map((slot) => slot.textContent)).to.deep.equal(['a.ts', 'style']);
    expect(composer.command?.name).to.equal('review');
  });

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
