/**
 * `t3-composer/ssr` in a browser bundle (the `browser` condition of the exports map): there is
 * nothing to do there, as the browser loads what a message needs on demand and registers the
 * elements through `t3-composer/define` or the React wrappers. So a module that renders on both
 * sides (a Next.js client component, which also renders on the server) may import
 * `t3-composer/ssr`: the server registers and renders, and the browser loads none of that code.
 * Its types are those of `ssr.ts`.
 */

/** On a server, `@lit-labs/ssr`'s renderer writing a nonce on style elements; in the browser, unused. */
export function withStyleNonce<Renderer>(LitElementRenderer: Renderer, _nonce: string): Renderer {
  return LitElementRenderer;
}
