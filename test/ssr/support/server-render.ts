import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import '../../../src/ssr.js';
import { type StoredMessage, threadTemplate } from '../fixture/thread.js';

export type { StoredMessage };

/** A thread's messages as a server renders them: HTML with each element's declarative shadow DOM. */
export function renderThread(messages: readonly StoredMessage[]): string {
  return collectResultSync(render(threadTemplate(messages)));
}
