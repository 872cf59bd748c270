import { EditorState } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CommandArgument, CommandInfo } from '../../src/core/index.js';
import { argumentInsertion, argumentPieces, formatArgumentValue } from '../../src/elements/shared/command-arguments.js';
import { firstMissingSlot, textWithArguments } from '../../src/elements/composer/editor/atoms/command/command-slots.js';
import { draftFields } from '../../src/elements/composer/editor/state/draft-state.js';
import { decodeSlots, setSlots, slotsField } from '../../src/elements/composer/editor/atoms/command/slot-field.js';

const slotNames = (command: CommandInfo) =>
  argumentPieces(command).map((piece) => (piece.type === 'slot' ? piece.argument : piece.text));

describe('argument pieces', () => {
  it('takes declared arguments first', () => {
    const target: CommandArgument = { name: 'target', required: true };
    expect(slotNames({ name: 'r', arguments: [target], argumentHint: '<other>' })).to.deep.equal([target]);
  });

  it('reads <required>, [optional] and --flags from a hint', () => {
    expect(slotNames({ name: 'd', argumentHint: '<env> --dry-run [region]' })).to.deep.equal([
      { name: 'env', required: true },
      '--dry-run',
      { name: 'region' },
    ]);
    expect(slotNames({ name: 'd', argumentHint: '  <file name>  [--force] ' })).to.deep.equal([
      { name: 'file name', required: true },
    ]);
  });

  it('gives no slots for a hint with anything else, or with flags alone', () => {
    for (const argumentHint of ['light|dark', 'a file path', '<a> or <b>', '--verbose', '<>', '<a', '[a] <b', ''])
      expect(slotNames({ name: 'x', argumentHint }), argumentHint).to.deep.equal([]);
    expect(slotNames({ name: 'x' })).to.deep.equal([]);
  });

  it('places empty slots one space apart after the lead', () => {
    const pieces = argumentPieces({ name: 'd', argumentHint: '<env> --dry-run [region]' });
    const { text, slots } = argumentInsertion('/d ', pieces);
    expect(text).to.equal('/d  --dry-run ');
    expect(slots.map((slot) => slot.offset)).to.deep.equal([3, 14]);
  });
});

describe('argument values in the prompt', () => {
  it('quotes values with whitespace, quotes or backslashes, escaping quotes and backslashes', () => {
    expect(formatArgumentValue('src/a.ts')).to.equal('src/a.ts');
    expect(formatArgumentValue('my file')).to.equal('"my file"');
    expect(formatArgumentValue('say "hi"\\')).to.equal('"say \\"hi\\"\\\\"');
    expect(formatArgumentValue("it's")).to.equal('"it\'s"');
    expect(formatArgumentValue('C:\\dir')).to.equal('"C:\\\\dir"');
  });

  /** A draft of `/review ` with the values typed into two slots. */
  function filled(target: string, focus: string, rest = ''): EditorState {
    const review: CommandInfo = { name: 'review', arguments: [{ name: 'target', required: true }, { name: 'focus' }] };
    const text = `/review ${target} ${focus}${rest}`;
    const state = EditorState.create({
      doc: text,
      extensions: [draftFields({ command: { command: review, subcommandPath: [] } })],
    });
    const first = 8;
    const second = first + target.length + 1;
    return state.update({
      effects: setSlots.of([
        { argument: review.arguments![0]!, from: first, to: first + target.length },
        { argument: review.arguments![1]!, from: second, to: second + focus.length },
      ]),
    }).state;
  }

  it('leaves an empty optional slot out with its space, and names a missing required one', () => {
    expect(textWithArguments(filled('a.ts', '')).text).to.equal('/review a.ts');
    expect(textWithArguments(filled('', 'style', ' please')).text).to.equal('/review style please');
    expect(firstMissingSlot(filled('', 'style'))?.argument.name).to.equal('target');
    expect(firstMissingSlot(filled('a', ''))).to.equal(undefined);
  });

  it('keeps two values apart when the space between their slots was deleted', () => {
    const state = filled('a.ts', 'style');
    const joined = state.update({ changes: { from: 12, to: 13 } }).state;
    expect(joined.doc.toString()).to.equal('/review a.tsstyle');
    expect(textWithArguments(joined)).to.deep.equal({
      text: '/review a.ts style',
      values: [
        { name: 'target', value: 'a.ts' },
        { name: 'focus', value: 'style' },
      ],
    });
  });

  it('gives back every filled value, and the text splits back into them', () => {
    const value = fc.string({ unit: fc.constantFrom('a', ' ', '"', "'", '\\', 'é'), maxLength: 8 });
    fc.assert(
      fc.property(value, value, (target, focus) => {
        const { text, values } = textWithArguments(filled(target, focus));
        const kept = [
          { name: 'target', value: target.trim() },
          { name: 'focus', value: focus.trim() },
        ].filter((pair) => pair.value !== '');
        expect(values).to.deep.equal(kept);
        expect(text).to.equal(['/review', ...kept.map((pair) => formatArgumentValue(pair.value))].join(' '));
        expect(splitArguments(text.slice('/review'.length))).to.deep.equal(kept.map((pair) => pair.value));
      }),
    );
  });
});

/**
 * Splits a command's arguments the way a shell reads words: `"…"` with `\\` escapes, `'…'` as is,
 * and a bare `\\` escaping the character after it.
 */
function splitArguments(text: string): string[] {
  const values: string[] = [];
  const pattern = /\s*((?:"(?:[^"\\]|\\.)*"|'[^']*'|\\.|[^\s"'\\])+)/gy;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const parts = match[1]!.match(/"(?:[^"\\]|\\.)*"|'[^']*'|\\.|[^"'\\]/g)!;
    values.push(
      parts
        .map((part) => {
          if (part.startsWith('"')) return part.slice(1, -1).replace(/\\(.)/g, '$1');
          if (part.startsWith("'")) return part.slice(1, -1);
          return part.startsWith('\\') ? part.slice(1) : part;
        })
        .join(''),
    );
  }
  return values;
}

describe('stored slots', () => {
  const review: CommandInfo = { name: 'review', arguments: [{ name: 'target' }, { name: 'focus' }] };

  it('are kept when they are the command’s arguments in order with ranges inside the text', () => {
    const stored = [
      { name: 'target', from: 8, to: 12 },
      { name: 'focus', from: 13, to: 13 },
    ];
    expect(decodeSlots(stored, review, '/review a.ts ').map(({ from, to }) => [from, to])).to.deep.equal([
      [8, 12],
      [13, 13],
    ]);
    expect(decodeSlots(stored, { name: 'review' }, '/review a.ts ').map((slot) => slot.argument)).to.deep.equal([
      { name: 'target' },
      { name: 'focus' },
    ]);
  });

  it('are dropped for anything else', () => {
    const text = '/review a.ts ';
    const bad: unknown[] = [
      'x',
      [{ name: 'target', from: 8, to: 12 }],
      [
        { name: 'focus', from: 8, to: 12 },
        { name: 'target', from: 13, to: 13 },
      ],
      [
        { name: 'target', from: 8, to: 12 },
        { name: 'focus', from: 10, to: 13 },
      ],
      [
        { name: 'target', from: 8, to: 12 },
        { name: 'focus', from: 13, to: 99 },
      ],
      [
        { name: 'target', from: 8.5, to: 12 },
        { name: 'focus', from: 13, to: 13 },
      ],
      [null, null],
    ];
    for (const value of bad) expect(decodeSlots(value, review, text)).to.deep.equal([]);
    const state = EditorState.create({ extensions: [draftFields()] });
    expect(state.field(slotsField)).to.deep.equal([]);
  });
});
