import type { T3Composer } from '../../../src/composer.js';
import type { T3ContextChip } from '../../../src/elements/context-chip/context-chip.js';
import { clickEditor, composerFixture, submissions } from './support.js';

/** One call of the host's `uploadAttachment`, which the test answers by hand. */
export interface UploadCall {
  file: File;
  signal: AbortSignal;
  /** Reports progress, as the host's upload would. */
  progress(fraction: number): void;
  resolve(answer: { attachmentId: string; url?: string }): void;
  reject(reason: unknown): void;
}

/**
 * A host upload the test controls: each call waits for the test to answer it (a deferred promise)
 * and reports progress when told. `answerAll` answers every call not answered yet with a fresh id.
 */
export function uploadHost(): {
  upload: NonNullable<T3Composer['uploadAttachment']>;
  calls: UploadCall[];
  answerAll(): void;
} {
  const calls: UploadCall[] = [];
  const answered = new Set<UploadCall>();
  let next = 0;
  const upload: NonNullable<T3Composer['uploadAttachment']> = (file, { signal, onProgress }) =>
    new Promise((resolve, reject) => {
      const call: UploadCall = {
        file,
        signal,
        progress: onProgress,
        resolve: (answer) => {
          answered.add(call);
          resolve(answer);
        },
        reject: (reason) => {
          answered.add(call);
          reject(reason);
        },
      };
      calls.push(call);
    });
  const answerAll = () => {
    for (const call of calls) {
      if (answered.has(call) || call.signal.aborted) continue;
      const attachmentId = `up_${++next}`;
      call.resolve({ attachmentId, url: `/api/uploads/${attachmentId}` });
    }
  };
  return { upload, calls, answerAll };
}

/** Lets the uploads' promises and the composer's microtasks run, and the composer draw what followed. */
export async function settled(composer: T3Composer): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await composer.updateComplete;
}

/** The progress bar of a chip, if it shows one. */
export function chipProgress(chip: T3ContextChip): HTMLElement | null {
  return chip.shadowRoot!.querySelector('[part~="progress"]');
}

/** The progress bar of a thumbnail, if it shows one. */
export function thumbnailProgress(thumbnail: HTMLElement): HTMLElement | null {
  return thumbnail.querySelector('[part~="progress"]');
}

/** A small text file. */
export function textFile(name = 'notes.txt', text = 'first line\nsecond line'): File {
  return new File([text], name, { type: 'text/plain' });
}

/** A composer with an upload host the test answers, its submissions recorded, clicked into. */
export async function uploadingComposer() {
  const composer = await composerFixture();
  const host = uploadHost();
  composer.uploadAttachment = host.upload;
  const sent = submissions(composer);
  await clickEditor(composer);
  return { composer, sent, ...host };
}
