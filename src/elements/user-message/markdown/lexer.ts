import { lexBlocks } from './blocks.js';
import { lexInline } from './inline.js';
import type { BlockLexer, Token } from './tokens.js';

/**
 * Our Markdown lexer for sent messages: GFM with every line break kept (`breaks`), producing the
 * token tree `TokenRenderer` builds into DOM nodes. Blocks first, then each block's inline text,
 * so link definitions anywhere in the message serve links before them. It reads what chat messages
 * use, as `marked` does with `{ gfm: true, breaks: true }`; `markdown-lexer.test.ts` lists where
 * the two deliberately differ.
 */
export const markdownLexer = {
  /** An object's method rather than a bare function, so a test can count the calls. */
  lex(source: string): Token[] {
    const lines = source.replace(/\r\n?/g, '\n').split('\n');
    const lexer: BlockLexer = {
      definitions: new Map(),
      inlineQueue: [],
      depth: 0,
      blocks: (blockLines, top) => {
        lexer.depth++;
        try {
          return lexBlocks(lexer, blockLines, top);
        } finally {
          lexer.depth--;
        }
      },
    };
    const tokens = lexBlocks(lexer, lines, true);
    for (const target of lexer.inlineQueue) {
      for (const token of lexInline(target.text, lexer.definitions).tokens) target.tokens.push(token);
    }
    return tokens;
  },
};

export type * from './tokens.js';
