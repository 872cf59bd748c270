import { EditorState, type Range } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atomIndex, visibleLengthOf } from '../../src/elements/composer/editor/atoms/atom-index.js';
import { type ChipRange, chipsOf } from '../../src/elements/composer/editor/atoms/context-chip/chip-atom.js';
import { draftAtoms } from '../../src/elements/composer/editor/atoms/draft-atoms.js';
import { readDraft } from '../../src/elements/composer/editor/state/draft-codec.js';
import { draftFields } from '../../src/elements/composer/editor/state/draft-state.js';
import { submissionOf } from '../../src/elements/composer/sending/submission-rules.js';
import { DEFAULT_LOCALE } from '../../src/elements/shared/locale.js';
import { contextIdArb } from '../../support/record-arbitraries.js';
import { file, link, terminal } from '../../support/records.js';
import { randomEditArb, specOf } from './random-edits.js';

/**
 * The chip index runs in Node with `@codemirror/state` alone: a draft is read and submitted from an
 * `EditorState` without any view code.
 */

function stateOf(doc: string): EditorState {
  return EditorState.create({ doc, extensions: [draftFields({ records: [file, terminal] }), draftAtoms] });
}

/** The index's ranges, values included, in document order. */
function rangesOf(state: EditorState): Range<ChipRange>[] {
  const ranges: Range<ChipRange>[] = [];
  state.field(atomIndex).between(0, state.doc.length, (from, to, value) => {
    ranges.push((value as ChipRange).range(from, to));
  });
  return ranges;
}

describe('chip index', () => {
  const doc = [`see ${link(file)} here`, `and ${link(terminal)} too`, `last ${link(file, 'again')}`].join('\n');

  it('lists the chips, counts them and the visible length', () => {
    const state = stateOf(doc);
    expect(chipsOf(state).map(({ contextId, label, kind }) => ({ kind, contextId, label }))).toEqual([
      { kind: 'file', contextId: file.contextId, label: file.label },
      { kind: 'terminal', contextId: terminal.contextId, label: terminal.label },
      { kind: 'file', contextId: file.contextId, label: 'again' },
    ]);
    const [first] = chipsOf(state);
    expect(state.sliceDoc(first!.from, first!.to)).toBe(link(file));
    expect(chipsOf(state)).toHaveLength(3);
    expect(visibleLengthOf(state)).toBe(doc.length - chipsOf(state).reduce((sum, c) => sum + c.to - c.from - 1, 0));
    const second = doc.indexOf('[', doc.indexOf('\n'));
    expect(chipsOf(state, second + 1, second + 2)).toHaveLength(1);
    expect(chipsOf(state, 0, 4)).toEqual([]);
  });

  it('reads the draft and its submission', () => {
    const state = stateOf(doc);
    expect(readDraft(state)).toEqual({ text: doc, records: [file, terminal], attachments: [] });
    const result = submissionOf(state, (command) => command, DEFAULT_LOCALE);
    if (!('detail' in result)) throw new Error(`no submission: ${result.problem}`);
    expect(result.detail.text).toBe(doc);
    expect(result.detail.context?.records).toEqual([file, terminal]);
    expect(result.detail.inputAnnotations).toHaveLength(3);
    expect(result.detail.attachments).toEqual([]);
  });

  it('re-reads only the line an edit touched: the chips of other lines keep their range values', () => {
    const state = stateOf(doc);
    const before = rangesOf(state);
    const secondLine = state.doc.line(2);
    const typed = state.update({ changes: { from: secondLine.from, insert: 'x' } }).state;
    const after = rangesOf(typed);
    expect(after.map((range) => range.value)).toEqual(before.map((range) => range.value));
    for (const index of [0, 1, 2]) expect(after[index]!.value).toBe(before[index]!.value);
    expect(after[1]!.from).toBe(before[1]!.from + 1);

    const labelStart = secondLine.from + 'and ['.length;
    const relabelled = state.update({ changes: { from: labelStart, to: labelStart + 1, insert: 'Z' } }).state;
    const changed = rangesOf(relabelled);
    expect(changed[0]!.value).toBe(before[0]!.value);
    expect(changed[1]!.value).not.toBe(before[1]!.value);
    expect(changed[1]!.value.label).toBe(`Z${terminal.label.slice(1)}`);
    expect(changed[2]!.value).toBe(before[2]!.value);
  });

  it('drops a chip whose link an edit cut; what is typed at its edges stays outside it, the chip unchanged', () => {
    const state = stateOf(doc);
    const [first] = chipsOf(state);
    const cut = state.update({ changes: { from: first!.to - 1, to: first!.to } }).state;
    expect(chipsOf(cut).map((chip) => chip.label)).toEqual([terminal.label, 'again']);
    const edged = state.update({
      changes: [
        { from: first!.from, insert: 'a' },
        { from: first!.to, insert: 'b' },
      ],
    }).state;
    expect(edged.sliceDoc(chipsOf(edged)[0]!.from, chipsOf(edged)[0]!.to)).toBe(link(file));
    expect(rangesOf(edged)[0]!.value).toBe(rangesOf(state)[0]!.value);
  });
});

/** Pieces of draft text: prose, line breaks, whole links and the fragments of one. */
const pieceArb = fc.oneof(
  fc.constantFrom('a', 'word ', ' ', '\n', '[', ']', '(', ')', '!', '](t3-context://v1/', 't3-context://v1/file/'),
  fc
    .record({
      bang: fc.boolean(),
      label: fc.stringMatching(/^[a-z ]{0,6}$/),
      kind: fc.constantFrom('file', 'image', 'terminal', 'x-y'),
      id: contextIdArb,
    })
    .map(({ bang, label, kind, id }) => `${bang ? '!' : ''}[${label}](t3-context://v1/${kind}/${id})`),
);
const textArb = fc.array(pieceArb, { maxLength: 12 }).map((pieces) => pieces.join(''));

const editArb = randomEditArb(textArb);

const placed = (state: EditorState) =>
  rangesOf(state).map(({ from, to, value }) => ({
    from,
    to,
    kind: value.kind,
    id: value.contextId,
    label: value.label,
  }));

describe('chip index under random edits', () => {
  it('updated line by line, it always equals an index read from scratch', () => {
    fc.assert(
      fc.property(textArb, fc.array(editArb, { minLength: 1, maxLength: 8 }), (start, edits) => {
        let state = EditorState.create({ doc: start, extensions: [draftAtoms] });
        for (const edit of edits) {
          state = state.update(specOf(state, edit)).state;
          const fresh = EditorState.create({ doc: state.doc, extensions: [draftAtoms] });
          expect(placed(state)).toEqual(placed(fresh));
        }
      }),
      { numRuns: 500 },
    );
  });
});
