import { type StateEffect, Transaction } from '@codemirror/state';
import type { ReactiveController } from 'lit';
import type { ContextRecord } from '../../../core/index.js';
import type { ComposerDraft, DraftAttachment } from '../../shared/composer-values.js';
import type { UploadRetryDetail } from '../../shared/events.js';
import { rejectionMessage } from '../../shared/extendable-event.js';
import { formatMessage } from '../../shared/locale.js';
import type { ComposerContext } from '../editor/composer-context.js';
import { liveAttachments } from '../editor/state/draft-codec.js';
import {
  attachmentsField,
  putAttachments,
  putRecords,
  recordsField,
  setUploadStatus,
  type UploadStatus,
  uploadStatusField,
} from '../editor/state/draft-state.js';
import { type UploadAttachment, type UploadedFile, type UploadPhase, UploadRegistry } from './upload-registry.js';

export type { UploadAttachment, UploadedFile, UploadOptions } from './upload-registry.js';

/** The host's `uploadAttachment`, when it is a function. */
export function uploaderOf(value: unknown): UploadAttachment | undefined {
  return typeof value === 'function' ? (value as UploadAttachment) : undefined;
}

/** An attachment as uploaded: the host's id (its record's too) and url. */
export function asUploaded(attachment: DraftAttachment, result: UploadedFile): DraftAttachment {
  const { url: _url, ...rest } = attachment;
  return { ...rest, attachmentId: result.attachmentId, uploaded: true, ...(result.url && { url: result.url }) };
}

/** An image or file record bound to the host's id for its uploaded file. */
export function recordAsUploaded(record: ContextRecord, result: UploadedFile): ContextRecord {
  return record.kind === 'image' || record.kind === 'file'
    ? ({ ...record, attachmentId: result.attachmentId } as ContextRecord)
    : record;
}

/** A draft with the files whose uploads finished as uploaded, their records bound to the host's ids; itself if none. */
export function withUploads(draft: ComposerDraft, resultOf: (file: File) => UploadedFile | undefined): ComposerDraft {
  const results = new Map<string, UploadedFile>();
  for (const attachment of draft.attachments) {
    const result = attachment.uploaded ? undefined : resultOf(attachment.file);
    if (result) results.set(attachment.contextId, result);
  }
  if (results.size === 0) return draft;
  const rebind = <T extends { contextId: string }>(value: T, as: (value: T, result: UploadedFile) => T) => {
    const result = results.get(value.contextId);
    return result ? as(value, result) : value;
  };
  return {
    ...draft,
    records: draft.records.map((record) => rebind(record, recordAsUploaded)),
    attachments: draft.attachments.map((attachment) => rebind(attachment, asUploaded)),
  };
}

/** Why a send waited for uploads did not go: a file failed to upload. Its message names the file. */
export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly reason: unknown,
  ) {
    super(message);
    this.name = 'UploadFailure';
  }
}

/** What holds files besides the draft: their uploads go on, and finished ones join the drafts that hold them. */
export interface UploadOwners {
  /** Files held outside the draft whose uploads must go on (a send waiting for them, queued and stashed drafts). */
  otherFiles(): Iterable<File>;
  /**
   * The uploads moved on (progress, an end): each holder takes finished uploads into its drafts
   * with `uploaded` (it answers the same draft when nothing changed), and shows progress.
   */
  moved(uploaded: (draft: ComposerDraft) => ComposerDraft): void;
}

/**
 * Uploads that start on attach. With the host's `uploadAttachment` set, every file the draft holds
 * (attached, pasted, dropped, fetched for a pasted chip, or back from a store) is uploaded at once,
 * once: its chip and thumbnail show the progress, then the file is the host's, `attachmentId` (in
 * its record too) and `url` as the host answered. A failure marks the chip with Retry and shows a
 * notice. A file that leaves the draft (its chip removed, the draft cleared) stops its upload,
 * unless something else still holds it (`otherFiles`: a send waiting for it); leaving the page
 * stops them all. After each change of the draft the uploads and the draft are matched again, in
 * a microtask, so any way the draft changed (undo, a restore, a reload) is followed alike.
 */
