import { type StateEffect, Transaction } from '@codemirror/state';
import type { ReactiveController } from 'lit';
import type { ContextRecord } from '../../../core/index.js';
import type { DraftAttachment } from '../../shared/draft-values.js';
import type { UploadRetryDetail } from '../../shared/events.js';
import { rejectionMessage } from '../../shared/extendable-event.js';
import { formatMessage } from '../../shared/locale.js';
import type { ComposerContext } from '../editor/composer-context.js';
import { liveAttachments } from '../editor/draft.js';
import {
  attachmentsField,
  putAttachments,
  putRecords,
  recordsField,
  setUploadStatus,
  type UploadStatus,
  uploadStatusField,
} from '../editor/draft-state.js';
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
    private readonly options: { otherFiles(): Iterable<File> } = { otherFiles: () => [] },
  ) {
    context.host.addController(this);
  }

  get uploader(): UploadAttachment | undefined {
    return uploaderOf(this.context.host.uploadAttachment);
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

  /** The host set or took away its `uploadAttachment`; without one nothing uploads. */
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
  readonly onRetry = (event: CustomEvent<UploadRetryDetail>): void => {
    if (this.retry(event.detail.contextId)) this.context.focus();
  };

  private sync(): void {
    this.scheduled = false;
    const { context, registry } = this;
    const state = context.state;
    const live = liveAttachments(state);
    const upload = this.uploader;
    const { effects, finished } = this.finishedUploads();
    const pending = live.filter((attachment) => !attachment.uploaded && !finished.has(attachment.contextId));
    if (upload && context.host.isConnected) {
      for (const attachment of pending)
        if (!registry.phaseOf(attachment.file)) void registry.upload(attachment.file, upload);
    }
    const wanted = new Set<File>([...live.map((attachment) => attachment.file), ...this.options.otherFiles()]);
    registry.release((file) => wanted.has(file));
    effects.push(...this.statusChanges(state.field(uploadStatusField), pending));
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
    const { locale } = this.context.config;
    const label = this.context.state.field(recordsField).get(attachment.contextId)?.label ?? attachment.file.name;
    const message = rejectionMessage(phase.reason);
    this.context.notices.show(
      message
        ? formatMessage(locale.uploadFailedBecause, { label, message })
        : formatMessage(locale.uploadFailed, { label }),
    );
  }
}
