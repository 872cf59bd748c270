import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { link, terminal } from '../../../support/records.js';
import {
  caret,
  chips,
  clickEditor,
  composerFixture,
  content,
  imeCommit,
  imeCompose,
  imeDeleteBackward,
  imeRecompose,
  press,
  waitFor,
} from '../composer/support.js';
import type { T3Composer } from '../../../src/elements/composer/composer.js';

/*
 * Run with an Android phone's user agent (the `android` group): the editor then takes its Android
 * input paths, and the keyboard sees the draft's canonical text (an EditContext), so replacement
 * ranges count a chip as its whole link.
 *
 * What the DevTools protocol cannot produce for real: the calls an Android keyboard makes through
 * Chromium's InputConnection (`deleteSurroundingText`, `setComposingRegion`), which reach the page
 * as `beforeinput` without any key. The nearest the protocol gives is used instead: a keyCode 229
 * key carrying the `deleteBackward` editing command (Chromium turns it into `deleteContentBackward`),
 * and `Input.imeSetComposition` with a replacement range for a word the keyboard recomposes
 * (`insertCompositionText`).
 */

const T = link(terminal, 'T1');

/** Lets the editor take in what the keyboard did. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

async function draft(text: string): Promise<T3Composer> {
  const composer = await composerFixture();
  composer.value = { text, records: [terminal] };
  await clickEditor(composer);
  return composer;
}

function expectChipWhole(composer: T3Composer, text: string): void {
  expect(composer.value).to.deep.equal({ text, records: [terminal] });
  expect(chips(composer).map((chip) => chip.contextId)).to.deep.equal(['term_1']);
}

describe('<t3-composer> with an Android keyboard', () => {
  it('runs with the Android input paths', () => {
    expect(navigator.userAgent).to.contain('Android');
  });

  it('send-key auto: on the touch-only phone the keyboard’s Enter breaks a line, labelled as such', async () => {
    await executeServerCommand('emulate-media-features', { features: [{ name: 'pointer', value: 'coarse' }] });
    try {
      await waitFor(() => matchMedia('(pointer: coarse) and (not (any-pointer: fine))').matches, 'a touch-only phone');
      const composer = await draft(`see ${T}`);
      let sent = 0;
      composer.addEventListener('t3-submit', () => sent++);
      await waitFor(() => content(composer).getAttribute('enterkeyhint') === 'enter', 'the Enter key labelled');
      await press('End');
      await press('Enter');
      await imeCompose('ok');
      await imeCommit('ok');
      await settle();
      expectChipWhole(composer, `see ${T}\nok`);
      expect(sent).to.equal(0);
    } finally {
      await executeServerCommand('emulate-media-features', { features: [] });
    }
  });

  it('recomposes a whole word right before a chip and commits the correction', async () => {
    const composer = await draft(`helo${T} world`);
    await press('Home');
    await press('ArrowRight', 2);
    const chip = chips(composer)[0];
    await imeRecompose('hello', 0, 4);
    await imeCommit('hello');
    await settle();
    expectChipWhole(composer, `hello${T} world`);
    expect(chips(composer)[0]).to.equal(chip);
    expect(caret(composer)).to.equal(5);
  });

  it('recomposes a word before a chip across several composition steps', async () => {
    const composer = await draft(`teh ${T}`);
    await press('Home');
    await press('ArrowRight', 3);
    await imeRecompose('the', 0, 3);
    await imeCompose('they');
    await imeCommit('they');
    await settle();
    expectChipWhole(composer, `they ${T}`);
  });

  it('recomposes a word after a chip at its offsets in the canonical text', async () => {
    const composer = await draft(`see ${T} wrold`);
    await press('End');
    const start = `see ${T} `.length;
    await imeRecompose('world', start, start + 5);
    await imeCommit('world');
    await settle();
    expectChipWhole(composer, `see ${T} world`);
  });

  it('removes a whole chip with one keyboard deletion right after it, and undo brings it back', async () => {
    const composer = await draft(`see ${T} x`);
    await press('End');
    await press('ArrowLeft', 2);
    await imeDeleteBackward();
    await waitFor(() => composer.value.text === 'see  x', 'the chip removed');
    expect(composer.value.records).to.deep.equal([]);
    expect(chips(composer)).to.have.length(0);
    await press('Control+z');
    expectChipWhole(composer, `see ${T} x`);
  });

  it('deletes the character before a chip and leaves the chip alone', async () => {
    const composer = await draft(`ab${T}`);
    await press('Home');
    await press('ArrowRight', 2);
    await imeDeleteBackward();
    await waitFor(() => composer.value.text === `a${T}`, 'one character deleted');
    expectChipWhole(composer, `a${T}`);
  });

  it('composes right after a chip, backspaces the composition away, then deletes the chip', async () => {
    const composer = await draft(`see ${T}`);
    await press('End');
    for (const step of ['w', 'wo', 'wor', 'wo', 'w']) await imeCompose(step);
    await imeCommit('w');
    await settle();
    expectChipWhole(composer, `see ${T}w`);
    await imeDeleteBackward();
    await waitFor(() => composer.value.text === `see ${T}`, 'the composed letter deleted');
    expectChipWhole(composer, `see ${T}`);
    await imeDeleteBackward();
    await waitFor(() => composer.value.text === 'see ', 'the chip removed');
    expect(composer.value.records).to.deep.equal([]);
  });

  it('composes right before a chip without duplicating text', async () => {
    const composer = await draft(`${T} end`);
    await press('Home');
    for (const step of ['に', 'にほ', 'にほん']) await imeCompose(step);
    await imeCommit('日本');
    await settle();
    expectChipWhole(composer, `日本${T} end`);
  });

  it('never splits a chip when a replacement range reaches into its link', async () => {
    const composer = await draft(`helo${T} x`);
    await press('Home');
    await press('ArrowRight', 2);
    // The keyboard's idea of the word runs into the link; it writes back what it saw, corrected.
    await imeRecompose('hello[T1', 0, 7);
    await imeCommit('hello[T1');
    await settle();
    expectChipWhole(composer, `hello${T} x`);
  });

  it('never edits the inside of a chip’s link', async () => {
    const composer = await draft(`see ${T} x`);
    await press('End');
    const end = `see ${T}`.length;
    await imeRecompose('term_2)', end - 7, end);
    await imeCommit('term_2)');
    await settle();
    expectChipWhole(composer, `see ${T} x`);
  });

  it('removes a chip whole when a keyboard deletion range reaches into it', async () => {
    const composer = await draft(`see ${T} x`);
    await press('End');
    const end = `see ${T}`.length;
    // A word deletion that counts the link's tail as the word before the space.
    await imeRecompose(' x', end - 6, end + 2);
    await imeCommit(' x');
    await settle();
    expect(composer.value.text).to.equal('see  x');
    expect(chips(composer)).to.have.length(0);
  });
});
