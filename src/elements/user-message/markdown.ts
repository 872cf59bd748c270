import { collectContextReferences, type ContextReferenceOccurrence } from '../../core/index.js';
import { prepareMarkdownSource } from './markdown-source.js';
import { appendTextWithChips, type BodyTarget, type CreateChip } from './body-target.js';
import { markdownLexer, type MarkdownExtension } from './markdown-lexer.js';
import type { Token } from './markdown-token-types.js';
import { type RenderHostToken, TokenRenderer } from './markdown-tokens.js';

/**
 * A sent message's Markdown: the source is hardened (`markdown-source.ts`), lexed by `marked`
 * (`markdown-lexer.ts`, with a host's extensions), and the tokens built into a body
 * (`markdown-tokens.ts`), so raw HTML in a message can only ever show as text and chips land
 * exactly where `collectContextReferences` found them, code included. This module and `marked`
 * form their own chunk, loaded only when a message needs Markdown (`message-chunks.ts`).
 */

export type { CreateChip, MarkdownExtension, RenderHostToken };
export { useNamedEntities } from './entities.js';
export { needsEntityTable } from './entity-references.js';

export interface ParsedMessageMarkdown {
  readonly occurrences: readonly ContextReferenceOccurrence[];
  /** Internal to `renderMessageMarkdown`. */
  readonly body: MarkdownBody;
}

/**
 * Above this many characters a message reads as its text, verbatim with its chips: `marked` takes
 * time that grows faster than its input on some shapes of text (long runs of intraword `_` or `*`,
 * or of unclosed attribute quotes), and a message must never hold the page. Pastes that long
 * become attachments in the composer, so a typed message this long is rare.
 */
export const MARKDOWN_SOURCE_LIMIT = 16_384;

type MarkdownBody =
  | { readonly kind: 'markdown'; readonly tokens: readonly Token[]; readonly sentinel: string }
  /** Shown verbatim: longer than the limit, no free sentinel, or the lexer failed. */
  | { readonly kind: 'plain'; readonly text: string };

/**
 * Pure and deterministic: the caller caches it by text identity, so re-rendering unchanged text
 * does no Markdown work. `collectLinks` finds the links that become chips: context references by
 * default; the message passes `collectMessageLinks` (citation links too) when the text may hold
 * a citation, so the citation grammar loads only for such text, not with this chunk.
 */
export function parseMessageMarkdown(
  text: string,
  collectLinks: (text: string) => readonly ContextReferenceOccurrence[] = collectContextReferences,
  extensions?: readonly MarkdownExtension[],
): ParsedMessageMarkdown {
  const occurrences = collectLinks(text);
  if (text.length > MARKDOWN_SOURCE_LIMIT) return { occurrences, body: { kind: 'plain', text } };
  const prepared = prepareMarkdownSource(text, occurrences);
  if (prepared === undefined) return { occurrences, body: { kind: 'plain', text } };
  try {
    const tokens = markdownLexer.lex(prepared.source, extensions);
    return { occurrences, body: { kind: 'markdown', tokens, sentinel: prepared.sentinel } };
  } catch (error) {
    // A lexer's or a host extension's failure: the text shows as written.
    console.error('[t3-composer] the Markdown could not be read; the message shows its text as written', error);
    return { occurrences, body: { kind: 'plain', text } };
  }
}

/**
 * The parsed message built into `target`; each reference occurrence becomes `createChip(occurrence,
 * index)` exactly where `collectContextReferences` found it.
 */
export function renderMessageMarkdown(
  parsed: ParsedMessageMarkdown,
  target: BodyTarget,
  createChip: CreateChip,
  renderHostToken?: RenderHostToken,
): unknown {
  const { body, occurrences } = parsed;
  const fragment = target.fragment();
  if (body.kind === 'plain') {
    const paragraph = target.element(fragment, 'p', { class: 'plain-text', dir: 'auto' });
    appendTextWithChips(target, paragraph, body.text, occurrences, createChip);
  } else {
    const renderer = new TokenRenderer(target, fragment, body.sentinel, occurrences, createChip, renderHostToken);
    renderer.children(body.tokens, fragment);
  }
  return target.finish(fragment);
}
