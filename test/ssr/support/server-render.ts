import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { html } from 'lit';
import '../../../src/ssr.js';
import { type StoredMessage, threadTemplate } from '../fixture/thread.js';

export type { StoredMessage };

/** A thread's messages as a server renders them: HTML with each element's declarative shadow DOM. */
export function renderThread(messages: readonly StoredMessage[]): string {
  return collectResultSync(render(threadTemplate(messages)));
}

/** A composer as a server renders it: the inert shell of its frame, placeholder and buttons. */
export function renderComposer(placeholder: string): string {
  return collectResultSync(render(html`<t3-composer label="Message" placeholder=${placeholder}></t3-composer>`));
}
