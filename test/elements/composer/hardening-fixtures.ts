import type { T3Composer } from '../../../src/elements/composer/composer.js';
import type { MentionProvider } from '../../../src/elements/composer/menu/providers.js';
import { link, mention, skill, terminal } from '../../../support/records.js';

/** Chips, a provider and the probes the composer's hardening tests share. */
export const T = link(terminal, 'T1');
export const S = link(skill);

export function menu(composer: T3Composer): HTMLElement | null {
  return composer.shadowRoot!.querySelector('[part~="menu"]');
}

export function options(composer: T3Composer): string[] {
  return [...composer.shadowRoot!.querySelectorAll('[role="option"] .option-label')].map((label) => label.textContent!);
}

export function countInputs(composer: T3Composer): { count: number } {
  const counter = { count: 0 };
  composer.addEventListener('input', () => counter.count++);
  return counter;
}

export function nextClipboardWrite(): Promise<void> {
  return new Promise((resolve) => document.addEventListener('copy', () => resolve(), { once: true }));
}

export const files: MentionProvider = {
  id: 'files',
  label: 'Files',
  search: (query) =>
    [{ id: 'index', label: 'src/index.ts', record: mention }].filter((item) => item.label.includes(query)),
};
