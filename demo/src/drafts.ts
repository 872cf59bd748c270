import type { T3Composer } from '../../src/composer.js';
import type { ThreadMessage } from './host-api.js';

/** The demo's threads; each keeps its own draft (with its chips and files), stash and history. */
export const THREADS: readonly { id: string; label: string }[] = [
  { id: 'demo', label: 'Demo thread' },
  { id: 'release', label: 'Release notes' },
  { id: 'scratch', label: 'Scratch' },
  { id: 'rtl', label: 'עברית · العربية' },
];

export const draftKeyOf = (threadId: string) => `demo-thread:${threadId}`;

/** ↑ recalls the thread's own messages: its user messages, as stored, oldest first. */
export function seedHistory(composer: T3Composer, messages: readonly ThreadMessage[]): void {
  composer.history = messages.flatMap((message) =>
    message.role === 'user' ? [{ text: message.text, ...(message.context ? { context: message.context } : {}) }] : [],
  );
}

/** The stash control: the composer's stashed drafts, each with Restore and Drop, newest first. */
export function renderStashes(list: HTMLElement, composer: T3Composer): void {
  list.replaceChildren(
    ...composer.stashes.map((entry) => {
      const item = document.createElement('li');
      const preview = document.createElement('span');
      preview.className = 'stash-preview';
      preview.textContent = entry.preview || '(attachments only)';
      const restore = button('Restore', `Restore stashed draft: ${entry.preview}`, () => {
        composer.restoreStash(entry.id);
        composer.focus();
      });
      const drop = button('Drop', `Drop stashed draft: ${entry.preview}`, () => composer.dropStash(entry.id));
      item.append(preview, restore, drop);
      return item;
    }),
  );
}

function button(text: string, label: string, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = text;
  element.setAttribute('aria-label', label);
  element.addEventListener('click', onClick);
  return element;
}
