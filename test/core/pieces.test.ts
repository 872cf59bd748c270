import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PieceText } from '../../src/core/legacy/pieces.js';

/** `text` cut at the given positions (modulo its length, so empty pieces and split surrogate pairs occur). */
function cutInPieces(text: string, cuts: readonly number[]): string[] {
  const positions = cuts.map((cut) => cut % (text.length + 1)).sort((a, b) => a - b);
  return [...positions, text.length].map((end, index) => text.slice(index === 0 ? 0 : positions[index - 1], end));
}

const textArb = fc.string({ unit: fc.constantFrom('a', '@', ' ', '\n', '😀', '\ud83d', 'é'), maxLength: 30 });
const cutsArb = fc.array(fc.nat(), { maxLength: 6 });

describe('PieceText', () => {
  it('reads like the joined string', () => {
    fc.assert(
      fc.property(
        textArb,
        cutsArb,
        fc.integer({ min: -2, max: 32 }),
        fc.string({ maxLength: 3 }),
        (text, cuts, index, needle) => {
          const pieces = new PieceText(cutInPieces(text, cuts));
          expect(pieces.length).toBe(text.length);
          expect(pieces.pieces.join('')).toBe(text);
          expect(pieces.charCodeAt(index)).toBe(text.charCodeAt(index));
          expect(pieces.codePointAt(index)).toBe(index < 0 ? undefined : text.codePointAt(index));
          if (index >= 0 && index <= text.length)
            expect(pieces.startsWith(needle, index)).toBe(text.startsWith(needle, index));
          expect(pieces.indexOfUnit('@', index)).toBe(text.indexOf('@', Math.max(0, index)));
          expect(pieces.slice(Math.max(0, index), index + 4)).toBe(text.slice(Math.max(0, index), index + 4));
        },
      ),
    );
  });

  it('replaces sorted disjoint ranges across pieces', () => {
    const pieces = new PieceText(['ab', '', 'cd', 'ef']);
    expect(
      pieces
        .replaced([
          { start: 1, end: 3, text: 'X' },
          { start: 4, end: 6, text: 'Y' },
        ])
        .join(''),
    ).toBe('aXdY');
    expect(pieces.replaced([]).join('')).toBe('abcdef');
  });
});
