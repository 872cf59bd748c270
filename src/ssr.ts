/**
 * For a server that renders the message elements with `@lit-labs/ssr` (or a framework plugin built
 * on it): importing this module registers every element in Lit's server registry, makes what a
 * message loads on demand in the browser available at once (its Markdown renderer and the rest),
 * and builds message bodies as templates, so a thread's messages are in the HTML before any
 * script runs. Its browser build (`ssr-browser.ts`, the `browser` condition) does nothing, so a
 * module rendered on both sides (a Next.js client component) may import it; the browser imports
 * `t3-composer/define` (or the React wrappers) as usual.
 */
import { upgradeLegacyMessage } from './core/legacy/upgrade.js';
import { provideDetailsContent } from './elements/context-chip/details-chunk.js';
import * as detailsContent from './elements/context-chip/details-content.js';
import { defineAllElements } from './elements/define-all-elements.js';
import * as bodyTemplates from './elements/user-message/body-templates.js';
import * as entityNames from './elements/user-message/entity-names.js';
import * as markdown from './elements/user-message/markdown.js';
import * as messageAnnotations from './elements/user-message/message-annotations.js';
import { provideMessageChunks } from './elements/user-message/message-chunks.js';
import * as links from './elements/user-message/message-links.js';

provideMessageChunks({
  markdown,
  entityNames,
  links,
  annotations: messageAnnotations,
  legacyUpgrade: upgradeLegacyMessage,
  bodyTemplates,
});
provideDetailsContent(detailsContent);
defineAllElements();

/** What `withStyleNonce` needs of `@lit-labs/ssr`'s `LitElementRenderer` (passed in: this entry does not import it). */
interface ShadowRenderer {
  renderShadow(renderInfo: never): Iterable<unknown> | undefined;
}

/**
 * `@lit-labs/ssr`'s `LitElementRenderer` writing the page's Content Security Policy nonce on each
 * element's `<style>`, for a page whose policy refuses inline styles without it:
 * `render(template, { elementRenderers: [withStyleNonce(LitElementRenderer, nonce)] })`. Without
 * it, such a page shows the messages in its own styles until they hydrate and adopt theirs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base takes any arguments
export function withStyleNonce<Renderer extends new (...args: any[]) => ShadowRenderer>(
  LitElementRenderer: Renderer,
  nonce: string,
): Renderer {
  const attribute = ` nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}"`;
  class NonceRenderer extends LitElementRenderer {
    override renderShadow(renderInfo: never): Iterable<unknown> | undefined {
      const result = super.renderShadow(renderInfo);
      if (!Array.isArray(result) || result[0] !== '<style>') return result;
      return [`<style${attribute}>`, ...result.slice(1)];
    }
  }
  return NonceRenderer;
}
