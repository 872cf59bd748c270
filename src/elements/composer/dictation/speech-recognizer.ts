/** One result of a speech recognizer: `final: false` is a guess that the next result replaces. */
export interface SpeechResult {
  text: string;
  final: boolean;
}

export interface SpeechRecognizerStartOptions {
  /** The language to listen for, as a BCP 47 tag (the composer's `lang`, else the page's, else the browser's). */
  lang: string;
  /** Aborted when dictation ends: the recognizer stops listening and ends its results. */
  signal: AbortSignal;
  /**
   * Called by a recognizer while the browser asks the person for the microphone: that wait is no
   * silence, so `dictation-silence` counts again only from the next result (an empty guess when
   * listening begins). Without it, silence counts from the start.
   */
  awaitingPermission?(): void;
}

/**
 * Turns speech into text for the composer's dictation: `start` listens until `signal` aborts and
 * yields interim and final results as they come. Ending the iteration ends dictation; throwing ends
 * it with a notice (a `SpeechRecognizerError` with code `not-allowed` says the microphone was refused).
 */
export interface SpeechRecognizerAdapter {
  start(options: SpeechRecognizerStartOptions): AsyncIterable<SpeechResult>;
}

/**
 * Why recognition failed: `not-allowed` (the microphone or the speech service was refused),
 * `audio-capture` (no microphone), `network`, `language-not-supported`, `unavailable` (no speech
 * recognition in this browser), or another code the recognizer reported.
 */
export type SpeechRecognizerErrorCode =
  'not-allowed' | 'audio-capture' | 'network' | 'language-not-supported' | 'unavailable' | (string & {});

/** A recognizer's failure, with a code the composer turns into a notice. */
export class SpeechRecognizerError extends Error {
  override readonly name = 'SpeechRecognizerError';

  constructor(
    readonly code: SpeechRecognizerErrorCode,
    message = `Speech recognition failed: ${code}`,
  ) {
    super(message);
  }
}

/** Whether an error says the person refused the microphone (or the browser refused it for them). */
export function isPermissionRefusal(error: unknown): boolean {
  if (error instanceof SpeechRecognizerError)
    return error.code === 'not-allowed' || error.code === 'service-not-allowed';
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'SecurityError';
}
