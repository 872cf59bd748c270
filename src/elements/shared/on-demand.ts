import type { LegacyUpgradeResult } from '../../core/legacy/upgrade.js';

/**
 * A module loaded the first time it is asked for, as a chunk of its own: code an element needs only
 * in some cases (a message's Markdown renderer, its editor, a chip's comment form). It loads once
 * per page and stays; a failed load is tried again on the next ask.
 */
export class OnDemand<T> {
  loaded?: T;
  private loading?: Promise<T | undefined>;

  constructor(private readonly importer: () => Promise<T>) {}

  /** Makes the module available at once (a server imports it statically: it renders synchronously). */
  provide(module: T): void {
    this.loaded = module;
  }

  /** Resolves to `undefined` when the chunk cannot be loaded (a network failure). */
  load(): Promise<T | undefined> {
    if (this.loaded) return Promise.resolve(this.loaded);
    this.loading ??= this.importer().then(
      (module) => (this.loaded = module),
      () => (this.loading = undefined),
    );
    return this.loading;
  }
}

export type LegacyUpgrade = (text: string) => LegacyUpgradeResult;

/**
 * The legacy upgrade, a chunk of its own: only a message stored without a context whose text has
 * legacy blocks needs it, shown as a message or recalled into the composer. One load serves both.
 */
export const legacyUpgradeChunk = new OnDemand<LegacyUpgrade>(() =>
  import('../../core/legacy/upgrade.js').then((module) => module.upgradeLegacyMessage),
);
