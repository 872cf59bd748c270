import { expect, html } from '@open-wc/testing';
import { isWebSpeechAvailable, webSpeechRecognizer } from '../../../src/elements/composer/dictation/web-speech.js';
import {
  SpeechRecognizerError,
  type SpeechResult,
} from '../../../src/elements/composer/dictation/speech-recognizer.js';
import { dictationButton, dictationChanges, heard, interim, notice } from './dictation-support.js';
import { clickEditor, composerFixture, press, waitFor } from './support.js';

/**
 * Headless Chromium has no speech service behind its `webkitSpeechRecognition` (it only ever
 * fails), so each test takes that away and installs this stand-in on `window` instead: it records
 * how the adapter set it up and what it was told, and the test fires the events a browser's
 * recognizer fires (result, error, end).
 */
class StandInRecognition extends EventTarget {
  static instances: StandInRecognition[] = [];
  continuous = false;
  interimResults = false;
  lang = '';
  readonly calls: string[] = [];

  constructor() {
    super();
    StandInRecognition.instances.push(this);
    journal.push('recognition');
  }

  start(): void {
    this.calls.push('start');
  }

  abort(): void {
    this.calls.push('abort');
    this.dispatchEvent(Object.assign(new Event('error'), { error: 'aborted' }));
    this.dispatchEvent(new Event('end'));
  }

  /** A result event: the session's results so far, the ones from `resultIndex` changed. */
  results(resultIndex: number, results: [transcript: string, isFinal: boolean][]): void {
    const list = results.map(([transcript, isFinal]) => Object.assign([{ transcript }], { isFinal }));
    this.dispatchEvent(Object.assign(new Event('result'), { resultIndex, results: list }));
  }

  error(error: string): void {
    this.dispatchEvent(Object.assign(new Event('error'), { error, message: '' }));
    this.dispatchEvent(new Event('end'));
  }
}

/** What happened in order: the microphone asked for and released, recognitions made. */
let journal: string[] = [];
let microphone: () => Promise<MediaStream>;
const scope = window as unknown as Record<string, unknown>;
const originalGetUserMedia = navigator.mediaDevices.getUserMedia;
const nativeRecognition = Object.getOwnPropertyDescriptor(window, 'webkitSpeechRecognition');

function grantedMicrophone(): Promise<MediaStream> {
  journal.push('getUserMedia');
  const track = { stop: () => journal.push('track stopped') };
  return Promise.resolve({ getTracks: () => [track] } as unknown as MediaStream);
}

beforeEach(() => {
  journal = [];
  StandInRecognition.instances = [];
  microphone = grantedMicrophone;
  delete scope.webkitSpeechRecognition;
  scope.SpeechRecognition = StandInRecognition;
  Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
    configurable: true,
    value: (constraints: MediaStreamConstraints) => {
      expect(constraints).to.deep.equal({ audio: true });
      return microphone();
    },
  });
});

afterEach(() => {
  delete scope.SpeechRecognition;
  delete scope.webkitSpeechRecognition;
  Object.defineProperty(navigator.mediaDevices, 'getUserMedia', { configurable: true, value: originalGetUserMedia });
});

after(() => {
  if (nativeRecognition) Object.defineProperty(window, 'webkitSpeechRecognition', nativeRecognition);
});

/** Starts the adapter and collects what it yields until it ends (or throws). */
function listen(lang = 'en-GB', options = {}) {
  const abort = new AbortController();
  const results: SpeechResult[] = [];
  const done = (async () => {
    for await (const result of webSpeechRecognizer(options).start({ lang, signal: abort.signal })) results.push(result);
  })();
  return { abort, results, done };
}

async function recognition(): Promise<StandInRecognition> {
  for (let turn = 0; turn < 20 && StandInRecognition.instances.length === 0; turn++) await Promise.resolve();
  const made = StandInRecognition.instances.at(-1);
  if (!made) throw new Error('no recognition was made');
  await Promise.resolve();
  return made;
}

