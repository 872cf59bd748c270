import { expect, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { dictationButton, dictationChanges, FedRecognizer, heard, interim } from './dictation-support.js';
import { centre, clickEditor, composerFixture, content, imeCommit, imeCompose, press, type } from './support.js';

/**
 * Speech and an IME composition at once: a phrase heard while the person composes (CJK through the
 * DevTools protocol, as an input method does) must not land beside the text being composed, which
 * would break the composition and leave its unconfirmed reading in the draft.
 */
async function composing(): Promise<{ composer: T3Composer; speech: FedRecognizer; changes: boolean[] }> {
  const composer = await composerFixture(html`<t3-composer label="Message" dictation-silence="0"></t3-composer>`);
  const speech = new FedRecognizer();
  composer.speechRecognizer = speech;
  await composer.updateComplete;
  await clickEditor(composer);
  await type('Start ');
  const changes = dictationChanges(composer);
  await sendMouse({ type: 'click', position: centre(dictationButton(composer)!) });
  await composer.updateComplete;
  await imeCompose('にほ');
  return { composer, speech, changes };
}

describe('<t3-composer> dictation during an IME composition', () => {
  it('holds a phrase heard while composing until the composition is confirmed, then puts it after', async () => {
    const { composer, speech } = await composing();
    speech.say('hello');
    await heard(composer);
    expect(composer.value.text, 'nothing lands beside the composition').to.equal('Start にほ');
    await imeCompose('にほん');
    await imeCommit('日本');
    await heard(composer);
    expect(composer.value.text).to.equal('Start 日本 hello');
    expect(content(composer).textContent).to.equal('Start 日本 hello');
    speech.say('world');
    await heard(composer);
    expect(composer.value.text, 'dictation goes on after it').to.equal('Start 日本 hello world');
    await press('Control+z');
    expect(composer.value.text, 'the held phrase is a step of its own').to.equal('Start 日本 hello');
  });

  it('ended with the button while composing, commits the guess once the composition is confirmed', async () => {
    const { composer, speech, changes } = await composing();
    speech.guess('heard so far');
    await heard(composer);
    await sendMouse({ type: 'click', position: centre(dictationButton(composer)!) });
    await heard(composer);
    expect(changes, 'dictation ended at once').to.deep.equal([true, false]);
    expect(speech.listening).to.be.false;
    expect(composer.value.text).to.equal('Start にほ');
    await imeCommit('日本');
    await heard(composer);
    expect(composer.value.text).to.equal('Start 日本 heard so far');
    expect(interim(composer)).to.equal(null);
  });

  it('ended by the recognizer while composing, keeps the phrases and the guess, in order, after the composition', async () => {
    const { composer, speech } = await composing();
    speech.say('one');
    speech.guess('two');
    speech.end();
    await heard(composer);
    await imeCommit('日本');
    await heard(composer);
    expect(composer.value.text).to.equal('Start 日本 one two');
  });

  it('started again before the composition ends, goes on with what it held', async () => {
    const { composer, speech, changes } = await composing();
    speech.say('first');
    await heard(composer);
    await sendMouse({ type: 'click', position: centre(dictationButton(composer)!) });
    await sendMouse({ type: 'click', position: centre(dictationButton(composer)!) });
    await heard(composer);
    expect(changes).to.deep.equal([true, false, true]);
    await imeCommit('日本');
    await heard(composer);
    speech.say('second');
    await heard(composer);
    expect(composer.value.text).to.equal('Start 日本 first second');
  });
});
