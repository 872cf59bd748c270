import { type LegacyUpgrade, legacyUpgradeChunk, OnDemand } from '../shared/on-demand.js';

/**
 * Code a message loads only when it needs it, each a chunk of its own: the Markdown renderer (with
 * its lexer), for record-driven messages that read as Markdown, and the table of named character
 * references for Markdown that names one beyond the few built in; the legacy upgrade, for a message
 * stored without a context whose text has legacy blocks; the annotations' sanitising and segments,
 * for annotation-driven content (and record-driven text a host renders itself); the command chip,
 * for content with a command; the citation grammar, for text that may hold T3 Code's citation links
 * (for Markdown too). A page of `format="text"` messages with contexts loads
 * none of them. Each chunk loads once per page and stays, so later messages render synchronously.
 */

export type MessageMarkdown = typeof import('./markdown.js');
export type { LegacyUpgrade };
export type MessageCommandChip = typeof import('./command-chip.js');
export type MessageLinks = typeof import('./message-links.js');
export type MessageAnnotations = typeof import('./message-annotations.js');
export type BodyTemplates = typeof import('./body-templates.js');

/** Where a message stands with a chunk: ready, still loading, or unavailable (its load failed). */
export type ChunkState<T> = { ready: T } | 'loading' | 'unavailable';

const markdownChunk = new OnDemand<MessageMarkdown>(() => import('./markdown.js'));
const entityNamesChunk = new OnDemand<typeof import('./entity-names.js')>(() => import('./entity-names.js'));
const commandChipChunk = new OnDemand<MessageCommandChip>(() => import('./command-chip.js'));
const linksChunk = new OnDemand<MessageLinks>(() => import('./message-links.js'));
const annotationsChunk = new OnDemand<MessageAnnotations>(() => import('./message-annotations.js'));
const bodyTemplatesChunk = new OnDemand<BodyTemplates>(() => import('./body-templates.js'));

/** Every chunk a message may load, given at once: a server renders synchronously (the `ssr` entry). */
export function provideMessageChunks(modules: {
  markdown: MessageMarkdown;
  entityNames: typeof import('./entity-names.js');
  links: MessageLinks;
  annotations: MessageAnnotations;
  legacyUpgrade: LegacyUpgrade;
  bodyTemplates: BodyTemplates;
}): void {
  bodyTemplatesChunk.provide(modules.bodyTemplates);
  markdownChunk.provide(modules.markdown);
  entityNamesChunk.provide(modules.entityNames);
  linksChunk.provide(modules.links);
  annotationsChunk.provide(modules.annotations);
  legacyUpgradeChunk.provide(modules.legacyUpgrade);
}

/**
 * A message's view of its chunks: asking for one starts its load, and the host updates again once it
 * has arrived (or failed). Until then the message waits with an empty, `aria-busy` body rather than
 * show text it would show differently a moment later.
 */
export class MessageChunks {
  private readonly pending = new Map<OnDemand<unknown>, Promise<void>>();
  private readonly failed = new Set<OnDemand<unknown>>();

  constructor(private readonly host: { requestUpdate(): void }) {}

  /**
   * The Markdown renderer for `text`, with the table of named character references when the text
   * names one beyond the built-in few (without it, should it fail to load, such names stay as written).
   */
  markdown(text: string): ChunkState<MessageMarkdown> {
    const markdown = this.state(markdownChunk);
    if (typeof markdown !== 'object' || !markdown.ready.needsEntityTable(text)) return markdown;
    const names = this.state(entityNamesChunk);
    if (names === 'loading') return 'loading';
    if (typeof names === 'object') markdown.ready.useNamedEntities(names.ready.NAMED_ENTITIES);
    return markdown;
  }

  legacyUpgrade(): ChunkState<LegacyUpgrade> {
    return this.state(legacyUpgradeChunk);
  }

  commandChip(): ChunkState<MessageCommandChip> {
    return this.state(commandChipChunk);
  }

  messageLinks(): ChunkState<MessageLinks> {
    return this.state(linksChunk);
  }

  annotations(): ChunkState<MessageAnnotations> {
    return this.state(annotationsChunk);
  }

  /** The body as templates: what a server builds, and what a message it rendered builds to hydrate. */
  bodyTemplates(): ChunkState<BodyTemplates> {
    return this.state(bodyTemplatesChunk);
  }

  /** Waits for the loads this message started; true when there were any (the host then updates again). */
  async settled(): Promise<boolean> {
    if (this.pending.size === 0) return false;
    await Promise.all(this.pending.values());
    return true;
  }

  private state<T>(chunk: OnDemand<T>): ChunkState<T> {
    if (chunk.loaded) return { ready: chunk.loaded };
    if (this.failed.has(chunk)) return 'unavailable';
    if (!this.pending.has(chunk)) {
      const loaded = chunk.load().then((module) => {
        this.pending.delete(chunk);
        if (!module) this.failed.add(chunk);
        this.host.requestUpdate();
      });
      this.pending.set(chunk, loaded);
    }
    return 'loading';
  }
}
