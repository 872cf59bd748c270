import type { Segment } from '../../src/core/annotations.js';

/** The content and reference annotations the annotation tests share. */
export const CONTENT = 'explain @src/Makefile and @README.md please';
export const MAKEFILE = { start: 8, end: 21 };
export const README = { start: 26, end: 36 };

export function reference(
  range: { start: number; end: number },
  payload: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    type: 'reference',
    ...range,
    text: CONTENT.slice(range.start, range.end),
    reference: { id: `file:${CONTENT.slice(range.start, range.end)}`, ...payload },
  };
}

export function joined(segments: readonly Segment[]): string {
  return segments.map((segment) => segment.text).join('');
}
