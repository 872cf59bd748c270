import { Marked, type Token } from 'marked';
import type { ContextReferenceOccurrence } from '../../core/index.js';
import { collectMessageLinks } from './message-links.js';
import { prepareMarkdownSource, removeInsertedEscapes } from './markdown-source.js';
import { appendElement, appendTextWithChips, type CreateChip } from './markdown-dom.js';
import { TokenRenderer } from './markdown-tokens.js';

/**
 * A sent message's Markdown: the source is hardened (`markdown-source.ts`), lexed by `marked`,
 * and the tokens built into DOM nodes (`markdown-tokens.ts`), so raw HTML in a message can
 * only ever show as text and chips land exactly where `collectContextReferences` found them,
 * code included. This module and `marked` form their own chunk, loaded only when a message
 * needs Markdown (`message-chunks.ts`).
 */

export type { CreateChip };

export interface ParsedMessageMarkdown {
  readonly occurrences: readonly ContextReferenceOccurrence[];
  /** Internal to `renderMessageMarkdown`. */
  readonly body: MarkdownBody;
}

type MarkdownBody =
  | { readonly kind: 'markdown'; readonly tokens: readonly Token[]; readonly sentinel: string }
  /** Shown verbatim: no free sentinel, or the lexer gave up on a pathological input. */
  | { readonly kind: 'plain'; readonly text: string };

// `breaks`: a line break the user typed (Shift+Enter) stays a line break, as chat messages read.
const markdown = new Marked({ gfm: true, breaks: true, pedantic: false, silent: false });

/**
 * Pure and deterministic: the caller caches it by text identity, so re-rendering unchanged text
 * does no Markdown work.
 */
export function parseMessageMarkdown(text: string): ParsedMessageMarkdown {
  const occurrences = collectMessageLinks(text);
  const prepared = prepareMarkdownSource(text, occurrences);
  if (prepared === undefined) return { occurrences, body: { kind: 'plain', text } };
  try {
    const tokens = markdown.lexer(prepared.source);
    if (prepared.escaped) removeInsertedEscapes(tokens, prepared.breaker);
    return { occurrences, body: { kind: 'markdown', tokens, sentinel: prepared.sentinel } };
  } catch {
    // A nesting shape the source limits do not foresee may still overflow marked's stack.
    return { occurrences, body: { kind: 'plain', text } };
  }
}

/**
 * The parsed message as new DOM nodes; each reference occurrence becomes `createChip(occurrence,
 * index)` exactly where `collectContextReferences` found it.
 */
export function renderMessageMarkdown(parsed: ParsedMessageMarkdown, createChip: CreateChip): DocumentFragment {
  const { body, occurrences } = parsed;
  const fragment = document.createDocumentFragment();
  if (body.kind === 'plain') {
    appendTextWithChips(appendElement(fragment, 'p', 'plain-text'), body.text, occurrences, createChip);
  } else {
    new TokenRenderer(body.sentinel, occurrences, createChip).children(body.tokens, fragment);
  }
  return fragment;
}
