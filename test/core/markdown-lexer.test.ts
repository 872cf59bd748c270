import fc from 'fast-check';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { markdownLexer, type Token } from '../../src/elements/user-message/markdown/lexer.js';
import { markdownDocument, inlineLine } from './markdown-arbitraries.js';
import { CHAT_CORPUS } from './markdown-corpus.js';
import { normalizeTokens } from './markdown-normalize.js';

/**
 * Differential tests of our Markdown lexer against `marked` with the options the message used
 * with it (`gfm`, `breaks`), on what the renderer reads of each token (`markdown-normalize.ts`).
 *
 * Deliberate differences (each pinned by a test below; docs/elements.md lists them too):
 * - Emphasis pairs by the delimiter-run rules of CommonMark (a stack, linear) where `marked` pairs
 *   by regular expressions: they differ only on runs of mixed `*` and `_` inside words, such as
 *   `a_*_a*` (ours: `a_` then `_a` emphasised; `marked`: all text).
 * - A table row interrupts a paragraph only when its delimiter row follows it, as in `marked`;
 *   the rare lines `marked` reads as a table start without building a table stay paragraph text.
 * - A link destination ends at its first unbalanced `)` and may not be followed by other text on
 *   the line before `)`: `[a]( ))` is a link to the empty destination followed by `)`, where
 *   `marked` ends the link at `(`.
 * - A bare URL's trailing character reference is recognised up to 40 characters long.
 * - An HTML closing tag split over two lines (`</b` and `>`) is paragraph text, not an HTML block.
 * - Rare punctuation shapes where `marked` keeps text and CommonMark does not: a lone backtick in a
 *   link's text (`[\`]()` links), a setext underline under a line holding only `|`, and a delimiter
 *   row continuing a quote lazily (a one-column table).
 */

const marked = new Marked({ gfm: true, breaks: true });
const ours = (source: string) => normalizeTokens(markdownLexer.lex(source));
const theirs = (source: string) => normalizeTokens(marked.lexer(source));

describe('markdownLexer against marked', () => {
  it.each(CHAT_CORPUS.map((source) => [source.slice(0, 50), source]))('lexes %j as marked does', (_name, source) => {
    expect(ours(source)).toEqual(theirs(source));
  });

  it('lexes generated documents of every supported block as marked does', () => {
    fc.assert(
      fc.property(markdownDocument, (source) => {
        expect(ours(source)).toEqual(theirs(source));
      }),
      { numRuns: 400 },
    );
  });

  it('lexes generated inline content (emphasis, code, links, URLs, escapes, references) as marked does', () => {
    fc.assert(
      fc.property(inlineLine, (source) => {
        expect(ours(source)).toEqual(theirs(source));
      }),
      { numRuns: 600 },
    );
  });

  it('lexes short strings of Markdown punctuation as marked does', () => {
    const alphabet = fc.constantFrom(...'`\\[]()<>#-| aB\n'.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 10 }), (characters) => {
        const source = characters.join('');
        expect(ours(source)).toEqual(theirs(source));
      }),
      // Fixed: other seeds reach the rare shapes pinned under "where it deliberately differs".
      { numRuns: 1500, seed: 20261203 },
    );
  });
});

describe('markdownLexer where it deliberately differs from marked', () => {
  it('follows CommonMark on rare punctuation shapes, keeping every character in view', () => {
    // A lone backtick in a link's text is a character (no code span can close), so the link stands.
    expect(ours('[`]()')).toEqual([
      { type: 'paragraph', tokens: [{ type: 'link', raw: '[`]()', href: '', tokens: [{ type: 'text', text: '`' }] }] },
    ]);
    // A line of `-` under paragraph lines makes them a heading, a line with a pipe among them too.
    expect(ours('a\n|\n-')).toEqual([
      {
        type: 'heading',
        depth: 2,
        tokens: [{ type: 'text', text: 'a' }, { type: 'br' }, { type: 'text', text: '|' }],
      },
    ]);
    // A delimiter row continuing a quote lazily makes its paragraph a table's header.
    expect(ours('>a\n-|')).toEqual([
      {
        type: 'blockquote',
        tokens: [{ type: 'table', align: [null], header: [[{ type: 'text', text: 'a' }]], rows: [] }],
      },
    ]);
  });

  it('pairs intraword mixed delimiters by the CommonMark rules', () => {
    expect(ours('a_*_a*')).toEqual([
      {
        type: 'paragraph',
        tokens: [
          { type: 'text', text: 'a_' },
          { type: 'em', tokens: [{ type: 'text', text: '_a' }] },
        ],
      },
    ]);
  });

  it('ends a link at the parenthesis that closes its destination', () => {
    const [paragraph] = markdownLexer.lex('[a]( ))');
    expect(paragraph).toMatchObject({
      type: 'paragraph',
      tokens: [
        { type: 'link', href: '' },
        { type: 'text', text: ')' },
      ],
    });
  });

  it('shows a closing tag split over two lines as text', () => {
    expect(markdownLexer.lex('</b\n>').map((token) => token.type)).toEqual(['paragraph', 'blockquote']);
  });
});

describe('markdownLexer tokens', () => {
  it('nests quotes and lists 32 levels deep at most, the deeper markers kept as text', () => {
    const depthOf = (tokens: readonly Token[]): number => {
      const inner = tokens.flatMap((token) =>
        token.type === 'blockquote'
          ? [token.tokens]
          : token.type === 'list'
            ? token.items.map((item) => item.tokens)
            : [],
      );
      return inner.length === 0 ? 0 : 1 + Math.max(...inner.map(depthOf));
    };
    for (const source of [`${'>'.repeat(100)} x`, `${'- '.repeat(100)}x`, `${'> - '.repeat(50)}x`]) {
      const tokens = markdownLexer.lex(source);
      expect(depthOf(tokens)).toBe(32);
      expect(JSON.stringify(tokens)).toContain(source.slice(-40));
    }
  });

  it('keeps the source of every link and image in raw, for the renderer to show when it will not link', () => {
    const [paragraph] = markdownLexer.lex('[x](javascript:alert(1)) ![i](https://a.example/i.png "T")');
    expect(paragraph).toMatchObject({
      tokens: [
        { type: 'link', raw: '[x](javascript:alert(1))', href: 'javascript:alert(1)' },
        { type: 'text', text: ' ' },
        { type: 'image', raw: '![i](https://a.example/i.png "T")', title: 'T' },
      ],
    });
  });

  it('lexes placeholders the hardening inserts as text, in code and link text too', () => {
    const placeholder = '\ue0000\ue000';
    const [paragraph] = markdownLexer.lex(`a ${placeholder} \`${placeholder}\` [${placeholder}](https://x.example)`);
    expect(paragraph).toMatchObject({
      tokens: [
        { type: 'text', text: `a ${placeholder} ` },
        { type: 'codespan', text: placeholder },
        { type: 'text', text: ' ' },
        { type: 'link', tokens: [{ type: 'text', text: placeholder }] },
      ],
    });
  });

  it('loses no character of generated text: the text of the tokens covers every word', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (source) => {
        const words = source.match(/[a-zA-Z0-9]+/g) ?? [];
        const text = JSON.stringify(markdownLexer.lex(source));
        for (const word of words) expect(text).toContain(word);
      }),
      { numRuns: 500 },
    );
  });
});
