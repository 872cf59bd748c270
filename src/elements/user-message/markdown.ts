import { collectContextReferences, type ContextReferenceOccurrence } from '../../core/index.js';
import { prepareMarkdownSource } from './markdown-source.js';
import { appendTextWithChips, type BodyTarget, type CreateChip } from './body-target.js';
import { markdownLexer, type Token } from './markdown/lexer.js';
import { TokenRenderer } from './markdown-tokens.js';

/**
 * A sent message's Markdown: the source is hardened (`markdown-source.ts`), lexed by our own
 * lexer (`markdown/lexer.ts`), and the tokens built into a body (`markdown-tokens.ts`), so raw
 * HTML in a message can only ever show as text and chips land exactly where
 * `collectContextReferences` found them, code included. This module and the lexer form their own
 * chunk, loaded only when a message needs Markdown (`message-chunks.ts`).
 */

export type { CreateChip };
export { useNamedEntities } from './entities.js';

export interface ParsedMessageMarkdown {
  readonly occurrences: readonly ContextReferenceOccurrence[];
  /** Internal to `renderMessageMarkdown`. */
  readonly body: MarkdownBody;
}

type MarkdownBody =
  | { readonly kind: 'markdown'; readonly tokens: readonly Token[]; readonly sentinel: string }
  /** Shown verbatim: no free sentinel, or the lexer gave up on a pathological input. */
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
): ParsedMessageMarkdown {
  const occurrences = collectLinks(text);
  const prepared = prepareMarkdownSource(text, occurrences);
  if (prepared === undefined) return { occurrences, body: { kind: 'plain', text } };
  try {
    const tokens = markdownLexer.lex(prepared.source);
    return { occurrences, body: { kind: 'markdown', tokens, sentinel: prepared.sentinel } };
  } catch {
    // The lexer bounds nesting itself; should it still fail, the text shows as written.
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
): unknown {
  const { body, occurrences } = parsed;
  const fragment = target.fragment();
  if (body.kind === 'plain') {
    const paragraph = target.element(fragment, 'p', { class: 'plain-text', dir: 'auto' });
    appendTextWithChips(target, paragraph, body.text, occurrences, createChip);
  } else {
    new TokenRenderer(target, fragment, body.sentinel, occurrences, createChip).children(body.tokens, fragment);
  }
  return target.finish(fragment);
}
