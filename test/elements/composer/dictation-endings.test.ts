import { expect, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { DEFAULT_DICTATION_SILENCE } from '../../../src/elements/composer/dictation/dictation-controller.js';
import { SpeechRecognizerError } from '../../../src/elements/composer/dictation/speech-recognizer.js';
import {
  announced,
  dictationButton,
  dictationChanges,
  FedRecognizer,
  heard,
  interim,
  notice,
} from './dictation-support.js';
import { part } from '../support/interaction.js';
import {
  centre,
  clickEditor,
  composerFixture,
  memoryStorage,
  press,
  storedComposer,
  submissions,
  type,
  waitFor,
} from './support.js';

/** A composer with a fed recognizer, dictating after `typed`, with `guess` on screen. */
async function dictating(
  typed: string,
  guess: string,
  composer?: T3Composer,
): Promise<{ composer: T3Composer; speech: FedRecognizer; changes: boolean[] }> {
  composer ??= await composerFixture(html`<t3-composer label="Message"></t3-composer>`);
  const speech = new FedRecognizer();
  composer.speechRecognizer = speech;
  await composer.updateComplete;
  await clickEditor(composer);
  await type(typed);
  const changes = dictationChanges(composer);
  await sendMouse({ type: 'click', position: centre(dictationButton(composer)!) });
  speech.guess(guess);
  await heard(composer);
  expect(interim(composer)?.textContent).to.equal(guess);
  return { composer, speech, changes };
}

const isDictating = (composer: T3Composer) => dictationButton(composer)?.getAttribute('aria-pressed') === 'true';

describe('<t3-composer> dictation ends', () => {
  it('on submit, after committing what was heard, so the guess is sent', async () => {
    const { composer, speech, changes } = await dictating('Draft', 'heard words');
    const sent = submissions(composer);
    await press('Enter');
    await composer.updateComplete;
    expect(sent.map((detail) => detail.text)).to.deep.equal(['Draft heard words']);
    expect(composer.value.text).to.equal('');
    expect(speech.listening).to.be.false;
    expect(changes).to.deep.equal([true, false]);
    expect(isDictating(composer)).to.be.false;
  });

  it('on submit of a draft that holds only the guess', async () => {
    const { composer } = await dictating('', 'only spoken');
    const sent = submissions(composer);
    await press('Enter');
    expect(sent.map((detail) => detail.text)).to.deep.equal(['only spoken']);
  });

  it('from the send button of a draft that holds only the guess: the button offers to send it', async () => {
    const { composer } = await dictating('', 'only spoken');
    const send = part(composer, 'send-button') as HTMLButtonElement;
    expect(send.disabled, 'the guess counts as something to send').to.be.false;
    const sent = submissions(composer);
    await sendMouse({ type: 'click', position: centre(send) });
    expect(sent.map((detail) => detail.text)).to.deep.equal(['only spoken']);
  });

  it('not on an Enter that queue-mode block refuses while busy: nothing was sent, dictation goes on', async () => {
    const blocked = await composerFixture(html`<t3-composer label="Message" busy queue-mode="block"></t3-composer>`);
    const { composer, speech, changes } = await dictating('typed', 'heard', blocked);
    const sent = submissions(composer);
    await press('Enter');
    await composer.updateComplete;
    expect(sent.length).to.equal(0);
    expect(notice(composer), 'the block is explained').to.not.equal('');
    expect(changes, 'still dictating').to.deep.equal([true]);
    expect(speech.listening).to.be.true;
    expect(interim(composer)?.textContent, 'the guess is still a guess').to.equal('heard');
    expect(composer.value.text).to.equal('typed');
  });

  it('when the composer is disabled, keeping the guess as text', async () => {
    const { composer, speech, changes } = await dictating('typed', 'heard');
    composer.disabled = true;
    await composer.updateComplete;
    expect(speech.listening).to.be.false;
    expect(changes).to.deep.equal([true, false]);
    expect(composer.value.text).to.equal('typed heard');
    expect(dictationButton(composer)!.disabled).to.be.true;
    await sendMouse({ type: 'click', position: centre(dictationButton(composer)!) });
    expect(speech.starts.length, 'a disabled button starts nothing').to.equal(1);
  });

  it('when the composer leaves the document, keeping the guess as text', async () => {
    const { composer, speech, changes } = await dictating('typed', 'heard');
    composer.remove();
    expect(speech.listening).to.be.false;
    expect(changes).to.deep.equal([true, false]);
    expect(composer.value.text).to.equal('typed heard');
  });

  it('on a draft key switch, and what was heard is saved with the draft that was left', async () => {
    const storage = memoryStorage();
    const stored = await storedComposer('thread-a', storage);
    const { composer, speech, changes } = await dictating('first', 'heard', stored);
    composer.draftKey = 'thread-b';
    await composer.updateComplete;
    expect(speech.listening).to.be.false;
    expect(changes).to.deep.equal([true, false]);
    await waitFor(() => storage.saved.get('thread-a')?.draft.text === 'first heard', 'the left draft saved');
    composer.remove();
  });

  it('after dictation-silence ms without a result, and never with 0', async () => {
    const quiet = await composerFixture(html`<t3-composer label="Message" dictation-silence="0"></t3-composer>`);
    const { speech: never } = await dictating('', 'waiting', quiet);
    const { composer, speech } = await dictating('', 'short', await composerFixture());
    composer.dictationSilence = 60;
    speech.guess('shorter');
    await heard(composer);
    await waitFor(() => !isDictating(composer), 'the silence to end dictation');
    expect(composer.value.text).to.equal('shorter');
    expect(announced(composer)).to.equal('Dictation ended');
    // Longer than the default silence, so a 0 taken for the default would have ended it too.
    await new Promise((resolve) => setTimeout(resolve, DEFAULT_DICTATION_SILENCE + 200));
    expect(never.listening, 'no silence ends dictation with 0').to.be.true;
    expect(isDictating(quiet)).to.be.true;
  });

  it('after dictation-silence ms when no result ever came: the microphone is never left open', async () => {
    const composer = await composerFixture(html`<t3-composer label="Message" dictation-silence="60"></t3-composer>`);
    const speech = new FedRecognizer();
    composer.speechRecognizer = speech;
    await composer.updateComplete;
    await clickEditor(composer);
    await type('typed');
    const changes = dictationChanges(composer);
    await sendMouse({ type: 'click', position: centre(dictationButton(composer)!) });
    expect(speech.listening).to.be.true;
    await waitFor(() => !speech.listening, 'the silence to stop the recognizer');
    expect(isDictating(composer)).to.be.false;
    expect(changes).to.deep.equal([true, false]);
    expect(composer.value.text).to.equal('typed');
  });

  it('on Escape before Escape stops a busy assistant: the next Escape does', async () => {
    const busy = await composerFixture(html`<t3-composer label="Message" busy></t3-composer>`);
    const stops: Event[] = [];
    busy.addEventListener('t3-stop', (event) => stops.push(event));
    const { composer, changes } = await dictating('typed', 'heard', busy);
    await press('Escape');
    await composer.updateComplete;
    expect(changes).to.deep.equal([true, false]);
    expect(stops.length).to.equal(0);
    expect(composer.value.text).to.equal('typed heard');
    await press('Escape');
    expect(stops.length).to.equal(1);
  });

  it('and a result the recognizer yields after the end is not inserted: what was heard goes in once', async () => {
    const { composer, speech } = await dictating('typed', 'heard');
    await sendMouse({ type: 'click', position: centre(dictationButton(composer)!) });
    speech.say('heard');
    speech.guess('late');
    await heard(composer);
    expect(composer.value.text).to.equal('typed heard');
    expect(interim(composer)).to.equal(null);
  });

  it('when the recognizer stops by itself, keeping the guess, with no notice', async () => {
    const { composer, speech, changes } = await dictating('typed', 'last words');
    speech.end();
    await heard(composer);
    expect(changes).to.deep.equal([true, false]);
    expect(composer.value.text).to.equal('typed last words');
    expect(notice(composer)).to.equal('');
  });
});

describe('<t3-composer> dictation within max-length', () => {
  it('cuts a phrase past the limit to fit, with the notice a paste gets, and goes on after it', async () => {
    const composer = await composerFixture(html`<t3-composer label="Message" max-length="12"></t3-composer>`);
    const { speech } = await dictating('abc', 'hello', composer);
    speech.say('hello wonderful world');
    await heard(composer);
    expect(composer.value.text).to.equal('abc hello wo');
    expect(notice(composer)).to.equal('The message is too long. (12)');
    expect(isDictating(composer)).to.be.true;
    await press('Backspace', 4);
    speech.say('yes');
    await heard(composer);
    expect(composer.value.text, 'the point stayed with the caret').to.equal('abc hell yes');
  });
});

describe('<t3-composer> dictation errors', () => {
  it('a refused microphone ends it with the micDenied notice; nothing typed or heard is lost', async () => {
    const { composer, speech, changes } = await dictating('typed', 'heard');
    speech.fail(new SpeechRecognizerError('not-allowed'));
    await heard(composer);
    expect(notice(composer)).to.equal('Dictation needs the microphone: allow it for this page, then try again.');
    expect(composer.value.text).to.equal('typed heard');
    expect(changes).to.deep.equal([true, false]);
    expect(isDictating(composer)).to.be.false;
  });

  it("a browser's NotAllowedError counts as a refused microphone too", async () => {
    const { composer, speech } = await dictating('typed', 'heard');
    speech.fail(new DOMException('Permission denied', 'NotAllowedError'));
    await heard(composer);
    expect(notice(composer)).to.contain('needs the microphone');
  });

  it('any other failure ends it with the dictationFailed notice, keeping the guess', async () => {
    const { composer, speech } = await dictating('typed', 'heard');
    speech.fail(new SpeechRecognizerError('network'));
    await heard(composer);
    expect(notice(composer)).to.equal('Dictation stopped: speech could not be recognised. What was heard is kept.');
    expect(composer.value.text).to.equal('typed heard');
  });

  it('a recognizer whose start throws ends dictation with a notice, and the composer keeps working', async () => {
    const composer = await composerFixture();
    const changes = dictationChanges(composer);
    composer.speechRecognizer = {
      start: () => {
        throw new Error('no recognizer here');
      },
    };
    await composer.updateComplete;
    await clickEditor(composer);
    await press('Control+Shift+Space');
    await heard(composer);
    expect(changes).to.deep.equal([true, false]);
    expect(notice(composer)).to.contain('Dictation stopped');
    await type('still typing');
    expect(composer.value.text).to.equal('still typing');
  });

  it('a recognizer set to null, as a framework passes an absent one, offers no button that would do nothing', async () => {
    const composer = await composerFixture();
    composer.speechRecognizer = new FedRecognizer();
    await composer.updateComplete;
    expect(dictationButton(composer), 'a button with a recognizer').to.be.instanceOf(HTMLButtonElement);
    (composer as { speechRecognizer: unknown }).speechRecognizer = null;
    await composer.updateComplete;
    expect(dictationButton(composer)?.outerHTML ?? 'none', 'no button with null').to.equal('none');
  });

  it('a readonly composer offers a disabled button, and the shortcut does nothing', async () => {
    const composer = await composerFixture(html`<t3-composer label="Message" readonly></t3-composer>`);
    const speech = new FedRecognizer();
    composer.speechRecognizer = speech;
    await composer.updateComplete;
    expect(dictationButton(composer)!.disabled).to.be.true;
    await clickEditor(composer);
    await press('Control+Shift+Space');
    expect(speech.starts.length).to.equal(0);
  });
});
