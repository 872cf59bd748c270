import type { nothing, ReactiveControllerHost, TemplateResult } from 'lit';
import { emit } from '../../shared/events.js';
import { renderSendButton } from './composer-actions.js';
import type { CommandInfo } from '../../../core/index.js';
import { commandInfoOf, readDraft, stateIsBlank } from '../editor/draft.js';
import { QueueController, type QueueControllerDelegate } from './queue-controller.js';
import { type QueueMode, queueModeOf } from './queue-mode.js';
import { insertionProblem, submissionOf } from './submission-rules.js';

/** The element's properties the controller follows; `queueMode` as set (anything else means `queue`). */
export interface SubmitHost extends ReactiveControllerHost, HTMLElement {
  busy: boolean;
  queueMode: unknown;
  noSendButton: boolean;
}

export interface SubmitControllerDelegate extends Omit<QueueControllerDelegate, 'host'> {
  disabled(): boolean;
}

/**
 * Sending and stopping: Enter, the send button and `submit()` fire `t3-submit`, or, while the
 * host's assistant is busy, queue the submission, refuse with a notice or send at once (per
 * `queue-mode`); the stop button and Escape fire `t3-stop` while busy.
 */
export class SubmitController {
  readonly queue: QueueController;
  /** Whether the send button was last drawn enabled, to draw it again only when that changes. */
  private couldSend = false;

  constructor(
    private readonly host: SubmitHost,
    private readonly delegate: SubmitControllerDelegate,
  ) {
    this.queue = new QueueController({ ...delegate, host });
    host.addEventListener('input', (event) => {
      if (event.target === host && this.canSend() !== this.couldSend) host.requestUpdate();
    });
  }

  /** The host's current description of a picked command (a restored draft may know only its name). */
  readonly commandInfo = (command: CommandInfo): CommandInfo => commandInfoOf(this.delegate.commands(), command);

  get mode(): QueueMode {
    return queueModeOf(this.host.queueMode);
  }

  /** Submits like Enter; true when the draft left the composer (sent, or queued while busy). */
  submit(): boolean {
    const { session } = this.delegate;
    const busy = this.host.busy;
    const state = session.state;
    if (!session.view || this.delegate.disabled() || stateIsBlank(state)) return false;
    const queueing = busy && this.mode !== 'send';
    if (busy && this.mode === 'block') {
      session.notices.show(this.delegate.locale().queueBlocked);
      return false;
    }
    if (session.deferSubmit()) return false;
    const result = submissionOf(state, this.commandInfo, this.delegate.locale());
    if ('problem' in result) {
      session.notices.show(result.problem);
      return false;
    }
    const draft = readDraft(state);
    if (!queueing && !emit(this.host, 't3-submit', result.detail, { cancelable: true })) return false;
    if (queueing) this.delegate.recall.forget();
    else this.delegate.recall.remember(draft);
    // The submitted files belong to the host (or the queue) now: no `t3-attachment-remove` for them.
    session.replace({ text: '' });
    this.delegate.draftChanged();
    if (queueing) this.queue.add(draft, result.detail);
    return true;
  }

  stop(): void {
    if (this.host.busy) emit(this.host, 't3-stop', {});
  }

  /** Escape is the composer's while busy (a menu, when open, takes it first). */
  wantsKey(event: KeyboardEvent): boolean {
    return event.key === 'Escape' && this.host.busy;
  }

  handleKey(event: KeyboardEvent): boolean {
    if (!this.wantsKey(event)) return false;
    this.stop();
    return true;
  }

  /** Whether the draft could be sent now: not disabled, not blank, within the limits. */
  private canSend(): boolean {
    const state = this.delegate.session.state;
    return !this.delegate.disabled() && !stateIsBlank(state) && !insertionProblem(state, [], 0, this.delegate.locale());
  }

  renderButton(): TemplateResult | typeof nothing {
    const { session } = this.delegate;
    this.couldSend = this.canSend();
    return renderSendButton({
      busy: this.host.busy,
      canSend: this.couldSend,
      hidden: this.host.noSendButton,
      locale: this.delegate.locale(),
      send: () => {
        this.submit();
        session.focus();
      },
      stop: () => {
        this.stop();
        session.focus();
      },
    });
  }
}
