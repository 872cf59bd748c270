import { ResultStream } from './result-stream.js';
import {
  type SpeechRecognizerAdapter,
  SpeechRecognizerError,
  type SpeechRecognizerStartOptions,
  type SpeechResult,
} from './speech-recognizer.js';

/** The parts of the Web Speech API the adapter uses (TypeScript's DOM library does not declare it). */
interface RecognitionAlternative {
  readonly transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  readonly [index: number]: RecognitionAlternative;
}
interface RecognitionResultEvent extends Event {
  readonly resultIndex: number;
  readonly results: { readonly length: number; readonly [index: number]: RecognitionResult };
}
interface RecognitionErrorEvent extends Event {
  readonly error: string;
  readonly message?: string;
}
interface Recognition extends EventTarget {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  start(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

export interface WebSpeechOptions {
  /** The language to listen for; by default the composer's (its `lang`, the page's, the browser's). */
  lang?: string;
}

/** The browser's `SpeechRecognition`, prefixed where needed, or undefined. */
function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = globalThis as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
  const found = scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
  return typeof found === 'function' ? (found as RecognitionConstructor) : undefined;
}

/**
 * Whether `webSpeechRecognizer()` can work here: the browser has `SpeechRecognition` (or its
 * prefixed form) and the page is a secure context, where the microphone can be asked for.
 */
export function isWebSpeechAvailable(): boolean {
  return globalThis.isSecureContext === true && recognitionConstructor() !== undefined;
}

/**
 * A speech recognizer over the browser's `SpeechRecognition`: continuous, with interim results.
 * It asks for the microphone with `getUserMedia` first, so the browser's permission prompt shows
 * (and a refusal is told apart), then lets go of it for the recognizer. Its errors `not-allowed`,
 * `audio-capture`, `network` and `language-not-supported` end dictation with a notice; `aborted`
 * (dictation was ended) and `no-speech` end it quietly.
 */
export function webSpeechRecognizer(options: WebSpeechOptions = {}): SpeechRecognizerAdapter {
  return { start: (start) => recognize(options, start) };
}

async function* recognize(
  options: WebSpeechOptions,
  { lang, signal, awaitingPermission }: SpeechRecognizerStartOptions,
) {
  const Recognition = recognitionConstructor();
  if (!Recognition) throw new SpeechRecognizerError('unavailable', 'This browser has no speech recognition.');
  awaitingPermission?.();
  await askForMicrophone();
  if (signal.aborted) return;
  const recognition = new Recognition();
  recognition.continuous = true;
  recognition.interimResults = true;
  recognition.lang = options.lang ?? lang;
  const stream = new ResultStream<SpeechResult>();
  const finalsYielded = new Set<number>();
  recognition.addEventListener('result', (event) => {
    for (const result of resultsOf(event as RecognitionResultEvent, finalsYielded)) stream.push(result);
  });
  recognition.addEventListener('error', (event) => {
    const { error, message } = event as RecognitionErrorEvent;
    if (error === 'aborted' || error === 'no-speech') return;
    stream.fail(new SpeechRecognizerError(error, message || undefined));
  });
  // Listening has begun (the microphone was granted): an empty guess tells the composer, which
  // counts `dictation-silence` from then on.
  recognition.addEventListener('start', () => stream.push({ text: '', final: false }));
  let ended = false;
  recognition.addEventListener('end', () => {
    ended = true;
    stream.close();
  });
  const abort = () => {
    if (ended) return;
    ended = true;
    recognition.abort();
    stream.close();
  };
  signal.addEventListener('abort', abort, { once: true });
  try {
    recognition.start();
    yield* stream;
  } finally {
    signal.removeEventListener('abort', abort);
    // A reader that stops early (dictation ended) leaves no recognizer listening.
    abort();
  }
}

/** Asks for the microphone (the permission prompt), then stops its tracks: the recognizer opens its own. */
async function askForMicrophone(): Promise<void> {
  const media = globalThis.navigator?.mediaDevices;
  if (typeof media?.getUserMedia !== 'function') return;
  let stream: MediaStream;
  try {
    stream = await media.getUserMedia({ audio: true });
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new SpeechRecognizerError('not-allowed');
    if (name === 'NotFoundError' || name === 'NotReadableError') throw new SpeechRecognizerError('audio-capture');
    throw error;
  }
  for (const track of stream.getTracks()) track.stop();
}

/**
 * What one result event says: each result that became final, then the interim results after them
 * joined into one guess (which replaces the previous guess). A final result already yielded (its
 * index in `finalsYielded`) is not yielded again: Chrome on Android reports the session's finals
 * again from `resultIndex` 0 with each event, which would insert every phrase more than once.
 */
function resultsOf(event: RecognitionResultEvent, finalsYielded: Set<number>): SpeechResult[] {
  const results: SpeechResult[] = [];
  let interim = '';
  for (let index = event.resultIndex; index < event.results.length; index++) {
    const result = event.results[index];
    const text = result?.[0]?.transcript ?? '';
    if (!result?.isFinal) interim += text;
    else if (!finalsYielded.has(index)) {
      finalsYielded.add(index);
      results.push({ text: text.trim(), final: true });
    }
  }
  // An event of guesses only replaces the last guess, also with nothing.
  if (interim.trim() !== '' || results.length === 0) results.push({ text: interim.trim(), final: false });
  return results;
}
