import type { MessageVersions } from './host-api.js';

/**
 * The versions of a sent message (it was edited, or is an edit): `‹ 2 / 3 ›` under it, Previous
 * and Next as buttons, each naming the version it shows in `data-version`. Pressing one switches
 * the transcript to that version's branch (branches.ts listens on the transcript).
 */
export function versionPicker({ siblings, index }: MessageVersions): HTMLElement {
  const picker = document.createElement('div');
  picker.className = 'versions';
  picker.setAttribute('role', 'group');
  picker.setAttribute('aria-label', `Version ${index + 1} of ${siblings.length}`);
  const count = document.createElement('span');
  count.className = 'version-count';
  count.setAttribute('aria-hidden', 'true');
  count.textContent = `${index + 1} / ${siblings.length}`;
  picker.append(step('previous', siblings[index - 1]), count, step('next', siblings[index + 1]));
  return picker;
}

function step(direction: 'previous' | 'next', version: string | undefined): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'version-step';
  button.dataset.step = direction;
  button.setAttribute('aria-label', direction === 'previous' ? 'Previous version' : 'Next version');
  // Single guillemets are mirrored in right-to-left text, so they point the right way there too.
  button.textContent = direction === 'previous' ? '‹' : '›';
  if (version) button.dataset.version = version;
  else button.disabled = true;
  return button;
}
