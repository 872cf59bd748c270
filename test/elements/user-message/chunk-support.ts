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

/** A frame's style that fixes it over the page at its origin: a point in it is the same point of the page. */
export const FRAME_ON_THE_PAGE = 'position: fixed; inset: 0; inline-size: 600px; block-size: 400px; border: 0';

/** A fixture page of this folder in a frame, once its elements are defined; `style` is the frame's. */
export async function framePage(path: string, style = ''): Promise<{ frame: HTMLIFrameElement; win: FrameWindow }> {
  const frame = document.createElement('iframe');
  frame.style.cssText = style;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = new URL(path, import.meta.url).href;
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as FrameWindow;
  await waitFor(() => !!win.customElements.get('t3-user-message') && !!win.consoleErrors, 'the frame', 5000);
  return { frame, win };
}
