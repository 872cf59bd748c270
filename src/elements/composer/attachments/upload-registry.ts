import { decodeContextRecord } from '../../../core/index.js';

import type { UploadAttachment, UploadedFile, UploadOptions } from '../../shared/upload-types.js';

export type { UploadAttachment, UploadedFile, UploadOptions };

/** Where the upload of one file stands. */
export type UploadPhase =
  | { state: 'uploading'; fraction: number }
  | { state: 'failed'; reason: unknown }
  | { state: 'done'; result: UploadedFile };

interface Running {
  phase: Exclude<UploadPhase, { state: 'done' }>;
  controller: AbortController;
  result: Promise<UploadedFile>;
}

/**
 * The uploads of one composer, by file: one upload per `File` however many chips, drafts, stash or
 * queue entries hold it, so no file is uploaded twice. A running upload is aborted once nothing
 * wants it any more (`release`); a failed one waits for `retry`; a finished one is remembered for
 * as long as its `File` lives, so a file that comes back (undo, a refused send, a stash entry) is
 * known as uploaded at once. `changed` is called on every change of phase and on progress.
 */
export class UploadRegistry {
  private readonly current = new Map<File, Running>();
  private readonly finished = new WeakMap<File, UploadedFile>();

  constructor(private readonly changed: () => void) {}

  phaseOf(file: File): UploadPhase | undefined {
    const result = this.finished.get(file);
    return result ? { state: 'done', result } : this.current.get(file)?.phase;
  }

  resultOf(file: File): UploadedFile | undefined {
    return this.finished.get(file);
  }

  /** Whether no upload is running or failed. */
  get idle(): boolean {
    return this.current.size === 0;
  }

  /**
   * The upload of `file`: done, running, or started now with `upload`; a failed one is started
   * again only with `retry` (else its failure answers). The promise rejects when the upload fails
   * or is aborted.
   */
  upload(file: File, upload: UploadAttachment, { retry = false } = {}): Promise<UploadedFile> {
    const result = this.finished.get(file);
    if (result) return Promise.resolve(result);
    const running = this.current.get(file);
    if (running && (running.phase.state === 'uploading' || !retry)) return running.result;
    return this.start(file, upload);
  }

  /** Aborts the running uploads of files `wanted` no longer holds, and forgets their failures. */
  release(wanted: (file: File) => boolean): void {
    for (const [file, running] of this.current) if (!wanted(file)) this.stop(file, running);
  }

  /** Aborts every running upload (the composer left the page, or lost its uploader). */
  abortAll(): void {
    for (const [file, running] of this.current) this.stop(file, running);
  }

  private stop(file: File, running: Running): void {
    this.current.delete(file);
    running.controller.abort(new DOMException('The upload was aborted.', 'AbortError'));
  }

  private start(file: File, upload: UploadAttachment): Promise<UploadedFile> {
    const controller = new AbortController();
    const { signal } = controller;
    // Its `result` is set below: the callbacks that read `running` run only once the upload answers.
    const running = { phase: { state: 'uploading', fraction: 0 }, controller } as Running;
    const isCurrent = () => this.current.get(file) === running && !signal.aborted;
    const onProgress = (fraction: number) => {
      if (!isCurrent() || running.phase.state !== 'uploading' || typeof fraction !== 'number') return;
      const next = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
      // Only what a progress bar can show: whole percents.
      if (Math.round(next * 100) === Math.round(running.phase.fraction * 100)) return;
      running.phase = { state: 'uploading', fraction: next };
      this.changed();
    };
    const aborted = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
    );
    // A host that throws at once fails like one that rejects; one that ignores the signal is not waited for.
    const answer = Promise.resolve().then(() => upload(file, { signal, onProgress }));
    running.result = Promise.race([answer.then(uploadedFile), aborted]).then(
      (result) => {
        if (!isCurrent()) throw signal.reason ?? new DOMException('The upload was replaced.', 'AbortError');
        this.current.delete(file);
        this.finished.set(file, result);
        this.changed();
        return result;
      },
      (reason: unknown) => {
        if (isCurrent()) {
          running.phase = { state: 'failed', reason };
          this.changed();
        }
        throw reason;
      },
    );
    // Nobody may be waiting for it: its failure shows on the chip, not as an unhandled rejection.
    running.result.catch(() => undefined);
    this.current.set(file, running);
    this.changed();
    return running.result;
  }
}

/** The host's answer checked: an attachment id a record can carry (trimmed), and a string url if any. */
function uploadedFile(value: unknown): UploadedFile {
  const answer = (value ?? {}) as { attachmentId?: unknown; url?: unknown };
  const probe = decodeContextRecord({
    version: 1,
    kind: 'file',
    contextId: 'file_upload',
    label: 'upload',
    attachmentId: answer.attachmentId,
    name: 'upload',
    mimeType: 'application/octet-stream',
    sizeBytes: 0,
  });
  const attachmentId = probe.ok ? (probe.record as { attachmentId?: unknown }).attachmentId : undefined;
  if (typeof attachmentId !== 'string')
    throw new TypeError('uploadAttachment must resolve to {attachmentId, url?}: 1–128 of [A-Za-z0-9_-] as the id.');
  const url = typeof answer.url === 'string' && answer.url.trim() !== '' ? answer.url.trim() : undefined;
  return { attachmentId, ...(url && { url }) };
}
