import { combineSurrogates, isSurrogatePair } from '../text-scan.js';

/** One piece and where it begins in the whole text. */
interface PlacedPiece {
  start: number;
  text: string;
}

/**
 * A text held as the pieces it is made of (slices of a message and the links put into it), read
 * in place. Every string of more than about 64,000 characters costs a fresh, page-faulted
 * allocation in V8, so the upgrade reads its intermediate texts this way and copies a long
 * message once, when the finished text is joined.
 */
export class PieceText {
  readonly length: number;
  private readonly placed: PlacedPiece[] = [];

  constructor(readonly pieces: readonly string[]) {
    let length = 0;
    for (const text of pieces) {
      this.placed.push({ start: length, text });
      length += text.length;
    }
    this.length = length;
  }

  /** The index of the piece holding `index` (the last one starting at or before it). */
  private pieceIndexAt(index: number): number {
    let low = 0;
    let high = this.placed.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      const candidate = this.placed[middle];
      if (candidate !== undefined && candidate.start <= index) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  charCodeAt(index: number): number {
    if (!(index >= 0 && index < this.length)) return NaN;
    const piece = this.placed[this.pieceIndexAt(index)];
    return piece === undefined ? NaN : piece.text.charCodeAt(index - piece.start);
  }

  /** As `String.prototype.codePointAt`, a surrogate pair split between pieces included. */
  codePointAt(index: number): number | undefined {
    const high = this.charCodeAt(index);
    if (Number.isNaN(high)) return undefined;
    const low = this.charCodeAt(index + 1);
    return isSurrogatePair(high, low) ? combineSurrogates(high, low) : high;
  }

  startsWith(needle: string, at: number): boolean {
    if (at < 0 || at + needle.length > this.length) return false;
    for (let i = 0; i < needle.length; i++) {
      if (this.charCodeAt(at + i) !== needle.charCodeAt(i)) return false;
    }
    return true;
  }

  /** The first `unit` (one UTF-16 code unit) at or after `from`, or -1. */
  indexOfUnit(unit: string, from: number): number {
    for (let index = from <= 0 ? 0 : this.pieceIndexAt(from); index < this.placed.length; index++) {
      const piece = this.placed[index];
      if (piece === undefined) break;
      const at = piece.text.indexOf(unit, Math.max(0, from - piece.start));
      if (at !== -1) return piece.start + at;
    }
    return -1;
  }

  /** A short stretch, built unit by unit. */
  slice(start: number, end: number): string {
    let result = '';
    for (let i = start; i < Math.min(end, this.length); i++) result += String.fromCharCode(this.charCodeAt(i));
    return result;
  }

  /** The pieces with each `[start, end)` of `replacements` (sorted, disjoint) replaced by its text. */
  replaced(replacements: ReadonlyArray<{ start: number; end: number; text: string }>): string[] {
    const result: string[] = [];
    let cursor = 0;
    const copy = (end: number): void => {
      for (
        let index = cursor < this.length ? this.pieceIndexAt(cursor) : this.placed.length;
        index < this.placed.length;
        index++
      ) {
        const piece = this.placed[index];
        if (piece === undefined || piece.start >= end) break;
        result.push(
          piece.text.slice(Math.max(0, cursor - piece.start), Math.min(piece.text.length, end - piece.start)),
        );
      }
      cursor = end;
    };
    for (const replacement of replacements) {
      copy(replacement.start);
      result.push(replacement.text);
      cursor = replacement.end;
    }
    copy(this.length);
    return result;
  }
}
