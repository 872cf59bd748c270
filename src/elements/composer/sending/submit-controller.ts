import { html, type nothing, type TemplateResult } from 'lit';
import type { ComposerDraft, DraftSubmission } from '../../shared/composer-values.js';
import { type Delivery, emit } from '../../shared/events.js';
import type { DictationController } from '../dictation/dictation-controller.js';
import type { DraftRecall } from '../saved-drafts/draft-recall.js';
import type { StashController } from '../saved-drafts/stash-controller.js';
import { bringDraftBack } from '../saved-drafts/draft-takeback.js';
import type { ComposerContext } from '../editor/composer-context.js';
import { stateIsBlank } from '../editor/state/draft-codec.js';
import { insertionProblem } from '../editor/state/draft-limits.js';
import { renderSendButton } from './composer-actions.js';
import { type FlightEnd, type InFlightOptions, SubmissionsInFlight } from './in-flight.js';
import type { UploadsController } from '../attachments/uploads.js';
import { renderUploadWait, sendAfterUploads, waitsForUploads } from './after-uploads.js';
import { QueueController } from './queue-controller.js';
import { notSentNotice } from './not-sent.js';
import { followUpAction, type QueueMode, queueModeOf } from './queue-mode.js';
import { submissionOf } from './submission-rules.js';
import { fireSubmit } from './submit-event.js';

/**
 * What sending needs besides the context: the recall history sent drafts join, and the stash for
 * the rare refused draft that cannot go back into the composer.
 */
export interface SubmitParts {
  recall: DraftRecall;
  stash: StashController;
  /** Its guess on screen is something to send; before a draft is sent, what it heard becomes text, and it ends. */
  dictation: Pick<DictationController, 'hasGuess' | 'stop'>;
  /** Where drafts are saved: a send made under another key settles into that key's record. */
  keys: Pick<InFlightOptions, 'currentKey' | 'settledElsewhere'>;
  /** The uploads that start on attach: a send waits for those still running. */
  uploads: UploadsController;
}

/**
 * Sending and stopping: Enter, the send button and `submit()` fire `t3-submit`, or, while the
 * host's assistant is busy or a send is in flight, queue the submission, refuse with a notice or
 * send at once (per `queue-mode`); the stop button and Escape fire `t3-stop` while busy. A
 * submission kept by `waitUntil` is in flight until its promise settles; if it rejects, its draft
 * comes back without costing what was typed since.
 */
export class SubmitController {
  readonly queue: QueueController;
  readonly inFlight: SubmissionsInFlight;
  /** Whether the send button was last drawn enabled, to draw it again only when that changes. */
  private couldSend = false;

  constructor(
    private readonly context: ComposerContext,
    private readonly parts: SubmitParts,
  ) {
    this.inFlight = new SubmissionsInFlight({ host: context.host, idle: () => this.queue.sendHead(), ...parts.keys });
    this.queue = new QueueController(context, {
      busy: () => this.busy,
      send: (submission, draft, delivery, failed) => this.send(submission, draft, delivery, failed),
    });
  }

  get mode(): QueueMode {
    return queueModeOf(this.context.host.queueMode);
  }

  /** The host's assistant is working, or a send is in flight: follow-ups wait (per `queue-mode`). */
  get busy(): boolean {
    return this.context.host.busy || this.inFlight.sending;
  }

  /**
   * Submits like Enter; true when the draft left the composer. While busy, as `queue-mode` says, or
   * the other way round (queue ↔ steer) when `otherWay` (Ctrl/Cmd+Shift+Enter).
   */
  submit(otherWay = false): boolean {
    const { context } = this;
    const { dictation } = this.parts;
    if (!context.view || context.disabled) return false;
    const blank = stateIsBlank(context.state);
    if (blank && !dictation.hasGuess) return false;
    const action = followUpAction(this.busy, this.mode, otherWay);
    if (action === 'block') {
      context.notices.show(context.config.locale.queueBlocked);
      return false;
    }
    dictation.stop(undefined, { now: true });
    const state = context.state;
    // A guess that could not go in leaves a blank draft blank.
    if (blank && stateIsBlank(state)) return false;
    if (this.context.deferSubmit()) return false;
    const uploadProblem = this.parts.uploads.problem();
    if (uploadProblem) {
      context.notices.show(uploadProblem);
      return false;
    }
    const result = submissionOf(state, context.commandInfo, context.config.locale);
    if ('problem' in result) {
      context.notices.show(result.problem);
      if (result.selection) context.dispatch({ selection: result.selection, scrollIntoView: true });
      return false;
    }
    const { draft, detail } = result;
    if (action === 'queue') {
      this.queue.add(draft, detail);
      context.replaceDraft({ text: '' });
      return true;
    }
    const delivery = action === 'steer' ? 'steer' : 'new';
    if (!this.send(detail, draft, delivery, (reason, back) => this.restore(back, reason))) return false;
    // The submitted files belong to the host now: no `t3-attachment-remove` for them.
    context.replaceDraft({ text: '' });
    // A message of the person's own starts a paused queue again.
    this.queue.resume(false);
    return true;
  }

