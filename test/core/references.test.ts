import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  collectContextReferences,
  formatContextHref,
  formatContextReference,
  parseContextHref,
  replaceContextReferences,
  sanitizeContextLabel,
} from '../../src/core/references.js';

/** The grammar as one global regular expression: the oracle the linear scanner must agree with. */
function collectWithRegex(text: string) {
  const pattern = /(!?)\[([^\]\n]{0,512})\]\((t3-context:\/\/v1\/[^\s)]{1,200})\)/g;
  return [...text.matchAll(pattern)].flatMap((match) => {
    const parsed = parseContextHref(match[3]);
    if (!parsed) return [];
    return [
      {
        ...parsed,
        label: sanitizeContextLabel(match[2], parsed.kind),
        image: match[1] === '!',
        source: match[0],
        start: match.index,
        end: match.index + match[0].length,
      },
    ];
  });
}

describe('formatContextHref / parseContextHref', () => {
  it('formats and parses the canonical href', () => {
    expect(formatContextHref('file', 'ctx_1')).toBe('t3-context://v1/file/ctx_1');
    expect(parseContextHref('t3-context://v1/file/ctx_1')).toEqual({ kind: 'file', contextId: 'ctx_1' });
    expect(parseContextHref('t3-context://v1/review-comment/A-b_9')).toEqual({
      kind: 'review-comment',
      contextId: 'A-b_9',
    });
  });

  it.each([
    ['v2 host', 't3-context://v2/file/ctx_1'],
    ['missing id', 't3-context://v1/image'],
    ['empty id', 't3-context://v1/image/'],
    ['extra segment', 't3-context://v1/file/ctx_1/extra'],
    ['query', 't3-context://v1/file/ctx_1?x=1'],
    ['fragment', 't3-context://v1/file/ctx_1#frag'],
    ['credentials', 't3-context://user@v1/file/ctx_1'],
    ['upper-case kind', 't3-context://v1/Image/ctx_1'],
    ['space in id', 't3-context://v1/file/ctx 1'],
    ['other scheme', 'https://v1/file/ctx_1'],
    ['citation scheme', 't3-citation://v1/a/b/c'],
    ['upper-case scheme', 'T3-context://v1/file/ctx_1'],
    ['kind starting with a digit', 't3-context://v1/1file/ctx_1'],
    ['id over 128 chars', `t3-context://v1/file/${'a'.repeat(129)}`],
    ['kind over 40 chars', `t3-context://v1/${'k'.repeat(41)}/ctx_1`],
    ['not a string', 42],
  ])('rejects %s', (_name, href) => {
    expect(parseContextHref(href)).toBeNull();
  });

  it('accepts ids of exactly 128 chars and kinds of exactly 40 chars', () => {
    expect(parseContextHref(`t3-context://v1/file/${'a'.repeat(128)}`)).not.toBeNull();
    expect(parseContextHref(`t3-context://v1/${'k'.repeat(40)}/x`)).not.toBeNull();
  });
});

describe('sanitizeContextLabel', () => {
  it('replaces brackets, backslashes and line breaks with spaces, then collapses and trims', () => {
    expect(sanitizeContextLabel(' a[b]c\\d\r\ne ', 'file')).toBe('a b c d e');
  });

  it('collapses every JavaScript whitespace, NBSP and U+2028 included', () => {
    expect(sanitizeContextLabel('a\u00a0\u00a0b\u2028c\t d', 'file')).toBe('a b c d');
  });

  it('truncates after trimming to 200 UTF-16 units, even inside a surrogate pair', () => {
    expect(sanitizeContextLabel('x'.repeat(250), 'file')).toHaveLength(200);
    const label = `${'x'.repeat(199)}😀`;
    expect(sanitizeContextLabel(label, 'file')).toBe(label.slice(0, 200));
    expect(sanitizeContextLabel(`${'x'.repeat(199)} yz`, 'file')).toBe(`${'x'.repeat(199)} `);
  });

  it('falls back to the kind when nothing is left', () => {
    expect(sanitizeContextLabel('', 'terminal')).toBe('terminal');
    expect(sanitizeContextLabel(' [ ] \\ ', 'file')).toBe('file');
    expect(sanitizeContextLabel(undefined, 'skill')).toBe('skill');
  });
});

