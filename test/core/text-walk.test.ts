import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectContextReferences, walkAroundRanges } from '../../src/core/index.js';

/** What the walk reports, in order: `text` pieces between the ranges and `range` marks. */
function walk(text: string, ranges: { start: number; end: number }[]): string[] {
  const calls: string[] = [];
  walkAroundRanges(
    text,
    ranges,
    (between) => calls.push(`text:${between}`),
    (range, index) => calls.push(`range ${index}:${text.slice(range.start, range.end)}`),
  );
  return calls;
}

describe('walkAroundRanges', () => {
  it('reports the text before, between and after the ranges, empty where they touch an edge or each other', () => {
    expect(
      walk('ab[c][d]e', [
        { start: 2, end: 5 },
        { start: 5, end: 8 },
      ]),
    ).toEqual(['text:ab', 'range 0:[c]', 'text:', 'range 1:[d]', 'text:e']);
    expect(walk('[x]', [{ start: 0, end: 3 }])).toEqual(['text:', 'range 0:[x]', 'text:']);
    expect(walk('plain', [])).toEqual(['text:plain']);
    expect(walk('', [])).toEqual(['text:']);
  });

  it('gives back the whole text, each range once, for any sorted, disjoint ranges', () => {
    const input = fc
      .tuple(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.array(fc.nat({ max: 60 }), { maxLength: 12 }))
      .map(([text, cuts]) => {
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const ranges = [];
        for (let i = 0; i + 1 < points.length; i += 2) ranges.push({ start: points[i]!, end: points[i + 1]! });
        return { text, ranges };
      });
    fc.assert(
      fc.property(input, ({ text, ranges }) => {
        const pieces: string[] = [];
        const seen: number[] = [];
        let texts = 0;
        walkAroundRanges(
          text,
          ranges,
          (between) => {
            texts++;
            pieces.push(between);
          },
          (range, index) => {
            seen.push(index);
            expect(range).toBe(ranges[index]);
            pieces.push(text.slice(range.start, range.end));
          },
        );
        expect(pieces.join('')).toBe(text);
        expect(texts).toBe(ranges.length + 1);
        expect(seen).toEqual(ranges.map((_, index) => index));
      }),
    );
  });

  it('walks reference occurrences as the codec finds them', () => {
    const text = 'see [a.ts](t3-context://v1/file/file_1) and [b](t3-context://v1/file/file_2).';
    expect(walk(text, collectContextReferences(text))).toEqual([
      'text:see ',
      'range 0:[a.ts](t3-context://v1/file/file_1)',
      'text: and ',
      'range 1:[b](t3-context://v1/file/file_2)',
      'text:.',
    ]);
  });
});
