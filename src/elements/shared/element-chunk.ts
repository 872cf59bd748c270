import type { OnDemand } from './on-demand.js';

/**
 * An element's view of a chunk it draws with: asking for it while it loads starts the load, and the
 * element updates again once it has come. Should it fail to load, the element draws without it
 * this time, the console says `failure`, and the next ask tries again.
 */
export class ElementChunk<T> {
  private loading?: Promise<void>;

  constructor(
    private readonly host: { requestUpdate(): void },
    private readonly chunk: OnDemand<T>,
    private readonly failure: string,
  ) {}

  /** The chunk's module, or undefined while it loads. */
  get(): T | undefined {
    const loaded = this.chunk.loaded;
    if (!loaded) this.load();
    return loaded;
  }

  private load(): void {
    this.loading ??= this.chunk.load().then((loaded) => {
      this.loading = undefined;
      if (loaded) this.host.requestUpdate();
      else console.error(`[t3-composer] ${this.failure}`);
    });
  }

  /** Waits for a load the element started; true when there was one (the element then updates again). */
  async settled(): Promise<boolean> {
    if (!this.loading) return false;
    await this.loading;
    return true;
  }
}
