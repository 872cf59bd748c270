import { expect, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { centre, part } from '../support/interaction.js';
import { clickEditor, composerFixture, content, press, submissions, type, waitFor } from './support.js';

const TOUCH_ONLY = '(pointer: coarse) and (not (any-pointer: fine))';

async function composerWith(sendKey: string | null): Promise<T3Composer> {
  const composer = await composerFixture(
    sendKey === null
      ? html`<t3-composer label="Message"></t3-composer>`
      : html`<t3-composer label="Message" send-key=${sendKey}></t3-composer>`,
  );
  await clickEditor(composer);
  return composer;
}

const hint = (composer: T3Composer) => content(composer).getAttribute('enterkeyhint');

/** A phone: a finger is the only pointer. */
async function touchOnly(): Promise<void> {
  await executeServerCommand('emulate-media-features', {
    features: [
      { name: 'pointer', value: 'coarse' },
      { name: 'any-pointer', value: 'coarse' },
    ],
  });
  await waitFor(() => matchMedia(TOUCH_ONLY).matches, 'a touch-only device');
}

describe('<t3-composer send-key>', () => {
  afterEach(() => executeServerCommand('emulate-media-features', { features: [] }));

  it('enter: Enter sends, Shift+Enter breaks a line, Ctrl+Enter sends too', async () => {
    const composer = await composerWith('enter');
    const sent = submissions(composer);
    expect(hint(composer)).to.equal('send');
    await type('one');
    await press('Shift+Enter');
    await type('two');
    expect(composer.value.text).to.equal('one\ntwo');
    await press('Enter');
    await type('three');
    await press('Control+Enter');
    expect(sent.map((detail) => detail.text)).to.deep.equal(['one\ntwo', 'three']);
  });

  it('mod-enter: Enter breaks a line, Ctrl+Enter sends; the keyboard’s Enter key says so', async () => {
    const composer = await composerWith('mod-enter');
    const sent = submissions(composer);
    expect(hint(composer)).to.equal('enter');
    await type('one');
    await press('Enter');
    await type('two');
    expect(composer.value.text).to.equal('one\ntwo');
    expect(sent).to.deep.equal([]);
    await press('Control+Enter');
    expect(sent.map((detail) => detail.text)).to.deep.equal(['one\ntwo']);
    expect(composer.value.text).to.equal('');
  });

  it('mod-enter-multiline: Enter sends one line; once there is a line break, Enter breaks lines', async () => {
    const composer = await composerWith('mod-enter-multiline');
    const sent = submissions(composer);
    await type('short');
    expect(hint(composer)).to.equal('send');
    await press('Enter');
    expect(sent.map((detail) => detail.text)).to.deep.equal(['short']);
    await type('a');
    await press('Shift+Enter');
    expect(hint(composer)).to.equal('enter');
    await type('b');
    await press('Enter');
    await type('c');
    expect(composer.value.text).to.equal('a\nb\nc');
    expect(sent).to.have.length(1);
    await press('Control+Enter');
    expect(sent.map((detail) => detail.text)).to.deep.equal(['short', 'a\nb\nc']);
    expect(hint(composer)).to.equal('send');
  });

  it('auto sends on Enter with a mouse; on a touch-only device Enter breaks a line and the send button sends', async () => {
    const composer = await composerWith(null);
    expect(composer.sendKey).to.equal('auto');
    const sent = submissions(composer);
    await type('desk');
    await press('Enter');
    expect(sent.map((detail) => detail.text)).to.deep.equal(['desk']);
    await touchOnly();
    await waitFor(() => hint(composer) === 'enter', 'the Enter key labelled as a line break');
    await type('phone');
    await press('Enter');
    await type('two');
    expect(composer.value.text).to.equal('phone\ntwo');
    expect(sent).to.have.length(1);
    await sendMouse({ type: 'click', position: centre(part(composer, 'send-button')!) });
    expect(sent.map((detail) => detail.text)).to.deep.equal(['desk', 'phone\ntwo']);
    // A keyboard with a trackpad joins: Enter sends again.
    await executeServerCommand('emulate-media-features', { features: [] });
    await waitFor(() => hint(composer) === 'send', 'the Enter key labelled as send');
    await clickEditor(composer);
    await type('back');
    await press('Enter');
    expect(sent.map((detail) => detail.text)).to.deep.equal(['desk', 'phone\ntwo', 'back']);
  });

  it('a held Enter sends once, even when the host kept the draft; a held Enter that breaks lines repeats', async () => {
    const composer = await composerWith('enter');
    let fired = 0;
    composer.addEventListener('t3-submit', (event) => {
      fired++;
      event.preventDefault();
    });
    await type('hold');
    for (let i = 0; i < 5; i++) await sendKeys({ down: 'Enter' });
    await sendKeys({ up: 'Enter' });
    expect(fired).to.equal(1);
    expect(composer.value.text).to.equal('hold');
    await sendKeys({ down: 'Control' });
    for (let i = 0; i < 3; i++) await sendKeys({ down: 'Enter' });
    await sendKeys({ up: 'Enter' });
    await sendKeys({ up: 'Control' });
    expect(fired).to.equal(2);
    composer.sendKey = 'mod-enter';
    await composer.updateComplete;
    for (let i = 0; i < 3; i++) await sendKeys({ down: 'Enter' });
    await sendKeys({ up: 'Enter' });
    expect(composer.value.text).to.equal('hold\n\n\n');
    expect(fired).to.equal(2);
  });

  it('recall follows the send key: plain ↑ where Enter sends, Ctrl+↑ where Enter breaks lines', async () => {
    const composer = await composerWith('mod-enter');
    composer.history = [{ text: 'earlier' }];
    await press('ArrowUp');
    expect(composer.value.text).to.equal('');
    await press('Control+ArrowUp');
    expect(composer.value.text).to.equal('earlier');
    await press('End');
    await press('Control+ArrowDown');
    expect(composer.value.text).to.equal('');
    composer.sendKey = 'enter';
    await composer.updateComplete;
    await press('ArrowUp');
    expect(composer.value.text).to.equal('earlier');
  });

  it('queue and steer follow it: while busy in mod-enter, Enter breaks a line, Ctrl+Enter queues, Ctrl+Shift+Enter steers', async () => {
    const composer = await composerWith('mod-enter');
    const sent = submissions(composer);
    composer.busy = true;
    await composer.updateComplete;
    await type('later');
    await press('Enter');
    expect(composer.queue).to.deep.equal([]);
    expect(composer.value.text).to.equal('later\n');
    await press('Control+Enter');
    expect(composer.queue.map((entry) => entry.submission.text)).to.deep.equal(['later']);
    await type('now');
    await press('Control+Shift+Enter');
    expect(sent.map((detail) => [detail.text, detail.delivery])).to.deep.equal([['now', 'steer']]);
  });
});
