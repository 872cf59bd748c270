import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  INPUT_ANNOTATIONS_MAX,
  referenceSegments,
  sanitizeCommandInfo,
  sanitizeInputAnnotations,
  splitContentByAnnotations,
  type InputAnnotation,
  type Segment,
} from '../../src/core/annotations.js';
import { COMMAND_ARGUMENTS_MAX, sanitizeCommandArgumentValues } from '../../src/core/command-arguments.js';
import { collectContextReferences } from '../../src/core/references.js';

const CONTENT = 'explain @src/Makefile and @README.md please';
const MAKEFILE = { start: 8, end: 21 };
const README = { start: 26, end: 36 };

function reference(
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

function joined(segments: readonly Segment[]): string {
  return segments.map((segment) => segment.text).join('');
}

describe('sanitizeInputAnnotations', () => {
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

  it('drops the whole annotation when a reference field has the wrong type (Qwen #12404 round 2: numeric label)', () => {
    const valid = reference(MAKEFILE);
    const withReference = (payload: Record<string, unknown>) => ({
      ...valid,
      reference: { ...(valid.reference as object), ...payload },
    });
    const badPayloads: Record<string, unknown>[] = [
      { label: 42 },
      { value: {} },
      { serialized: 1 },
      { kind: null },
      { kind: ['file'] },
      { label: null },
      { removable: 'false' },
      { removable: 0 },
      { id: 5 },
      { id: '' },
      { id: undefined },
    ];
    for (const payload of badPayloads) {
      expect(sanitizeInputAnnotations(CONTENT, [withReference(payload)])).toEqual([]);
    }
    for (const bad of [undefined, null, 'file:x', ['x'], 1]) {
      expect(sanitizeInputAnnotations(CONTENT, [{ ...valid, reference: bad }])).toEqual([]);
    }
    expect(
      sanitizeInputAnnotations(CONTENT, [withReference({ label: 'File', removable: true, metadata: null })]),
    ).toHaveLength(1);
  });

  it('drops the whole annotation when a command field has the wrong type', () => {
    const valid = { type: 'command', start: 0, end: 5, text: '/plan', command: { name: 'plan' } };
    const content = '/plan x';
    expect(sanitizeInputAnnotations(content, [valid])).toEqual([valid]);
    const badCommands: unknown[] = [
      undefined,
      null,
      'plan',
      { name: '' },
      { name: 1 },
      { name: 'plan', description: 1 },
      { name: 'plan', argumentHint: null },
      { name: 'plan', subcommands: 'on' },
      { name: 'plan', subcommands: ['on', 1] },
      { name: 'plan', subcommands: Array.from({ length: 257 }, () => 'x') },
      { name: 'plan', source: {} },
      { name: 'plan', displayCategory: 'builtin' },
    ];
    for (const command of badCommands) {
      expect(sanitizeInputAnnotations(content, [{ ...valid, command }])).toEqual([]);
    }
    for (const subcommandPath of ['on', [1], null, {}]) {
      expect(sanitizeInputAnnotations(content, [{ ...valid, subcommandPath }])).toEqual([]);
    }
  });

  it('keeps metadata whose JSON is exactly 4,096 chars and drops larger or unserialisable metadata', () => {
    const withMetadata = (metadata: unknown) => ({ ...reference(MAKEFILE), reference: { id: 'x', metadata } });
    const atLimit = { note: 'x'.repeat(4_096 - '{"note":""}'.length) };
    expect(JSON.stringify(atLimit)).toHaveLength(4_096);
    expect(sanitizeInputAnnotations(CONTENT, [withMetadata(atLimit)])).toHaveLength(1);
    const overLimit = { note: 'x'.repeat(4_097 - '{"note":""}'.length) };
    expect(sanitizeInputAnnotations(CONTENT, [withMetadata(overLimit)])).toEqual([]);

    const circular: Record<string, unknown> = {};
    circular.self = circular;
    for (const bad of [
      circular,
      1n,
      () => 1,
      Symbol('s'),
      {
        toJSON: () => {
          throw new Error('boom');
        },
      },
    ]) {
      expect(sanitizeInputAnnotations(CONTENT, [withMetadata(bad)])).toEqual([]);
    }
  });

  it('keeps exactly 256 annotations: the 257th valid one is dropped', () => {
    const content = 'x'.repeat(300);
    const at = (start: number) => ({
      type: 'reference',
      start,
      end: start + 1,
      text: 'x',
      reference: { id: `r${start}` },
    });
    const exactly = Array.from({ length: 256 }, (_, i) => at(i));
    expect(sanitizeInputAnnotations(content, exactly)).toHaveLength(256);
    const kept = sanitizeInputAnnotations(content, [...exactly, at(256)]);
    expect(INPUT_ANNOTATIONS_MAX).toBe(256);
    expect(kept).toHaveLength(256);
    expect(kept.map((a) => a.start)).not.toContain(256);
    // invalid entries do not count towards the limit: the first 256 valid ones are kept
    const withInvalid = [null, { type: 'x' }, at(299), ...Array.from({ length: 256 }, (_, i) => at(i))];
    const keptWithInvalid = sanitizeInputAnnotations(content, withInvalid);
    expect(keptWithInvalid).toHaveLength(256);
    expect(keptWithInvalid.map((a) => a.start)).toContain(299);
    expect(keptWithInvalid.map((a) => a.start)).not.toContain(255);
  });

  it('survives getters that throw and hostile proxies', () => {
    const valid = reference(MAKEFILE);
    const throwingGetter = Object.defineProperty({ ...reference(README) }, 'start', {
      get() {
        throw new Error('boom');
      },
    });
    expect(sanitizeInputAnnotations(CONTENT, [throwingGetter, valid])).toEqual([valid]);

    const hostileEntry = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
      },
    );
    expect(sanitizeInputAnnotations(CONTENT, [hostileEntry, valid])).toEqual([valid]);

    const hostileArray = new Proxy([valid], {
      get(target, key) {
        if (key === 'length') throw new Error('boom');
        return Reflect.get(target, key);
      },
    });
    expect(sanitizeInputAnnotations(CONTENT, hostileArray)).toEqual([]);

    const throwingIndex = new Proxy([valid, valid], {
      get(target, key) {
        if (key === '0') throw new Error('boom');
        return Reflect.get(target, key);
      },
    });
    expect(sanitizeInputAnnotations(CONTENT, throwingIndex)).toEqual([valid]);

    const { proxy, revoke } = Proxy.revocable([valid], {});
    revoke();
    expect(sanitizeInputAnnotations(CONTENT, proxy)).toEqual([]);

    const hostileReference = {
      ...valid,
      reference: new Proxy(
        {},
        {
          get: () => {
            throw new Error('boom');
          },
        },
      ),
    };
    expect(sanitizeInputAnnotations(CONTENT, [hostileReference])).toEqual([]);
  });

  it('does not stall on an array that reports an enormous length: it reads a bounded number of entries', () => {
    let reads = 0;
    const huge = new Proxy([reference(MAKEFILE)], {
      get(target, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return key === 'length' ? Number.MAX_SAFE_INTEGER : Reflect.get(target, key);
      },
    });
    expect(sanitizeInputAnnotations(CONTENT, huge)).toEqual([reference(MAKEFILE)]);
    expect(reads).toBeLessThanOrEqual(100_000);
    expect(sanitizeInputAnnotations(CONTENT, new Array(2 ** 20))).toEqual([]);
  });

  it('reads each field once, so a getter cannot validate one value and deliver another', () => {
    let reads = 0;
    const shifty = {
      type: 'reference',
      get start() {
        reads += 1;
        return reads === 1 ? MAKEFILE.start : 0;
      },
      end: MAKEFILE.end,
      text: CONTENT.slice(MAKEFILE.start, MAKEFILE.end),
      reference: { id: 'x' },
    };
    const [kept] = sanitizeInputAnnotations(CONTENT, [shifty]);
    expect(kept!.start).toBe(MAKEFILE.start);
    expect(CONTENT.slice(kept!.start, kept!.end)).toBe(kept!.text);
  });
});

