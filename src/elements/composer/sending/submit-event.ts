import type { DraftSubmission } from '../../shared/draft-values.js';
import { createEvent, type Delivery, type SubmitDetail } from '../../shared/events.js';

/** What became of a `t3-submit`: cancelled, sent, or sent and kept until `settled` (its `waitUntil` promises). */
export type SubmitOutcome = { sent: false } | { sent: true; settled?: Promise<unknown> };

/**
 * Fires `t3-submit` for a submission. Its `detail.waitUntil(promise)`, as `ExtendableEvent`'s, may
 * only be called while the event is dispatched and not once it is cancelled (an `InvalidStateError`
 * otherwise); a listener that cancels after another called it wins. It is not enumerable, so a
 * detail spread, stringified or structured-cloned is the plain submission.
 */
export function fireSubmit(target: EventTarget, submission: DraftSubmission, delivery: Delivery): SubmitOutcome {
  const promises: PromiseLike<unknown>[] = [];
  let dispatching = true;
  const detail = { ...submission, delivery, ...(delivery === 'queued' && { queued: true }) } as SubmitDetail;
  const event = createEvent('t3-submit', detail, { cancelable: true });
  Object.defineProperty(detail, 'waitUntil', {
    value(promise: PromiseLike<unknown>): void {
      if (!dispatching)
        throw new DOMException('waitUntil() is only allowed while t3-submit is dispatched.', 'InvalidStateError');
      if (event.defaultPrevented) throw new DOMException('waitUntil() on a cancelled t3-submit.', 'InvalidStateError');
      promises.push(promise);
    },
  });
  try {
    target.dispatchEvent(event);
  } finally {
    dispatching = false;
  }
  if (event.defaultPrevented) return { sent: false };
  return promises.length > 0 ? { sent: true, settled: Promise.all(promises) } : { sent: true };
}

/** The `message` a rejection's reason carries, when it is a non-empty string. */
export function rejectionMessage(reason: unknown): string | undefined {
  const message = reason && typeof reason === 'object' ? (reason as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : undefined;
}
