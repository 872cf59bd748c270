import { html, nothing, type TemplateResult } from 'lit';
import type { ComposerDraft, DraftSubmission } from '../../shared/composer-values.js';
import type { ExtendableOutcome } from '../../shared/extendable-event.js';
import type { T3Locale } from '../../shared/locale.js';
import { styleProperties } from '../../shared/style-properties.js';
import type { UploadsController } from '../attachments/uploads.js';
import type { FlightEnd, SubmissionsInFlight } from './in-flight.js';
import { submittedAttachment } from './submission-rules.js';

/** A submission computed before its files were uploaded, as it is now: their ids and urls, and its records'. */
export function uploadedSubmission(submission: DraftSubmission, draft: ComposerDraft): DraftSubmission {
  const attachments = new Map(draft.attachments.map((attachment) => [attachment.contextId, attachment]));
  const records = new Map(draft.records.map((record) => [record.contextId, record]));
  const { context } = submission;
  return {
    ...submission,
    ...(context && {
      context: { ...context, records: context.records.map((record) => records.get(record.contextId) ?? record) },
    }),
    attachments: submission.attachments.map((attachment) =>
      submittedAttachment(attachments.get(attachment.contextId) ?? attachment),
    ),
  };
}

/** Whether a draft has files still to upload before it may go out. */
export function waitsForUploads(uploads: UploadsController, draft: ComposerDraft): boolean {
  return !!uploads.uploader && draft.attachments.some((attachment) => !attachment.uploaded);
}

export interface AfterUploadsParts {
  uploads: UploadsController;
  inFlight: SubmissionsInFlight;
  /** Fires `t3-submit` for the submission as uploaded. */
  fire(submission: DraftSubmission): ExtendableOutcome;
  /** The wait ended (its files are uploaded, or it stopped): the composer draws its buttons again. */
  waitEnded(): void;
}

/**
 * A send whose files are still uploading: in flight at once (the composer clears, `sending`), and
 * `t3-submit` goes out once every upload is done, carrying the host's ids and urls; then `waitUntil`
 * keeps it in flight as any send. A failed upload, Stop (`flight.stop`) or a cancelled `t3-submit`
 * ends it as a refusal does: `end.failed` brings the draft back, its finished uploads kept.
 */
export function sendAfterUploads(
  parts: AfterUploadsParts,
  submission: DraftSubmission,
  draft: ComposerDraft,
  end: FlightEnd,
): void {
  const stop = new AbortController();
  // The callbacks run once the uploads answer, long after `flight` is set.
  const settled = parts.uploads.whenUploaded(draft, stop.signal).then(
    (uploaded) => {
      flight.draft = uploaded;
      delete flight.stop;
      parts.waitEnded();
      const outcome = parts.fire(uploadedSubmission(submission, uploaded));
      // Cancelled: the host did not take it, and the composer was cleared long ago: it comes back.
      if (!outcome.dispatched) throw new DOMException('', 'AbortError');
      return outcome.settled;
    },
    (reason: unknown) => {
      // What did upload stays the host's in the draft that comes back.
      flight.draft = parts.uploads.withFinishedUploads(flight.draft);
      delete flight.stop;
      parts.waitEnded();
      throw reason;
    },
  );
  const flight = parts.inFlight.track(draft, settled, end, (reason) => stop.abort(reason));
}

/** While a send waits for its uploads: how far they are (`part="upload-wait"`, a progress bar), beside Stop. */
export function renderUploadWait(progress: number | undefined, locale: T3Locale): TemplateResult | typeof nothing {
  if (progress === undefined) return nothing;
  const percent = Math.round(progress * 100);
  return html`<span
    part="upload-wait"
    class="upload-wait"
    role="progressbar"
    aria-label=${locale.sendingAfterUploads}
    aria-valuemin="0"
    aria-valuemax="100"
    aria-valuenow=${percent}
    title=${locale.sendingAfterUploads}
    ><span class="upload-wait-bar"><span class="upload-wait-fill" ${styleProperties({ 'inline-size': `${percent}%` })}></span></span
    >${percent}%</span
  >`;
}
