/**
 * A push source turned into an async iterable: callbacks push values, `close` ends the iteration
 * after what was pushed, `fail` ends it by throwing. One reader.
 */
export class ResultStream<T> implements AsyncIterable<T> {
  private readonly pending: T[] = [];
  private ended = false;
  private failure: { error: unknown } | undefined;
  private wake: (() => void) | undefined;

  push(value: T): void {
    if (this.ended) return;
    this.pending.push(value);
    this.notify();
  }

  close(): void {
    this.ended = true;
    this.notify();
  }

  fail(error: unknown): void {
    if (this.ended) return;
    this.failure = { error };
    this.close();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      const next = this.pending.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.failure) throw this.failure.error;
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
