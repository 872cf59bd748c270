import { createEvent, type T3EventDetails, type T3EventName } from './events.js';
import { asSentence } from './locale.js';

/** An event's detail without its `waitUntil`, which `fireExtendable` adds. */
type PlainDetail<Name extends T3EventName> = Omit<T3EventDetails[Name], 'waitUntil'>;

/** What became of an extendable event: cancelled, or dispatched and kept until `settled` (its `waitUntil` promises). */
export type ExtendableOutcome = { dispatched: false } | { dispatched: true; settled?: Promise<unknown> };

/**
 * Fires a cancelable event whose `detail.waitUntil(promise)`, as `ExtendableEvent`'s, may be called
 * only while the event is dispatched and not once it is cancelled (an `InvalidStateError`
 * otherwise); a listener that cancels after another called it wins. It is not enumerable, so a
 * detail spread, stringified or structured-cloned is the plain value.
 */
export function fireExtendable<Name extends T3EventName>(
  target: EventTarget,
  name: Name,
  plain: PlainDetail<Name>,
): ExtendableOutcome {
  const promises: PromiseLike<unknown>[] = [];
  let dispatching = true;
  const detail = { ...plain } as T3EventDetails[Name];
  const event = createEvent(name, detail, { cancelable: true });
  Object.defineProperty(detail, 'waitUntil', {
    value(promise: PromiseLike<unknown>): void {
      if (!dispatching)
        throw new DOMException(`waitUntil() is only allowed while ${name} is dispatched.`, 'InvalidStateError');
      if (event.defaultPrevented) throw new DOMException(`waitUntil() on a cancelled ${name}.`, 'InvalidStateError');
      promises.push(promise);
    },
  });
  try {
    target.dispatchEvent(event);
  } finally {
    dispatching = false;
  }
  if (event.defaultPrevented) return { dispatched: false };
  return promises.length > 0 ? { dispatched: true, settled: Promise.all(promises) } : { dispatched: true };
}

/**
 * The `message` a rejection's reason carries, when it is a non-empty string, ended as a sentence:
 * a notice goes on after it with a sentence of its own.
 */
export function rejectionMessage(reason: unknown): string | undefined {
  const message = reason && typeof reason === 'object' ? (reason as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? asSentence(message) : undefined;
}
