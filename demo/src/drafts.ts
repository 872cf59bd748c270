import type { T3Composer } from '../../src/composer.js';
import type { ThreadMessage } from './host-api.js';

/** Each thread keeps its own draft (with its chips and files), stash and history under its own key. */
export const draftKeyOf = (threadId: string) => `demo-thread:${threadId}`;

/** ↑ recalls the thread's own messages: its user messages, as stored, oldest first. */
export function seedHistory(composer: T3Composer, messages: readonly ThreadMessage[]): void {
  composer.history = messages.flatMap((message) =>
    message.role === 'user' ? [{ text: message.text, ...(message.context ? { context: message.context } : {}) }] : [],
  );
}

/**
 * The stash control: the composer's stashed drafts, newest first, each its preview in full
 * (wrapping, so drafts that start alike can be told apart) above its Restore and Drop buttons.
 * `restored` runs after Restore (the page moves focus to the composer).
 */
export function renderStashes(list: HTMLElement, composer: T3Composer, restored: () => void): void {
  list.replaceChildren(
    ...composer.stashes.map((entry) => {
      const item = document.createElement('li');
      const preview = document.createElement('p');
      preview.className = 'stash-preview';
      preview.textContent = entry.preview || '(attachments only)';
      const actions = document.createElement('div');
      actions.className = 'stash-actions';
      const restore = button('Restore', `Restore stashed draft: ${entry.preview}`, () => {
        composer.restoreStash(entry.id);
        restored();
      });
      const drop = button('Drop', `Drop stashed draft: ${entry.preview}`, () => composer.dropStash(entry.id));
      actions.append(restore, drop);
      item.append(preview, actions);
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

/**
 * How many drafts are stashed, on the Tools button that opens them: a badge, and in the button's
 * name ("Tools, 2 stashed drafts"), so a draft set aside (or one that may not have been sent) is
 * not forgotten behind a closed drawer.
 */
export function renderStashCount(toggle: HTMLElement, badge: HTMLElement, count: number): void {
  badge.hidden = count === 0;
  badge.textContent = count === 0 ? '' : String(count);
  if (count === 0) toggle.removeAttribute('aria-label');
  else toggle.setAttribute('aria-label', `Tools, ${count} stashed ${count === 1 ? 'draft' : 'drafts'}`);
}
