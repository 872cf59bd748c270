import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { INPUT_ANNOTATIONS_MAX, sanitizeInputAnnotations } from '../../src/core/annotations.js';
import { CONTENT, MAKEFILE, README, reference } from './annotation-fixtures.js';

describe('sanitizeInputAnnotations: fields and types', () => {
  it('keeps a valid reference annotation as a fresh copy', () => {
    const input = reference(MAKEFILE, {
      kind: 'file',
      label: 'File',
      value: 'src/Makefile',
      serialized: '@src/Makefile',
      removable: false,
      metadata: { fileKind: 'file' },
    });
    const [kept] = sanitizeInputAnnotations(CONTENT, [input]);
    expect(kept).toEqual(input);
    expect(kept).not.toBe(input);
    expect(kept!.type === 'reference' && kept!.reference).not.toBe(input.reference);
    const metadata = kept!.type === 'reference' ? kept!.reference.metadata : undefined;
    expect(metadata).not.toBe((input.reference as { metadata: unknown }).metadata);
  });

  it('drops unknown fields on the annotation, its reference and its command', () => {
    const content = '/plan now';
    const [kept] = sanitizeInputAnnotations(content, [
      {
        type: 'command',
        start: 0,
        end: 5,
        text: '/plan',
        extra: 1,
        command: { name: 'plan', description: 'Plan', completionPriority: 3, displayCategory: 'system' },
        subcommandPath: ['on'],
      },
    ]);
    expect(kept).toEqual({
      type: 'command',
      start: 0,
      end: 5,
      text: '/plan',
      command: { name: 'plan', description: 'Plan', displayCategory: 'system' },
      subcommandPath: ['on'],
    });
    const [ref] = sanitizeInputAnnotations(CONTENT, [
      { ...reference(MAKEFILE, { icon: 'javascript:x', tooltip: 'x' }), onClick: 'x' },
    ]);
    expect(ref).toEqual(reference(MAKEFILE));
  });

  it('keeps every declared command field', () => {
    const command = {
      name: 'theme',
      description: 'Change the theme',
      argumentHint: 'light|dark',
      subcommands: ['light', 'dark'],
      source: 'builtin-command',
      displayCategory: 'system',
    };
    const [kept] = sanitizeInputAnnotations('/theme dark', [
      { type: 'command', start: 0, end: 6, text: '/theme', command, subcommandPath: ['dark'] },
    ]);
    expect(kept).toEqual({ type: 'command', start: 0, end: 6, text: '/theme', command, subcommandPath: ['dark'] });
    expect(kept!.type === 'command' && kept!.command.subcommands).not.toBe(command.subcommands);
  });

  it('keeps only objects with a known type', () => {
    const valid = reference(MAKEFILE);
    for (const type of ['tag', 'Reference', undefined, 1, null]) {
      expect(sanitizeInputAnnotations(CONTENT, [{ ...valid, type }])).toEqual([]);
    }
  });

  it('skips null and non-object entries and keeps their valid siblings (Qwen #12404 null guard)', () => {
    const valid = reference(MAKEFILE);
    expect(sanitizeInputAnnotations(CONTENT, [null, valid])).toEqual([valid]);
    expect(
      sanitizeInputAnnotations(CONTENT, [undefined, 1, 'x', true, [valid], () => valid, Symbol('s'), valid]),
    ).toEqual([valid]);
  });

  it('returns [] for anything but an array of annotations', () => {
    for (const annotations of [null, undefined, {}, 'x', 1, { 0: reference(MAKEFILE), length: 1 }]) {
      expect(sanitizeInputAnnotations(CONTENT, annotations)).toEqual([]);
    }
  });

  it('returns [] for content that is not a non-empty string', () => {
    for (const content of [null, undefined, 1, {}, ['a'], '']) {
      expect(sanitizeInputAnnotations(content, [reference(MAKEFILE)])).toEqual([]);
    }
  });
});