describe('webSpeechRecognizer()', () => {
  it('asks for the microphone first and releases it, then starts a continuous recognition with interim results', async () => {
    const { abort, done } = listen('de-CH');
    const made = await recognition();
    expect(journal).to.deep.equal(['getUserMedia', 'track stopped', 'recognition']);
    expect(made.continuous).to.be.true;
    expect(made.interimResults).to.be.true;
    expect(made.lang).to.equal('de-CH');
    expect(made.calls).to.deep.equal(['start']);
    abort.abort();
    await done;
    expect(made.calls).to.include('abort');
  });

  it('listens for its own language when given one', async () => {
    const { abort, done } = listen('en-GB', { lang: 'fr-FR' });
    expect((await recognition()).lang).to.equal('fr-FR');
    abort.abort();
    await done;
  });

  it('takes the prefixed webkitSpeechRecognition where the plain one is missing', async () => {
    delete scope.SpeechRecognition;
    scope.webkitSpeechRecognition = StandInRecognition;
    const { abort, done } = listen();
    await recognition();
    abort.abort();
    await done;
  });

  it('yields each result that became final, then the remaining guesses joined as one interim result', async () => {
    const { results, done } = listen();
    const made = await recognition();
    made.results(0, [['hello', false]]);
    made.results(0, [['hello there', false]]);
    made.results(0, [
      [' hello there', true],
      [' how', false],
      [' are', false],
    ]);
    made.results(1, [
      ['hello there', true],
      [' how are you', true],
    ]);
    made.dispatchEvent(new Event('end'));
    await done;
    expect(results).to.deep.equal([
      { text: 'hello', final: false },
      { text: 'hello there', final: false },
      { text: 'hello there', final: true },
      { text: 'how are', final: false },
      { text: 'how are you', final: true },
    ]);
  });

  it('yields a final result once when the browser reports it again from index 0, as Chrome on Android does', async () => {
    const { results, done } = listen();
    const made = await recognition();
    made.results(0, [['hello', true]]);
    made.results(0, [
      ['hello', true],
      [' world', false],
    ]);
    made.results(0, [
      ['hello', true],
      [' world', true],
    ]);
    made.dispatchEvent(new Event('end'));
    await done;
    expect(results).to.deep.equal([
      { text: 'hello', final: true },
      { text: 'world', final: false },
      { text: 'world', final: true },
    ]);
  });

  for (const code of ['not-allowed', 'audio-capture', 'network', 'language-not-supported']) {
    it(`ends with a SpeechRecognizerError for ${code}`, async () => {
      const { done } = listen();
      (await recognition()).error(code);
      const error = await done.then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).to.be.instanceOf(SpeechRecognizerError);
      expect((error as SpeechRecognizerError).code).to.equal(code);
    });
  }

  it('ignores aborted: it just ends', async () => {
    const { results, done } = listen();
    const made = await recognition();
    made.results(0, [['kept', true]]);
    made.error('aborted');
    await done;
    expect(results).to.deep.equal([{ text: 'kept', final: true }]);
  });

  it('a refused microphone is not-allowed, and no recognition starts', async () => {
    microphone = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    const error = await listen().done.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect((error as SpeechRecognizerError).code).to.equal('not-allowed');
    expect(StandInRecognition.instances).to.deep.equal([]);
  });

  it('is unavailable without SpeechRecognition', async () => {
    delete scope.SpeechRecognition;
    const error = await listen().done.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect((error as SpeechRecognizerError).code).to.equal('unavailable');
  });
});

