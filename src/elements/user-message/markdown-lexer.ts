import { Marked, type MarkedExtension } from 'marked';
import type { Token } from './markdown-token-types.js';

/**
 * A host's Markdown syntax, as a `marked` extension (`marked.use` takes the same objects): its
 * tokenizers (`extensions`, `tokenizer`) and `walkTokens` shape the tokens; its renderers and hooks
 * are not used, since the message draws every token itself (a host draws its own tokens with
 * `renderMarkdownToken`).
 */
export type MarkdownExtension = MarkedExtension;

const OPTIONS = { gfm: true, breaks: true } as const;
const standard = new Marked(OPTIONS);
const withExtensions = new WeakMap<readonly MarkdownExtension[], Marked>();

function lexerFor(extensions: readonly MarkdownExtension[] | undefined): Marked {
  if (!extensions || extensions.length === 0) return standard;
  let lexer = withExtensions.get(extensions);
  if (!lexer) {
    lexer = new Marked(OPTIONS);
    for (const { extensions: tokenizers, tokenizer, walkTokens } of extensions) {
      lexer.use({ extensions: tokenizers, tokenizer, walkTokens });
    }
    withExtensions.set(extensions, lexer);
  }
  return lexer;
}

export const markdownLexer = {
  /**
   * `marked`'s tokens for `source` (GFM, every line break kept), shaped by the host's extensions.
   * An object's method rather than a bare function, so a test can count the calls.
   */
  lex(source: string, extensions?: readonly MarkdownExtension[]): Token[] {
    const lexer = lexerFor(extensions);
    const tokens = lexer.lexer(source);
    const walk = lexer.defaults.walkTokens;
    if (walk) lexer.walkTokens(tokens, walk);
    return tokens as unknown as Token[];
  },
};