describe('sanitizeInputAnnotations: ranges', () => {
  it('drops a range that overlaps one kept earlier in array order', () => {
    const first = reference(MAKEFILE);
    const overlapping = { ...reference({ start: 10, end: 21 }) };
    const containing = reference({ start: 0, end: 36 });
    expect(sanitizeInputAnnotations(CONTENT, [first, overlapping, containing])).toEqual([first]);
    // array order decides, not position: the later entry loses even when it starts earlier
    expect(sanitizeInputAnnotations(CONTENT, [overlapping, first])).toEqual([overlapping]);
  });

  it('keeps adjacent ranges', () => {
    const content = '@a@b';
    const a = { type: 'reference', start: 0, end: 2, text: '@a', reference: { id: 'a' } };
    const b = { type: 'reference', start: 2, end: 4, text: '@b', reference: { id: 'b' } };
    expect(sanitizeInputAnnotations(content, [b, a])).toEqual([a, b]);
  });

  it('judges overlap against every kept range whatever the order (same result as a pairwise check)', () => {
    const content = 'x'.repeat(64);
    const oracle = (entries: Array<{ start: number; end: number }>) => {
      const kept: Array<{ start: number; end: number }> = [];
      for (const entry of entries) {
        if (
          kept.length < INPUT_ANNOTATIONS_MAX &&
          !kept.some((other) => entry.start < other.end && other.start < entry.end)
        )
          kept.push(entry);
      }
      return kept.sort((a, b) => a.start - b.start);
    };
    const range = fc
      .tuple(fc.nat(63), fc.integer({ min: 1, max: 20 }))
      .map(([start, length]) => ({ start, end: Math.min(64, start + length) }));
    fc.assert(
      fc.property(fc.array(range, { maxLength: 40 }), (ranges) => {
        const entries = ranges.map(({ start, end }) => ({
          type: 'reference',
          start,
          end,
          text: content.slice(start, end),
          reference: { id: 'r' },
        }));
        const kept = sanitizeInputAnnotations(content, entries).map(({ start, end }) => ({ start, end }));
        expect(kept).toEqual(oracle(ranges));
      }),
      { numRuns: 500 },
    );
    // Adversarial orders: descending, nested, and each kept range hit again by many later entries.
    const at = (start: number, end: number) => ({
      type: 'reference',
      start,
      end,
      text: content.slice(start, end),
      reference: { id: 'r' },
    });
    const descending = Array.from({ length: 32 }, (_, i) => at(62 - 2 * i, 63 - 2 * i));
    expect(sanitizeInputAnnotations(content, descending).map((a) => a.start)).toEqual(
      descending.map((a) => a.start).reverse(),
    );
    const nested = [at(30, 34), at(0, 64), at(31, 33), at(29, 31), at(33, 35), at(28, 30), at(34, 36)];
    expect(sanitizeInputAnnotations(content, nested).map((a) => [a.start, a.end])).toEqual([
      [28, 30],
      [30, 34],
      [34, 36],
    ]);
    const hammered = [
      at(10, 20),
      at(40, 50),
      ...Array.from({ length: 1_000 }, (_, i) => at(i % 64, Math.min(64, (i % 64) + 3))),
    ];
    expect(sanitizeInputAnnotations(content, hammered).map((a) => [a.start, a.end])).toEqual(
      oracle(hammered.map(({ start, end }) => ({ start, end }))).map(({ start, end }) => [start, end]),
    );
  });

  it('keeps out-of-order entries and sorts the result by start', () => {
    const makefile = reference(MAKEFILE);
    const readme = reference(README);
    expect(sanitizeInputAnnotations(CONTENT, [readme, makefile])).toEqual([makefile, readme]);
  });

  it('drops out-of-range and empty ranges', () => {
    const text = CONTENT.slice(8, 21);
    const at = (start: number, end: number, t = text) => ({
      type: 'reference',
      start,
      end,
      text: t,
      reference: { id: 'x' },
    });
    expect(sanitizeInputAnnotations(CONTENT, [at(-1, 12, CONTENT.slice(-1, 12))])).toEqual([]);
    expect(sanitizeInputAnnotations(CONTENT, [at(8, 8, '')])).toEqual([]);
    expect(sanitizeInputAnnotations(CONTENT, [at(21, 8, '')])).toEqual([]);
    expect(sanitizeInputAnnotations(CONTENT, [at(36, CONTENT.length + 1, CONTENT.slice(36))])).toEqual([]);
    expect(sanitizeInputAnnotations(CONTENT, [at(36, CONTENT.length, CONTENT.slice(36))])).toHaveLength(1);
  });

  it('drops an annotation whose text does not match the content', () => {
    expect(sanitizeInputAnnotations(CONTENT, [{ ...reference(MAKEFILE), text: '@src/makefile' }])).toEqual([]);
    expect(sanitizeInputAnnotations(CONTENT, [{ ...reference(MAKEFILE), text: undefined }])).toEqual([]);
    expect(sanitizeInputAnnotations(CONTENT, [{ ...reference(MAKEFILE), text: 13 }])).toEqual([]);
  });

  it('drops non-integer, NaN, infinite and non-number offsets', () => {
    const valid = reference(MAKEFILE);
    for (const bad of [
      8.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      '8',
      null,
      undefined,
      8n,
      new Number(8),
    ]) {
      expect(sanitizeInputAnnotations(CONTENT, [{ ...valid, start: bad }])).toEqual([]);
      expect(sanitizeInputAnnotations(CONTENT, [{ ...valid, end: bad }])).toEqual([]);
    }
  });

  it('normalises a start of -0 to 0', () => {
    const [kept] = sanitizeInputAnnotations('@a b', [
      { type: 'reference', start: -0, end: 2, text: '@a', reference: { id: 'a' } },
    ]);
    expect(Object.is(kept!.start, 0)).toBe(true);
  });

  it('drops ranges that split a surrogate pair', () => {
    const content = 'a😀b'; // 😀 is two UTF-16 units at 1..3
    const at = (start: number, end: number) => ({
      type: 'reference',
      start,
      end,
      text: content.slice(start, end),
      reference: { id: 'x' },
    });
    expect(sanitizeInputAnnotations(content, [at(1, 2)])).toEqual([]);
    expect(sanitizeInputAnnotations(content, [at(2, 3)])).toEqual([]);
    expect(sanitizeInputAnnotations(content, [at(0, 2)])).toEqual([]);
    expect(sanitizeInputAnnotations(content, [at(2, 4)])).toEqual([]);
    expect(sanitizeInputAnnotations(content, [at(1, 3)])).toEqual([at(1, 3)]);
    expect(sanitizeInputAnnotations(content, [at(0, 4)])).toEqual([at(0, 4)]);
    // lone surrogates are not pairs: a boundary next to one is fine
    const lone = 'a\ud83db';
    expect(
      sanitizeInputAnnotations(lone, [
        { type: 'reference', start: 0, end: 2, text: 'a\ud83d', reference: { id: 'x' } },
      ]),
    ).toHaveLength(1);
  });
});