describe('isWebSpeechAvailable()', () => {
  it('is true in a secure context with SpeechRecognition, false without it', () => {
    expect(window.isSecureContext, 'the test page is served from localhost').to.be.true;
    expect(isWebSpeechAvailable()).to.be.true;
    delete scope.SpeechRecognition;
    expect(isWebSpeechAvailable()).to.be.false;
    scope.webkitSpeechRecognition = StandInRecognition;
    expect(isWebSpeechAvailable()).to.be.true;
  });

  it('is false outside a secure context, where the microphone cannot be asked for', () => {
    const secure = Object.getOwnPropertyDescriptor(window, 'isSecureContext');
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: false });
    try {
      expect(isWebSpeechAvailable()).to.be.false;
    } finally {
      if (secure) Object.defineProperty(window, 'isSecureContext', secure);
      else delete scope.isSecureContext;
    }
    expect(isWebSpeechAvailable()).to.be.true;
  });
});

describe('<t3-composer> with webSpeechRecognizer()', () => {
  it('dictates what the browser recognizes, and stops the recognition when dictation ends', async () => {
    const composer = await composerFixture(html`<t3-composer label="Message" lang="nl-NL"></t3-composer>`);
    composer.speechRecognizer = webSpeechRecognizer();
    await composer.updateComplete;
    await clickEditor(composer);
    await press('Control+Shift+Space');
    const made = await recognition();
    expect(made.lang, "the composer's language").to.equal('nl-NL');
    made.results(0, [['goedemorgen', false]]);
    await heard(composer);
    expect(interim(composer)!.textContent).to.equal('goedemorgen');
    made.results(0, [['goedemorgen allemaal', true]]);
    await heard(composer);
    expect(composer.value.text).to.equal('goedemorgen allemaal');
    await press('Escape');
    await heard(composer);
    expect(made.calls).to.deep.equal(['start', 'abort']);
    expect(notice(composer), 'an abort is no failure').to.equal('');
  });

  it("shows micDenied when the browser's recognizer reports not-allowed", async () => {
    const composer = await composerFixture();
    composer.speechRecognizer = webSpeechRecognizer();
    await composer.updateComplete;
    const changes = dictationChanges(composer);
    await clickEditor(composer);
    await press('Control+Shift+Space');
    (await recognition()).error('not-allowed');
    await heard(composer);
    expect(changes).to.deep.equal([true, false]);
    expect(notice(composer)).to.contain('needs the microphone');
  });

  it('counts no silence while the person answers the microphone prompt, and counts it once the browser listens', async () => {
    let grant = () => {};
    microphone = () => new Promise((resolve) => (grant = () => void grantedMicrophone().then(resolve)));
    const composer = await composerFixture(html`<t3-composer label="Message" dictation-silence="40"></t3-composer>`);
    composer.speechRecognizer = webSpeechRecognizer();
    await composer.updateComplete;
    const changes = dictationChanges(composer);
    await clickEditor(composer);
    await press('Control+Shift+Space');
    // The prompt stays open many times longer than the silence allowed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(changes, 'still dictating while the prompt is open').to.deep.equal([true]);
    grant();
    const made = await recognition();
    made.dispatchEvent(new Event('start'));
    made.results(0, [['allowed at last', true]]);
    await heard(composer);
    expect(composer.value.text).to.equal('allowed at last');
    await waitFor(() => changes.length === 2, 'silence to end dictation once the browser listened');
    expect(dictationButton(composer)!.getAttribute('aria-pressed')).to.equal('false');
    expect(made.calls).to.deep.equal(['start', 'abort']);
  });

  it('ends after dictation-silence ms when the browser listens and hears nothing', async () => {
    const composer = await composerFixture(html`<t3-composer label="Message" dictation-silence="40"></t3-composer>`);
    composer.speechRecognizer = webSpeechRecognizer();
    await composer.updateComplete;
    const changes = dictationChanges(composer);
    await clickEditor(composer);
    await press('Control+Shift+Space');
    (await recognition()).dispatchEvent(new Event('start'));
    await waitFor(() => changes.length === 2, 'silence to end dictation');
    expect(notice(composer)).to.equal('');
  });
});
