import { sendMouse } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/composer.js';
import { waitFor } from './support.js';

/*
 * The composer page (`fixtures/reload-page.html`) in a frame, for the tests that reload it for
 * real: what the composer saved under `key` in IndexedDB comes back from the store.
 */

/** The composer page in a frame, loaded (or reloaded) and ready. */
export async function framedComposer(frame: HTMLIFrameElement, reload: boolean): Promise<T3Composer> {
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  if (reload) frame.contentWindow!.location.reload();
  await loaded;
  let composer: T3Composer | null = null;
  await waitFor(() => !!(composer = frame.contentDocument!.querySelector('t3-composer'))?.hasUpdated, 'the composer');
  return composer!;
}

/** The composer page in a new frame, saving under `key` in IndexedDB. */
export async function openFramedPage(frame: HTMLIFrameElement, key: string): Promise<T3Composer> {
  frame.width = '600';
  frame.height = '400';
  const firstLoad = framedComposer(frame, false);
  frame.src = new URL(`./fixtures/reload-page.html?key=${key}`, import.meta.url).href;
  document.body.append(frame);
  return firstLoad;
}

/** Clicks into the framed composer's editor: page coordinates are the frame's plus the editor's. */
export async function clickFramedEditor(frame: HTMLIFrameElement, composer: T3Composer): Promise<void> {
  const outer = frame.getBoundingClientRect();
  const inner = composer.shadowRoot!.querySelector('.cm-content')!.getBoundingClientRect();
  await sendMouse({
    type: 'click',
    position: [Math.round(outer.left + inner.right - 4), Math.round(outer.top + inner.bottom - 6)],
  });
}

/** Waits for an answer of the store (a promise each time), as `waitFor` does for a condition. */
export async function eventually(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error(`timed out waiting for ${what}`);
}
