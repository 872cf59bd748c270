import type { ContextRecord } from '../../../core/index.js';

/**
 * Turns a drop the composer does not know (a host's own drag type, a folder with its real path)
 * into records: what it returns becomes chips at the drop point, one undo step; `null` (or no
 * records) leaves the drop to the composer. It is called during the drop event: read the
 * `DataTransfer` before any `await`, since it reads as empty once the event is over.
 */
export type DropResolver = (data: DataTransfer) => ContextRecord[] | Promise<ContextRecord[] | null> | null;

/** What a resolver answered: records, nothing of its own (the composer's default), or a failure. */
export type ResolvedDrop =
  | { readonly outcome: 'records'; readonly records: readonly unknown[] }
  | { readonly outcome: 'default' }
  | { readonly outcome: 'failed'; readonly error: unknown };

/** The resolver's answer now, or a promise of it; a throw or a rejection is a failure, never an exception. */
export function resolveDrop(resolver: DropResolver, data: DataTransfer): ResolvedDrop | Promise<ResolvedDrop> {
  let answer: unknown;
  try {
    answer = resolver(data);
  } catch (error) {
    return { outcome: 'failed', error };
  }
  if (isThenable(answer))
    return Promise.resolve(answer).then(
      (settled) => answerOf(settled),
      (error: unknown) => ({ outcome: 'failed', error }),
    );
  return answerOf(answer);
}

function answerOf(answer: unknown): ResolvedDrop {
  if (answer === null || answer === undefined) return { outcome: 'default' };
  if (!Array.isArray(answer)) return { outcome: 'failed', error: new TypeError('dropResolver must return an array') };
  return answer.length > 0 ? { outcome: 'records', records: answer } : { outcome: 'default' };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}
