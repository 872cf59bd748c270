import type { MentionItem, MentionProvider } from '../../../src/elements/composer/menu/providers.js';
import { mention } from '../../../support/records.js';
import { content } from './support.js';

/** Providers and menu probes the @ and / menu tests share. */
export const files: MentionProvider = {
  id: 'files',
  label: 'Files',
  order: 1,
  search: (query) =>
    [
      {
        id: 'readme',
        label: 'README.md',
        record: { ...mention, contextId: 'm_readme', label: '@README.md', path: 'README.md' },
      },
      { id: 'index', label: 'src/index.ts', record: mention },
    ].filter((item) => item.label.toLowerCase().includes(query.toLowerCase())),
};

export function slowProvider(delay: number, items: MentionItem[], queries: string[] = []): MentionProvider {
  return {
    id: 'datasets',
    label: 'Datasets',
    order: 2,
    search: (query, { signal }) => {
      queries.push(query);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(items), delay);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    },
  };
}

export const failing: MentionProvider = {
  id: 'broken',
  label: 'Broken',
  order: 3,
  search: () => {
    throw new Error('provider down');
  },
};

export const dataset: MentionItem = {
  id: 'users',
  label: 'users',
  tag: { kind: 'dataset', label: 'Dataset', value: 'users' },
};

export function menu(composer: HTMLElement): HTMLElement | null {
  return composer.shadowRoot!.querySelector('[part~="menu"]');
}

export function optionLabels(composer: HTMLElement): string[] {
  return [...composer.shadowRoot!.querySelectorAll('[role="option"] .option-label')].map((label) => label.textContent!);
}

export function activeOption(composer: HTMLElement): string | null {
  const id = content(composer as never).getAttribute('aria-activedescendant');
  return id ? composer.shadowRoot!.getElementById(id)!.querySelector('.option-label')!.textContent : null;
}

export async function quietConsole<T>(run: () => Promise<T>): Promise<T> {
  const original = console.error;
  console.error = () => {};
  try {
    return await run();
  } finally {
    console.error = original;
  }
}
