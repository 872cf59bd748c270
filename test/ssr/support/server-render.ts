import { render } from '@lit-labs/ssr';
import { LitElementRenderer } from '@lit-labs/ssr/lib/lit-element-renderer.js';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { html } from 'lit';
import { withStyleNonce } from '../../../src/ssr.js';
import { type StoredMessage, threadTemplate } from '../fixture/thread.js';

export type { StoredMessage };

/**
 * A thread's messages as a server renders them: HTML with each element's declarative shadow DOM,
 * its style elements carrying `nonce` when given.
 */
export function renderThread(messages: readonly StoredMessage[], { nonce }: { nonce?: string } = {}): string {
  const elementRenderers = nonce ? [withStyleNonce(LitElementRenderer, nonce)] : [LitElementRenderer];
  return collectResultSync(render(threadTemplate(messages), { elementRenderers }));
}

/** A composer as a server renders it: the inert shell of its frame, placeholder and buttons. */
export function renderComposer(placeholder: string): string {
  return collectResultSync(render(html`<t3-composer label="Message" placeholder=${placeholder}></t3-composer>`));
}
