/**
 * The message renderers React hosts use instead of `<t3-user-message>` (`react-messages.ts`), on
 * React 19 in its production build (the bench bundle resolves `react` and `react-dom` to the
 * benchmark workspace's React 19), mounted in the page. One React root renders the whole list, as
 * a React host renders its thread.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { kindIcon } from '../../src/elements/shared/icons.js';
import { type ReactPeerName, reactMessageElements } from './react-messages.js';

export type { ReactPeerName };

const messageElement = reactMessageElements((kind) => kindIcon(kind, {}));

/** A list of messages rendered by one React root into `container`. */
export class ReactMessageList {
  private readonly root: Root;

  constructor(container: Element) {
    this.root = createRoot(container);
  }

  /** Renders every message synchronously (React's `flushSync`), so the DOM is complete on return. */
  render(peer: ReactPeerName, texts: readonly string[]): void {
    flushSync(() => this.root.render(texts.map((text, index) => messageElement(peer, text, index))));
  }

  unmount(): void {
    this.root.unmount();
  }
}