describe('formatContextReference', () => {
  it('writes `![…]` only for images', () => {
    expect(formatContextReference({ kind: 'image', contextId: 'ctx_1', label: 'shot.png' })).toBe(
      '![shot.png](t3-context://v1/image/ctx_1)',
    );
    expect(formatContextReference({ kind: 'file', contextId: 'f', label: 'a.ts' })).toBe(
      '[a.ts](t3-context://v1/file/f)',
    );
  });

  it('sanitises the label', () => {
    expect(formatContextReference({ kind: 'file', contextId: 'f', label: '[x]\ny' })).toBe(
      '[x y](t3-context://v1/file/f)',
    );
    expect(formatContextReference({ kind: 'mention', contextId: 'm', label: '' })).toBe(
      '[mention](t3-context://v1/mention/m)',
    );
  });
});

describe('collectContextReferences', () => {
  it('finds references in document order with offsets and raw source', () => {
    const text = 'See ![shot.png](t3-context://v1/image/ctx_1) and [T1](t3-context://v1/terminal/ctx_2).';
    const found = collectContextReferences(text);
    expect(found).toEqual([
      {
        kind: 'image',
        contextId: 'ctx_1',
        label: 'shot.png',
        image: true,
        source: '![shot.png](t3-context://v1/image/ctx_1)',
        start: 4,
        end: 44,
      },
      {
        kind: 'terminal',
        contextId: 'ctx_2',
        label: 'T1',
        image: false,
        source: '[T1](t3-context://v1/terminal/ctx_2)',
        start: 49,
        end: 85,
      },
    ]);
  });

  it('records `!` as image whatever the kind, and accepts plain links to images', () => {
    const [bang, plain] = collectContextReferences('![a](t3-context://v1/file/f) [b](t3-context://v1/image/i)');
    expect(bang).toMatchObject({ kind: 'file', image: true });
    expect(plain).toMatchObject({ kind: 'image', image: false });
  });

  it('finds the same id many times', () => {
    const link = '[a](t3-context://v1/file/f)';
    expect(collectContextReferences(`${link} ${link}${link}`)).toHaveLength(3);
  });

  it('sanitises labels when collecting but keeps the raw source', () => {
    const [empty] = collectContextReferences('[](t3-context://v1/file/ctx_1)');
    expect(empty.label).toBe('file');
    expect(empty.source).toBe('[](t3-context://v1/file/ctx_1)');
    const [messy] = collectContextReferences('[a [b \\ c\r](t3-context://v1/file/f)');
    expect(messy.label).toBe('a b c');
    expect(messy.source).toBe('[a [b \\ c\r](t3-context://v1/file/f)');
  });

  it('allows labels of up to 512 raw chars and no more', () => {
    const at = `[${'x'.repeat(512)}](t3-context://v1/file/f)`;
    expect(collectContextReferences(at)).toHaveLength(1);
    expect(collectContextReferences(at)[0].label).toHaveLength(200);
    const over = `[${'x'.repeat(513)}](t3-context://v1/file/f)`;
    expect(collectContextReferences(over)).toEqual([]);
  });

  it('accepts ids of up to 128 chars inside the 200-char href tail', () => {
    const link = (idLength: number) => `[a](t3-context://v1/file/${'a'.repeat(idLength)})`;
    expect(collectContextReferences(link(128))).toHaveLength(1);
    expect(collectContextReferences(link(129))).toEqual([]);
  });

  it('consumes a 200-char tail as the regex does, but not a 201-char one', () => {
    // Only observable through consumption: the tail is too long to parse either way.
    const tail = (n: number) => `[a](t3-context://v1/${'b'.repeat(n - 1)}[c](t3-context://v1/file/f)`;
    expect(collectContextReferences(tail(200 - 26))).toEqual(collectWithRegex(tail(200 - 26)));
    expect(collectContextReferences(tail(200 - 25))).toEqual(collectWithRegex(tail(200 - 25)));
  });

  it('leaves malformed links as text', () => {
    for (const text of [
      '[a](t3-context://v2/file/f)',
      '[a](t3-context://v1/file)',
      '[a](t3-context://v1/file/f g)',
      '[a\nb](t3-context://v1/file/f)',
      '[a](t3-context://v1/File/f)',
      '[a] (t3-context://v1/file/f)',
      '[a](t3-context://v1/file/f',
      'a](t3-context://v1/file/f)',
    ]) {
      expect(collectContextReferences(text), text).toEqual([]);
    }
  });

  it('takes the innermost `[` that follows the last `]` (leftmost match within the label window)', () => {
    const [found] = collectContextReferences('[x] [a [b](t3-context://v1/file/f)');
    expect(found.source).toBe('[a [b](t3-context://v1/file/f)');
    expect(found.label).toBe('a b');
  });

  it('does not start a link inside an earlier match, as a global regex would not', () => {
    const text = '[a](t3-context://v1/file/x](t3-context://v1/file/y) [b](t3-context://v1/file/z)';
    expect(collectContextReferences(text)).toEqual(collectWithRegex(text));
    expect(collectContextReferences(text).map((o) => o.contextId)).toEqual(['z']);
  });

  it('returns nothing without scanning when `](t3-context:` is absent', () => {
    expect(collectContextReferences('[a](https://example.com) [b](t3-citation://v1/x/y)')).toEqual([]);
  });

  it('handles 1 MB adversarial inputs correctly', () => {
    const megabyte = 1 << 20;
    expect(collectContextReferences('['.repeat(megabyte))).toEqual([]);
    const closers = '](t3-context:'.repeat(megabyte / 13);
    expect(collectContextReferences(closers)).toEqual([]);
    const prefixes = '[a](t3-context://v1/file/'.repeat(megabyte / 25);
    expect(collectContextReferences(prefixes)).toEqual(collectWithRegex(prefixes));
    const unterminated = '[x](t3-context://v1/file/abc '.repeat(megabyte / 29);
    expect(collectContextReferences(unterminated)).toEqual([]);
    const valid = '[a](t3-context://v1/file/f) '.repeat(megabyte / 28);
    expect(collectContextReferences(valid)).toHaveLength(Math.floor(megabyte / 28));
    const brackets = `${'['.repeat(megabyte)}](t3-context://v1/file/f)`;
    expect(collectContextReferences(brackets)).toEqual(collectWithRegex(brackets));
  });

  describe('agrees with the global regular expression on any text', () => {
    const pieces = fc.constantFrom(
      '[',
      ']',
      '(',
      ')',
      '!',
      '\n',
      ' ',
      '\r',
      'a',
      'B',
      '_',
      '-',
      '/',
      '\\',
      '?',
      '\u00a0',
      't3-context://v1/',
      '](t3-context://v1/',
      'file/',
      'image/',
      'ctx_1',
      'x'.repeat(120),
      '[a](t3-context://v1/file/f)',
      '![s](t3-context://v1/image/i)',
    );
    const text = fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join(''));

    it('on texts built from the grammar vocabulary', () => {
      fc.assert(
        fc.property(text, (value) => {
          expect(collectContextReferences(value)).toEqual(collectWithRegex(value));
        }),
        { numRuns: 2000 },
      );
    });

    it('on arbitrary strings', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary' }), (value) => {
          expect(collectContextReferences(value)).toEqual(collectWithRegex(value));
        }),
      );
    });
  });

  it('every occurrence satisfies text.slice(start, end) === source', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom('[a](t3-context://v1/file/f)', '![', '](t3-context://v1/', ')'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (parts) => {
        const value = parts.join('');
        for (const occurrence of collectContextReferences(value)) {
          expect(value.slice(occurrence.start, occurrence.end)).toBe(occurrence.source);
        }
      }),
    );
  });

  it('format then collect round-trips arbitrary labels and ids', () => {
    const kind = fc.stringMatching(/^[a-z][a-z0-9-]{0,39}$/);
    const id = fc.stringMatching(/^[a-zA-Z0-9_-]{1,128}$/);
    fc.assert(
      fc.property(kind, id, fc.string(), fc.string(), fc.string(), (k, contextId, label, before, after) => {
        const link = formatContextReference({ kind: k, contextId, label });
        const prose = (s: string) => s.replace(/[[\]]/g, '');
        const text = `${prose(before)} ${link} ${prose(after)}`;
        const found = collectContextReferences(text);
        expect(found).toHaveLength(1);
        expect(found[0]).toMatchObject({
          kind: k,
          contextId,
          label: sanitizeContextLabel(label, k),
          image: k === 'image',
          source: link,
        });
      }),
    );
  });
});

describe('replaceContextReferences', () => {
  it('replaces each occurrence in place and keeps the text between', () => {
    const text = 'a [x](t3-context://v1/file/f) b ![y](t3-context://v1/image/i) c';
    expect(replaceContextReferences(text, (o) => `<${o.kind}:${o.contextId}>`)).toBe('a <file:f> b <image:i> c');
  });

  it('returns text without references unchanged', () => {
    expect(replaceContextReferences('plain [a](b)', () => 'X')).toBe('plain [a](b)');
  });
});
