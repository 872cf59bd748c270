import type { DraftSubmission } from '../../shared/composer-values.js';
import type { Delivery } from '../../shared/events.js';
import { type ExtendableOutcome, fireExtendable } from '../../shared/extendable-event.js';

/** Fires `t3-submit` for a submission, with its `delivery` (and `queued: true` for a queue entry) and `waitUntil`. */
export function fireSubmit(target: EventTarget, submission: DraftSubmission, delivery: Delivery): ExtendableOutcome {
  return fireExtendable(target, 't3-submit', {
    ...submission,
    delivery,
    ...(delivery === 'queued' && { queued: true }),
  });
}
