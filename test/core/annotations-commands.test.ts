import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  sanitizeCommandInfo,
  sanitizeInputAnnotations,
  splitContentByAnnotations,
} from '../../src/core/annotations.js';
import { COMMAND_ARGUMENTS_MAX, sanitizeCommandArgumentValues } from '../../src/core/command-arguments.js';

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
