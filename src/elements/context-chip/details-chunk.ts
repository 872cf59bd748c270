import { OnDemand } from '../shared/on-demand.js';
import type { DetailsSource } from './details-content.js';

export type { DetailsSource };
export type DetailsCardClass = typeof import('./details-placement.js').DetailsCard;

/**
 * What a chip's details show, and their card (`details-placement.ts`): a chunk loaded the first
 * time a chip on the page is looked into.
 */
const detailsChunk = new OnDemand(() => import('./details-content.js'));

/** What the details show, given at once: a server renders synchronously (the `ssr` entry). */
export function provideDetailsContent(module: typeof import('./details-content.js')): void {
  detailsChunk.provide(module);
}

/**
 * A chip's view of its details' chunk: drawing them starts its load, and the chip updates again
 * once it has come. Should it fail to load, the chip shows no details this time (its face and
 * label stay), the console says why, and the next look tries again.
 */
export class DetailsChunk {
  private loading?: Promise<void>;

  constructor(private readonly host: { requestUpdate(): void }) {}

  /** The details, or null while their chunk loads (or when the chip has none). */
  render(root: Element | DocumentFragment, source: DetailsSource): unknown {
    return this.content()?.renderResolvedDetails(root, source) ?? null;
  }

  /** What shows and places the details' card, or null while the chunk loads (the card stays hidden until then). */
  card(): DetailsCardClass | null {
    return this.content()?.DetailsCard ?? null;
  }

  /** Marks the code blocks of built-in details that scroll (there are none before the chunk has come). */
  watchCodeOverflow(root: ParentNode): void {
    detailsChunk.loaded?.watchCodeOverflow(root);
  }

  /** The chunk's module, or undefined while it loads (asking starts the load). */
  private content() {
    const content = detailsChunk.loaded;
    if (content) return content;
    this.loading ??= detailsChunk.load().then((loaded) => {
      this.loading = undefined;
      if (loaded) this.host.requestUpdate();
      else console.error('[t3-composer] the chip details could not be loaded; the next look tries again');
    });
    return undefined;
  }

  /** Waits for a load the chip started; true when there was one (the chip then updates again). */
  async settled(): Promise<boolean> {
    if (!this.loading) return false;
    await this.loading;
    return true;
  }
}
