/**
 * The Markdown renderer (`markdown.ts` with `marked`) is a chunk of its own, loaded the first time a
 * message needs it: a page whose messages all read as `format="text"`, or carry annotations, never
 * loads a Markdown parser. Once loaded it stays, so later messages render synchronously.
 */

export type MessageMarkdown = typeof import('./markdown.js');

let loaded: MessageMarkdown | undefined;
let loading: Promise<MessageMarkdown | undefined> | undefined;

/** The renderer when it has been loaded, else `undefined` (see `loadMarkdown`). */
export function loadedMarkdown(): MessageMarkdown | undefined {
  return loaded;
}

/**
 * Loads the renderer once. Resolves to `undefined` when its chunk cannot be loaded (a network
 * failure): callers then show the text verbatim, and the next call tries again.
 */
export function loadMarkdown(): Promise<MessageMarkdown | undefined> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('./markdown.js').then(
    (module) => (loaded = module),
    () => {
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}

/** Where a message stands with the renderer: ready, still loading, or unavailable (shown verbatim). */
export type MarkdownState = { ready: MessageMarkdown } | 'loading' | 'unavailable';

/**
 * A message's view of the renderer: asking for it starts the load, and the host updates again once
 * it has arrived (or failed). Until then the message waits with an empty, `aria-busy` body rather
 * than flash its Markdown source as text; if the load fails it shows the text verbatim.
 */
export class MarkdownAvailability {
  private pending?: Promise<void>;
  private unavailable = false;

  constructor(private readonly host: { requestUpdate(): void }) {}

  state(): MarkdownState {
    const markdown = loadedMarkdown();
    if (markdown) return { ready: markdown };
    if (this.unavailable) return 'unavailable';
    this.pending ??= loadMarkdown().then((module) => {
      this.pending = undefined;
      this.unavailable = !module;
      this.host.requestUpdate();
    });
    return 'loading';
  }

  /** Waits for a load this message started; true when there was one (the host then updates again). */
  async settled(): Promise<boolean> {
    if (!this.pending) return false;
    await this.pending;
    return true;
  }
}
