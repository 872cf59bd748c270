import { type MentionProvider, type ProviderResult, searchProviders, triggerOf, usableProviders } from './providers.js';
import type { Trigger } from './trigger-detection.js';

const SEARCH_DEBOUNCE_MS = 80;

/**
 * The providers' answers for the mention being typed: one search per trigger and query,
 * debounced, the previous one aborted. `onResults` hears each answer as it arrives.
 */
export class MenuSearch {
  results: ProviderResult[] = [];
  private timer?: ReturnType<typeof setTimeout>;
  private abort?: AbortController;
  private searchedFor = '';

  constructor(private readonly onResults: (results: ProviderResult[]) => void) {}

  get isLoading(): boolean {
    return this.results.some((result) => result.status === 'loading');
  }

  /** Starts a search for `trigger`, unless the same one is already under way or done. */
  search(trigger: Extract<Trigger, { type: 'mention' }>, providers: readonly MentionProvider[]): void {
    const key = `${trigger.trigger}${trigger.query}`;
    if (key === this.searchedFor) return;
    this.cancel();
    this.searchedFor = key;
    const asked = usableProviders(providers).filter((provider) => triggerOf(provider) === trigger.trigger);
    this.results = asked.map((provider) => ({ provider, status: 'loading' }));
    const abort = new AbortController();
    this.abort = abort;
    this.timer = setTimeout(() => {
      searchProviders(asked, trigger.query, abort.signal, (results) => {
        this.results = results;
        this.onResults(results);
      });
    }, SEARCH_DEBOUNCE_MS);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.abort?.abort();
    this.results = [];
    this.searchedFor = '';
  }
}