export class UploadsController implements ReactiveController {
  readonly registry = new UploadRegistry(() => this.scheduleSync());
  private scheduled = false;
  /** Failures already told in a notice. */
  private readonly told = new WeakSet<UploadPhase>();

  constructor(
    private readonly context: ComposerContext,
    private readonly options: UploadOwners,
  ) {
    context.host.addController(this);
  }

  /** The composer's own `uploadAttachment`, else its scope's (or, in a message's inline editor, the message's). */
  get uploader(): UploadAttachment | undefined {
    return uploaderOf(this.context.config.uploadAttachment);
  }

  hostConnected(): void {
    this.scheduleSync();
  }

  /** Out of the document: its uploads stop, unless it was only moved (back in before the microtask). */
  hostDisconnected(): void {
    queueMicrotask(() => {
      if (!this.context.host.isConnected) this.registry.abortAll();
    });
  }

  /** The host set or took away its `uploadAttachment` (on the composer or its scope); without one nothing uploads. */
  uploaderChanged(): void {
    if (!this.uploader) this.registry.abortAll();
    this.scheduleSync();
  }

  /** The draft changed (or something holding files did): its uploads are matched to it soon. */
  scheduleSync(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => this.sync());
  }

  /** Retry on a chip or a thumbnail: the failed upload of that file starts again. */
  retry(contextId: string): boolean {
    const attachment = this.context.state.field(attachmentsField).get(contextId);
    const upload = this.uploader;
    if (!attachment || attachment.uploaded || !upload) return false;
    void this.registry.upload(attachment.file, upload, { retry: true });
    return true;
  }

  /** A chip's Retry: the Retry button goes with the failure, so the focus goes back to the editor. */
  /**
   * `draft` once every file of it is uploaded, the files as the host's. Without an uploader, or with
   * nothing left to upload, at once. Rejects with an `UploadFailure` when a file fails (one that had
   * failed already fails at once), or with `signal`'s reason when it aborts.
   */
  whenUploaded(draft: ComposerDraft, signal: AbortSignal): Promise<ComposerDraft> {
    const upload = this.uploader;
    const pending = upload ? draft.attachments.filter((attachment) => !attachment.uploaded) : [];
    if (!upload || pending.length === 0) return Promise.resolve(draft);
    const aborted = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    const uploads = pending.map((attachment) =>
      this.registry.upload(attachment.file, upload).catch((reason: unknown) => {
        // The notice of the send that did not go says it: the chip coming back does not say it again.
        const phase = this.registry.phaseOf(attachment.file);
        if (phase?.state === 'failed') this.told.add(phase);
        throw new UploadFailure(this.failureMessage(labelOf(draft, attachment), reason), reason);
      }),
    );
    return Promise.race([Promise.all(uploads), aborted]).then(() => this.withFinishedUploads(draft));
  }

  /** A draft with the files whose uploads finished as the host's. */
  withFinishedUploads(draft: ComposerDraft): ComposerDraft {
    return withUploads(draft, (file) => this.registry.resultOf(file));
  }

  /** Why the draft cannot be sent now: a file whose upload failed (Retry or remove it first). */
  problem(): string | undefined {
    const { state } = this.context;
    const failed = liveAttachments(state).find(
      (attachment) => state.field(uploadStatusField).get(attachment.contextId)?.state === 'failed',
    );
    if (!failed) return undefined;
    const label = state.field(recordsField).get(failed.contextId)?.label ?? failed.file.name;
    return formatMessage(this.context.config.locale.uploadFailed, { label });
  }

  /** How far the files of these drafts are uploaded, 0 to 1, by their sizes. */
  progressOf(drafts: readonly ComposerDraft[]): number {
    let total = 0;
    let sent = 0;
    for (const attachment of drafts.flatMap((draft) => draft.attachments)) {
      const size = Math.max(1, attachment.file.size);
      const phase = attachment.uploaded ? undefined : this.registry.phaseOf(attachment.file);
      total += size;
      sent += size * (!phase || phase.state === 'done' ? 1 : phase.state === 'uploading' ? phase.fraction : 0);
    }
    return total === 0 ? 1 : sent / total;
  }

  readonly onRetry = (event: CustomEvent<UploadRetryDetail>): void => {
    if (this.retry(event.detail.contextId)) this.context.focus();
  };

  private sync(): void {
    this.scheduled = false;
    const { context, registry } = this;
    const state = context.state;
    const upload = this.uploader;
    // Without an uploader and with nothing left of one, there is nothing to follow: drafts change as they always did.
    if (!upload && registry.idle && state.field(uploadStatusField).size === 0) return;
    const live = liveAttachments(state);
    const { effects, finished } = this.finishedUploads();
    const pending = live.filter((attachment) => !attachment.uploaded && !finished.has(attachment.contextId));
    if (upload && context.host.isConnected) {
      for (const attachment of pending)
        if (!registry.phaseOf(attachment.file)) void registry.upload(attachment.file, upload);
    }
    const wanted = new Set<File>([...live.map((attachment) => attachment.file), ...this.options.otherFiles()]);
    registry.release((file) => wanted.has(file));
    effects.push(...this.statusChanges(state.field(uploadStatusField), pending));
    this.options.moved((draft) => this.withFinishedUploads(draft));
    if (effects.length === 0) return;
    context.dispatch({ effects, annotations: Transaction.addToHistory.of(false) });
    context.host.requestUpdate();
  }

  /** The files of the draft whose uploads finished, as uploaded, with their records bound to the host's ids. */
  private finishedUploads(): { effects: StateEffect<unknown>[]; finished: Set<string> } {
    const state = this.context.state;
    const records = state.field(recordsField);
    const attachments: DraftAttachment[] = [];
    const rebound: ContextRecord[] = [];
    for (const attachment of state.field(attachmentsField).values()) {
      const result = attachment.uploaded ? undefined : this.registry.resultOf(attachment.file);
      if (!result) continue;
      attachments.push(asUploaded(attachment, result));
      const record = records.get(attachment.contextId);
      if (record) rebound.push(recordAsUploaded(record, result));
    }
    const finished = new Set(attachments.map((attachment) => attachment.contextId));
    const effects = attachments.length > 0 ? [putRecords.of(rebound), putAttachments.of(attachments)] : [];
    return { effects, finished };
  }

  /** What the chips and thumbnails should show of the uploads of `pending` files, as changes of the field. */
  private statusChanges(shown: ReadonlyMap<string, UploadStatus>, pending: readonly DraftAttachment[]) {
    const effects: StateEffect<unknown>[] = [];
    const wanted = new Map<string, UploadStatus>();
    for (const attachment of pending) {
      const phase = this.registry.phaseOf(attachment.file);
      if (phase?.state === 'uploading')
        wanted.set(attachment.contextId, { state: 'uploading', fraction: phase.fraction });
      if (phase?.state !== 'failed') continue;
      wanted.set(attachment.contextId, { state: 'failed' });
      this.tell(attachment, phase);
    }
    for (const contextId of shown.keys())
      if (!wanted.has(contextId)) effects.push(setUploadStatus.of({ contextId, status: undefined }));
    for (const [contextId, status] of wanted) {
      const before = shown.get(contextId);
      const same =
        before?.state === status.state &&
        (status.state !== 'uploading' || (before.state === 'uploading' && before.fraction === status.fraction));
      if (!same) effects.push(setUploadStatus.of({ contextId, status }));
    }
    return effects;
  }

  /** One notice per failure: the file's name, and the host's reason when it gave one. */
  private tell(attachment: DraftAttachment, phase: UploadPhase & { state: 'failed' }): void {
    if (this.told.has(phase)) return;
    this.told.add(phase);
    const label = this.context.state.field(recordsField).get(attachment.contextId)?.label ?? attachment.file.name;
    this.context.notices.show(this.failureMessage(label, phase.reason));
  }

  private failureMessage(label: string, reason: unknown): string {
    const { locale } = this.context.config;
    const message = rejectionMessage(reason);
    return message
      ? formatMessage(locale.uploadFailedBecause, { label, message })
      : formatMessage(locale.uploadFailed, { label });
  }
}

function labelOf(draft: ComposerDraft, attachment: DraftAttachment): string {
  return draft.records.find((record) => record.contextId === attachment.contextId)?.label ?? attachment.file.name;
}