  /**
   * Ctrl/Cmd+Shift+Enter: a draft goes the other way round; in an empty draft while busy, the
   * oldest queued entry is steered into the running turn.
   */
  submitOtherWay(): boolean {
    const head = this.queue.entries[0];
    const steers = this.mode === 'queue' || this.mode === 'steer';
    if (stateIsBlank(this.context.state) && this.busy && steers && head) return this.queue.sendNow(head.id);
    return this.submit(true);
  }

  /** The files whose uploads go on outside the draft: those of sends waiting for them, of the queue and the stash. */
  *otherFiles(): Iterable<File> {
    yield* this.inFlight.waitingFiles();
    for (const { draft } of [...this.queue.entries, ...this.parts.stash.entries])
      for (const attachment of draft.attachments) yield attachment.file;
  }

  /** The uploads moved on: queued and stashed drafts take finished ones; a send waiting for them shows how far. */
  uploadsMoved(uploaded: (draft: ComposerDraft) => ComposerDraft): void {
    this.queue.takeUploads(uploaded);
    this.parts.stash.takeUploads(uploaded);
    // A send waiting for them is stored with the draft as it stands: a reload keeps what did upload.
    if (this.inFlight.takeUploads(uploaded)) this.context.scheduleSave();
    if (this.inFlight.waiting.length > 0) this.context.host.requestUpdate();
  }

  /** What Enter would do now, as the send button says it. */
  get enterAction(): QueueMode {
    return followUpAction(this.busy, this.mode, false);
  }

  /** The draft changed: the send button is drawn again when whether it can send changed. */
  followDraft(): void {
    if (this.canSend() !== this.couldSend) this.context.host.requestUpdate();
  }

  /**
   * The stop button or Escape: a send waiting for its uploads comes back (the uploads go on in the
   * composer); while busy, `t3-stop`, and the queue waits for Resume when the turn ends.
   */
  stop(): boolean {
    const reason = new DOMException(this.context.config.locale.uploadWaitStopped, 'AbortError');
    const stoppedWait = this.inFlight.stopWaiting(reason);
    if (!this.context.host.busy) return stoppedWait;
    this.queue.pause();
    emit(this.context.host, 't3-stop', {});
    return true;
  }

  renderButton(): TemplateResult | typeof nothing {
    const { context } = this;
    this.couldSend = this.canSend();
    const locale = context.config.locale;
    const action = this.enterAction;
    const waiting = this.inFlight.waiting;
    const progress =
      waiting.length > 0 ? this.parts.uploads.progressOf(waiting.map((flight) => flight.draft)) : undefined;
    return html`${renderUploadWait(progress, locale)}${renderSendButton({
      busy: context.host.busy || waiting.length > 0,
      sending: this.inFlight.sending,
      label: action === 'queue' ? locale.queueFollowUp : action === 'steer' ? locale.steerNow : locale.send,
      canSend: this.couldSend,
      hidden: context.host.noSendButton,
      locale,
      send: () => {
        this.submit();
        context.focus();
      },
      stop: () => {
        this.stop();
        context.focus();
      },
    })}`;
  }

  /**
   * Fires `t3-submit`; unless cancelled the submission is the host's, and its draft joins the
   * recall history once done: at once, or when the `waitUntil` promise fulfils. A rejection calls
   * `failed`. The caller clears the draft it came from (the composer's, or a queue entry).
   */
  private send(
    submission: DraftSubmission,
    draft: ComposerDraft,
    delivery: Delivery,
    failed: FlightEnd['failed'],
  ): boolean {
    const { recall, uploads } = this.parts;
    const end: FlightEnd = { done: (sent) => recall.remember(sent), failed };
    const { host } = this.context;
    if (waitsForUploads(uploads, draft)) {
      const fire = (uploaded: DraftSubmission) => fireSubmit(host, uploaded, delivery);
      sendAfterUploads(
        { uploads, inFlight: this.inFlight, fire, waitEnded: () => host.requestUpdate() },
        submission,
        draft,
        end,
      );
      return true;
    }
    const outcome = fireSubmit(host, submission, delivery);
    if (!outcome.dispatched) return false;
    if (outcome.settled) this.inFlight.track(draft, outcome.settled, end);
    else recall.remember(draft);
    return true;
  }

  /**
   * A refused send's draft back in the composer, as one undo step: whole into a blank draft, else
   * in front of what was typed since; one that would break a limit there goes to the front of the
   * stash. One notice says so. The queue pauses, so no follow-up overtakes it, and a submit that
   * waited for pasted files does not go out with it by itself.
   */
  private restore(draft: ComposerDraft, reason: unknown): void {
    this.context.cancelDeferredSubmit();
    this.queue.pause();
    const back = bringDraftBack(this.context, draft, { undoable: true });
    if (!back) this.parts.stash.keepUnsent(draft);
    this.context.notices.show(notSentNotice(this.context.config.locale, reason, back ? 'composer' : 'stash'));
  }

  /** Whether the draft could be sent now: not disabled, not blank, within the limits. */
  private canSend(): boolean {
    const { state, config } = this.context;
    const blank = stateIsBlank(state) && !this.parts.dictation.hasGuess;
    return !this.context.disabled && !blank && !insertionProblem(state, [], 0, config.locale);
  }
}
