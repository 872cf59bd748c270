import type { ContextRecord } from '../../../core/index.js';
import { warnOnce } from '../../shared/warnings.js';
import { writtenQuery } from './written-query.js';

/** What a host-kind chip carries: the composer turns it into an unknown-kind record. */
export interface MentionTag {
  kind: string;
  label?: string;
  value?: string;
  serialized?: string;
  metadata?: unknown;
}

export interface MentionItem {
  id: string;
  label: string;
  description?: string;
  /** An icon URL (`https:`, `http:`, `blob:`, `data:image/` or relative). */
  icon?: string;
  /** Inserts this record's chip. */
  record?: ContextRecord;
  /** Inserts a host-kind chip. */
  tag?: MentionTag;
  /** Plain text to insert when the item has neither `record` nor `tag`. */
  insertText?: string;
}

export interface MentionProvider {
  id: string;
  label: string;
  /** The character that opens this provider's menu; `@` by default. */
  trigger?: string;
  /** Groups are shown by ascending order, then in registration order. */
  order?: number;
  search(query: string, options: { signal: AbortSignal }): readonly MentionItem[] | Promise<readonly MentionItem[]>;
}

export const MAX_MENU_ITEMS = 50;

/**
 * How many items each group shows when together they may show `total`: an equal share each, and
 * a group with fewer items leaves the rest of its share to the others, so one provider with many
 * results never crowds the others out of the menu.
 */
export function shareMenuSlots(counts: readonly number[], total = MAX_MENU_ITEMS): number[] {
  const shares = counts.map(() => 0);
  const smallestFirst = counts.map((count, index) => ({ count, index })).sort((a, b) => a.count - b.count);
  let left = total;
  smallestFirst.forEach(({ count, index }, position) => {
    shares[index] = Math.min(count, Math.floor(left / (smallestFirst.length - position)));
    left -= shares[index]!;
  });
  return shares;
}

/** Providers with a valid shape and a unique id; duplicates are ignored with one warning. */
export function usableProviders(value: unknown): MentionProvider[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const usable: MentionProvider[] = [];
  for (const candidate of value as unknown[]) {
    const provider = candidate as Partial<MentionProvider> | null;
    if (!provider || typeof provider.id !== 'string' || typeof provider.search !== 'function') {
      warnOnce('a mention provider needs a string id and a search function; ignored.');
      continue;
    }
    if (seen.has(provider.id)) {
      warnOnce(`duplicate mention provider id "${provider.id}" ignored.`);
      continue;
    }
    seen.add(provider.id);
    usable.push(provider as MentionProvider);
  }
  return usable
    .map((provider, index) => ({ provider, index }))
    .sort((a, b) => (a.provider.order ?? 0) - (b.provider.order ?? 0) || a.index - b.index)
    .map(({ provider }) => provider);
}

export function triggerOf(provider: MentionProvider): string {
  return typeof provider.trigger === 'string' && provider.trigger !== '' ? provider.trigger : '@';
}

/** One provider's answer, as the menu shows it. */
export type ProviderResult =
  | { provider: MentionProvider; status: 'loading' }
  | { provider: MentionProvider; status: 'done'; items: readonly MentionItem[] }
  | { provider: MentionProvider; status: 'error' };

/**
 * Queries every provider for `query`. `onUpdate` receives the results so far each time one
 * provider answers; a throwing or rejecting provider yields an error row and spares the others.
 * Aborting `signal` (a newer query) stops further updates. A query written as a chip is written
 * out (`kind:value`) asks for the value too, and adds the items it means (`writtenQuery`).
 */
export function searchProviders(
  providers: readonly MentionProvider[],
  query: string,
  signal: AbortSignal,
  onUpdate: (results: ProviderResult[]) => void,
): void {
  const results: ProviderResult[] = providers.map((provider) => ({ provider, status: 'loading' }));
  const publish = () => {
    if (!signal.aborted) onUpdate([...results]);
  };
  const written = writtenQuery(query);
  providers.forEach((provider, index) => {
    const asked = ask(provider, query, signal);
    const answer = written
      ? Promise.all([asked, ask(provider, written.value, signal)]).then(([whole, byValue]) =>
          withoutRepeats([...whole, ...byValue.filter(written.means)]),
        )
      : asked;
    answer.then(
      (items) => {
        results[index] = { provider, status: 'done', items };
        publish();
      },
      (error: unknown) => {
        if (signal.aborted) return;
        console.error(`[t3-composer] mention provider "${provider.id}" failed`, error);
        results[index] = { provider, status: 'error' };
        publish();
      },
    );
  });
  publish();
}

/** One provider's items for one query; a provider that throws rejects. */
async function ask(provider: MentionProvider, query: string, signal: AbortSignal): Promise<readonly MentionItem[]> {
  const items = await provider.search(query, { signal });
  return Array.isArray(items) ? items.filter(isItem) : [];
}

/** Items in order, each id once. */
function withoutRepeats(items: readonly MentionItem[]): MentionItem[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

function isItem(value: unknown): value is MentionItem {
  const item = value as Partial<MentionItem> | null;
  return !!item && typeof item.id === 'string' && typeof item.label === 'string';
}
