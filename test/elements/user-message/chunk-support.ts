import type { T3UserMessage } from '../../../src/elements/user-message/user-message.js';
import { waitFor } from '../support/interaction.js';

/** Helpers for the tests of what a message loads on demand. */

export { fetched } from '../support/fetched.js';

export function body(message: T3UserMessage): HTMLElement {
  return message.shadowRoot!.querySelector('[part~="body"]')!;
}

/** Appends `message` to `doc` and records each change of its body until it has drawn: its text and `aria-busy`. */
export async function bodiesUntilDrawn(
  message: T3UserMessage,
  doc: Document = document,
): Promise<{ text: string; busy: string | null }[]> {
  const seen: { text: string; busy: string | null }[] = [];
  const observer = new MutationObserver(() => {
    const shown = message.shadowRoot!.querySelector('[part~="body"]');
    if (shown) seen.push({ text: shown.textContent ?? '', busy: shown.getAttribute('aria-busy') });
  });
  doc.body.append(message);
  observer.observe(message.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true });
  await message.updateComplete;
  observer.disconnect();
  return seen;
}

export type FrameWindow = Window & typeof globalThis & { consoleErrors: string[] };

/** A fixture page of this folder in a frame, once its elements are defined. */
export async function framePage(path: string): Promise<{ frame: HTMLIFrameElement; win: FrameWindow }> {
  const frame = document.createElement('iframe');
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = new URL(path, import.meta.url).href;
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as FrameWindow;
  await waitFor(() => !!win.customElements.get('t3-user-message') && !!win.consoleErrors, 'the frame', 5000);
  return { frame, win };
}