describe('sanitizeCommandInfo', () => {
  it('returns a copy with the declared fields, or null', () => {
    expect(sanitizeCommandInfo({ name: 'help', extra: 1 })).toEqual({ name: 'help' });
    expect(sanitizeCommandInfo({ name: '' })).toBeNull();
    expect(sanitizeCommandInfo(null)).toBeNull();
    expect(sanitizeCommandInfo({ name: 'help', displayCategory: 'other' })).toBeNull();
  });
});

describe('command arguments', () => {
  const content = '/review src/app.ts security';
  const command = (extra: Record<string, unknown>) => ({
    type: 'command',
    start: 0,
    end: 7,
    text: '/review',
    command: { name: 'review' },
    ...extra,
  });

  it('keeps filled arguments as fresh string pairs, dropping their other fields', () => {
    const values = [
      { name: 'target', value: 'src/app.ts', extra: 1 },
      { name: 'focus', value: 'security' },
    ];
    const [kept] = sanitizeInputAnnotations(content, [command({ arguments: values })]);
    expect(kept).toEqual({
      ...command({}),
      arguments: [
        { name: 'target', value: 'src/app.ts' },
        { name: 'focus', value: 'security' },
      ],
    });
    expect(kept!.type === 'command' && kept!.arguments![0]).not.toBe(values[0]);
    const [segment] = splitContentByAnnotations(content, [command({ arguments: values.slice(1) })]);
    expect(segment).toMatchObject({ type: 'command', arguments: [{ name: 'focus', value: 'security' }] });
  });

  it('gives the segment the arguments only while the text after the command shows them in order', () => {
    const pairs = (...values: string[]) => values.map((value, index) => ({ name: `a${index}`, value }));
    const argumentsOf = (text: string, values: { name: string; value: string }[]) =>
      splitContentByAnnotations(text, [command({ arguments: values })])[0];
    expect(argumentsOf('/review --deep "my file.ts" security', pairs('my file.ts', 'security'))).toMatchObject({
      arguments: pairs('my file.ts', 'security'),
    });
    for (const [text, values] of [
      ['/review a.ts', pairs('b.ts')],
      ['/review security a.ts', pairs('a.ts', 'security')],
      ['/review my file.ts', pairs('my file.ts')],
      ['/review a.tsx', pairs('a.ts')],
    ] as const) {
      const segment = argumentsOf(text, values);
      expect(segment, text).toMatchObject({ type: 'command', text: '/review' });
      expect(segment, text).not.toHaveProperty('arguments');
    }
  });

  it('drops the field, not the annotation, for anything but at most 32 string pairs', () => {
    const pair = { name: 'a', value: 'b' };
    const bad: unknown[] = [
      'target=x',
      [{ name: 'a', value: 1 }],
      [{ name: 'a' }],
      [pair, null],
      Array.from({ length: COMMAND_ARGUMENTS_MAX + 1 }, () => pair),
    ];
    for (const value of bad) {
      expect(sanitizeInputAnnotations(content, [command({ arguments: value })])).toEqual([command({})]);
    }
    const most = Array.from({ length: COMMAND_ARGUMENTS_MAX }, () => pair);
    expect(sanitizeCommandArgumentValues(most)).toEqual(most);
  });

  it('keeps no argument declarations on an annotation, and valid ones on a command from the host', () => {
    const declared = { name: 'review', arguments: [{ name: 'target', required: true, options: ['a'], x: 1 }] };
    const [kept] = sanitizeInputAnnotations(content, [command({ command: declared })]);
    expect(kept).toEqual(command({}));
    expect(sanitizeCommandInfo(declared)).toEqual({
      name: 'review',
      arguments: [{ name: 'target', required: true, options: ['a'] }],
    });
    expect(sanitizeCommandInfo({ name: 'review', arguments: [{ name: 'x', required: 'yes' }] })).toEqual({
      name: 'review',
    });
    expect(sanitizeCommandInfo({ name: 'review', arguments: [{ name: ' ' }] })).toEqual({ name: 'review' });
  });

  it('keeps exactly the valid pairs of any input, never throwing', () => {
    const pairs = fc.array(fc.record({ name: fc.string(), value: fc.string() }), { maxLength: 40 });
    fc.assert(
      fc.property(fc.oneof(pairs, fc.anything()), (value) => {
        const kept = sanitizeCommandArgumentValues(value);
        const valid =
          Array.isArray(value) &&
          value.length <= COMMAND_ARGUMENTS_MAX &&
          value.every(
            (entry: unknown) =>
              typeof entry === 'object' &&
              entry !== null &&
              typeof (entry as { name?: unknown }).name === 'string' &&
              typeof (entry as { value?: unknown }).value === 'string',
          );
        const [annotation] = sanitizeInputAnnotations(content, [command({ arguments: value })]);
        if (valid) {
          const pairs = (value as { name: string; value: string }[]).map(({ name, value }) => ({ name, value }));
          expect(kept).toEqual(pairs);
          expect(annotation).toEqual(command({ arguments: pairs }));
        } else {
          expect(kept).toBeUndefined();
          expect(annotation).toEqual(command({}));
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('splitContentByAnnotations', () => {
  it('gives one text segment without annotations and no segment for empty content', () => {
    expect(splitContentByAnnotations(CONTENT, undefined)).toEqual([{ type: 'text', text: CONTENT }]);
    expect(splitContentByAnnotations(CONTENT, [])).toEqual([{ type: 'text', text: CONTENT }]);
    expect(splitContentByAnnotations('', [reference(MAKEFILE)])).toEqual([]);
    expect(splitContentByAnnotations(42 as unknown as string, [reference(MAKEFILE)])).toEqual([]);
  });

  it('splits at the sanitised ranges, in order', () => {
    const segments = splitContentByAnnotations(CONTENT, [reference(README, { kind: 'file' }), reference(MAKEFILE)]);
    expect(segments).toEqual([
      { type: 'text', text: 'explain ' },
      { type: 'reference', text: '@src/Makefile', start: 8, end: 21, reference: { id: 'file:@src/Makefile' } },
      { type: 'text', text: ' and ' },
      { type: 'reference', text: '@README.md', start: 26, end: 36, reference: { id: 'file:@README.md', kind: 'file' } },
      { type: 'text', text: ' please' },
    ]);
    expect(joined(segments)).toBe(CONTENT);
  });

  it('renders command segments with their subcommand path', () => {
    const content = '/language ui en';
    const segments = splitContentByAnnotations(content, [
      {
        type: 'command',
        start: 0,
        end: 9,
        text: '/language',
        command: { name: 'language', subcommands: ['ui'] },
        subcommandPath: ['ui'],
      },
    ]);
    expect(segments).toEqual([
      {
        type: 'command',
        text: '/language',
        start: 0,
        end: 9,
        command: { name: 'language', subcommands: ['ui'] },
        subcommandPath: ['ui'],
      },
      { type: 'text', text: ' ui en' },
    ]);
  });

  it('shows invalid, overlapping and mismatched annotations as their text', () => {
    const segments = splitContentByAnnotations(CONTENT, [
      null,
      { ...reference(MAKEFILE), reference: { id: 'x', label: 42 } },
      { ...reference(README), text: 'nope' },
      reference({ start: 0, end: CONTENT.length }),
      reference({ start: 5, end: 10 }),
    ]);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.type).toBe('reference');
    expect(joined(segments)).toBe(CONTENT);
  });

  it('places a chip at a range covering the whole content and at the edges', () => {
    const content = '@a mid @b';
    const segments = splitContentByAnnotations(content, [
      { type: 'reference', start: 0, end: 2, text: '@a', reference: { id: 'a' } },
      { type: 'reference', start: 7, end: 9, text: '@b', reference: { id: 'b' } },
    ]);
    expect(segments.map((segment) => segment.type)).toEqual(['reference', 'text', 'reference']);
    expect(joined(segments)).toBe(content);
  });
});

describe('annotation properties', () => {
  /** Mostly well-formed entries with an occasional wrong field, so both paths are exercised. */
  const annotationLike = (content: string) => {
    const offset = fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: -1, max: content.length + 1 }) },
      { weight: 1, arbitrary: fc.oneof(fc.double(), fc.constant(Number.NaN), fc.string()) },
    );
    const sometimesWrong = <T>(valid: fc.Arbitrary<T>) =>
      fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: fc.anything() });
    return fc.record(
      {
        type: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom('reference', 'command') },
          { weight: 1, arbitrary: fc.anything() },
        ),
        start: offset,
        end: offset,
        text: fc.oneof(fc.string(), fc.constant(undefined)),
        reference: sometimesWrong(
          fc.record(
            {
              id: fc.string({ minLength: 1 }),
              label: sometimesWrong(fc.string()),
              kind: fc.string(),
              metadata: fc.jsonValue(),
            },
            { requiredKeys: ['id'] },
          ),
        ),
        command: sometimesWrong(
          fc.record({ name: fc.string({ minLength: 1 }), description: fc.string() }, { requiredKeys: ['name'] }),
        ),
        subcommandPath: sometimesWrong(fc.array(fc.string())),
      },
      { requiredKeys: ['type', 'start', 'end', 'reference', 'command'] },
    );
  };

  /** Half the time the text is made to match the range, so many entries are valid. */
  const contentWithAnnotations = fc
    .string({
      unit: fc.oneof(
        fc.constantFrom('a', ' ', '@', '😀', '文', '\ud83d', '\ude00'),
        fc.string({ unit: 'binary', maxLength: 1 }),
      ),
      maxLength: 60,
    })
    .chain((content) =>
      fc.tuple(
        fc.constant(content),
        fc.array(
          fc
            .tuple(annotationLike(content), fc.boolean())
            .map(([annotation, matchText]) =>
              matchText && typeof annotation.start === 'number' && typeof annotation.end === 'number'
                ? { ...annotation, text: content.slice(annotation.start, annotation.end) }
                : annotation,
            ),
          { maxLength: 20 },
        ),
      ),
    );

  it('never throw on anything and always join back to the content', () => {
    fc.assert(
      fc.property(
        fc.anything({ withSparseArray: true, withBigInt: true, withMap: true, withSet: true, withNullPrototype: true }),
        fc.anything(),
        (content, annotations) => {
          const kept = sanitizeInputAnnotations(content, annotations);
          expect(Array.isArray(kept)).toBe(true);
          const segments = splitContentByAnnotations(content as string, annotations);
          expect(joined(segments)).toBe(typeof content === 'string' ? content : '');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throw on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.string(), fc.json(), (content, json) => {
        const annotations: unknown = JSON.parse(json);
        sanitizeInputAnnotations(content, annotations);
        expect(joined(splitContentByAnnotations(content, annotations))).toBe(content);
      }),
      { numRuns: 500 },
    );
  });

  it('keep only annotations whose text is their slice of the content, sorted and disjoint', () => {
    let keptInTotal = 0;
    fc.assert(
      fc.property(contentWithAnnotations, ([content, annotations]) => {
        const kept: InputAnnotation[] = sanitizeInputAnnotations(content, annotations);
        keptInTotal += kept.length;
        expect(kept.length).toBeLessThanOrEqual(INPUT_ANNOTATIONS_MAX);
        let previousEnd = 0;
        for (const annotation of kept) {
          expect(content.slice(annotation.start, annotation.end)).toBe(annotation.text);
          expect(annotation.start).toBeGreaterThanOrEqual(previousEnd);
          expect(annotation.end).toBeGreaterThan(annotation.start);
          previousEnd = annotation.end;
        }
        // sanitising is idempotent
        expect(sanitizeInputAnnotations(content, kept)).toEqual(kept);
        const segments = splitContentByAnnotations(content, annotations);
        expect(joined(segments)).toBe(content);
        expect(segments.filter((segment) => segment.type !== 'text')).toHaveLength(kept.length);
        expect(segments.some((segment) => segment.text === '')).toBe(false);
      }),
      { numRuns: 1_000 },
    );
    expect(keptInTotal).toBeGreaterThan(50); // the generator does produce valid annotations
  });
});

describe('referenceSegments', () => {
  it('splits record-driven text into prose and one reference segment per occurrence, giving the text back', () => {
    const text =
      '[a.ts](t3-context://v1/file/file_1) then [b](t3-context://v1/file/file_2)[c](t3-context://v1/file/file_3)!';
    const segments = referenceSegments(text, collectContextReferences(text));
    expect(segments.map((segment) => segment.type)).toEqual(['reference', 'text', 'reference', 'reference', 'text']);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    expect(segments[0]).toEqual({
      type: 'reference',
      text: '[a.ts](t3-context://v1/file/file_1)',
      start: 0,
      end: 35,
      reference: { id: 'file_1', kind: 'file', label: 'a.ts' },
    });
    expect(referenceSegments('no references', [])).toEqual([{ type: 'text', text: 'no references' }]);
    expect(referenceSegments('', [])).toEqual([]);
  });
});
