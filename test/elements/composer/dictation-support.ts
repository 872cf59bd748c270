import type {
  SpeechRecognizerAdapter,
  SpeechRecognizerStartOptions,
  SpeechResult,
} from '../../../src/elements/composer/dictation/speech-recognizer.js';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { part } from '../support/interaction.js';

/**
 * A speech recognizer the test speaks through. Headless Chromium has no speech service, so no
 * recognizer over the microphone can run here; this one implements the same adapter contract (an
 * async iterable of interim and final results that ends when its signal aborts) with results the
 * test pushes, and the composer runs it exactly as it runs `webSpeechRecognizer()`.
 */
export class FedRecognizer implements SpeechRecognizerAdapter {
  readonly starts: SpeechRecognizerStartOptions[] = [];
  private queue: SpeechResult[] = [];
  private ending: { error?: unknown } | undefined;
  private wake: (() => void) | undefined;

  start(options: SpeechRecognizerStartOptions): AsyncIterable<SpeechResult> {
    this.starts.push(options);
    this.queue = [];
    this.ending = undefined;
    options.signal.addEventListener('abort', () => this.finish({}));
    return { [Symbol.asyncIterator]: () => this.results() };
  }

  /** Whether the last start is still listening (its signal not aborted). */
  get listening(): boolean {
    const last = this.starts.at(-1);
    return !!last && !last.signal.aborted;
  }

  /** A guess, replaced by the next result. */
  guess(text: string): void {
    this.push({ text, final: false });
  }

  /** A final phrase. */
  say(text: string): void {
    this.push({ text, final: true });
  }

  /** The recognizer stops by itself. */
  end(): void {
    this.finish({});
  }

  fail(error: unknown): void {
    this.finish({ error });
  }

  private push(result: SpeechResult): void {
    this.queue.push(result);
    this.notify();
  }

  private finish(ending: { error?: unknown }): void {
    this.ending ??= ending;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private async *results(): AsyncGenerator<SpeechResult> {
    for (;;) {
      const next = this.queue.shift();
      if (next) yield next;
      else if (this.ending) {
        if ('error' in this.ending) throw this.ending.error;
        return;
      } else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

export const dictationButton = (composer: T3Composer) => part(composer, 'dictation-button') as HTMLButtonElement | null;
export const interim = (composer: T3Composer) => part(composer, 'interim');
export const announced = (composer: T3Composer) =>
  composer.shadowRoot!.querySelector('.announcer')!.textContent!.trim();
export const notice = (composer: T3Composer) => part(composer, 'notice')?.textContent?.trim() ?? '';

/** Every `active` of `t3-dictation-change` the composer fires from now on. */
export function dictationChanges(composer: T3Composer): boolean[] {
  const list: boolean[] = [];
  composer.addEventListener('t3-dictation-change', (event) => list.push(event.detail.active));
  return list;
}

/** Lets the composer take what the recognizer yielded (a few turns of the event loop). */
export async function heard(composer: T3Composer): Promise<void> {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setTimeout(resolve));
  await composer.updateComplete;
}
