import { EditorState, type RangeValue } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCitationLink, formatContextReference } from '../../src/core/index.js';
import { atomCountOf, atomsOf, visibleLengthOf } from '../../src/elements/composer/editor/atoms/atom-index.js';
import { AtomValue, type TextAtomKind, textAtomKinds } from '../../src/elements/composer/editor/atoms/atom-kinds.js';
import { CitationRange } from '../../src/elements/composer/editor/atoms/citation/citation-atom.js';
import { ChipRange } from '../../src/elements/composer/editor/atoms/context-chip/chip-atom.js';
import { draftAtoms } from '../../src/elements/composer/editor/atoms/draft-atoms.js';
import { quotedLine } from '../../support/records.js';
import { randomEditArb, specOf } from './random-edits.js';

/**
 * The one index of the draft's text atoms, in Node with `@codemirror/state` alone: every kind's
 * atoms in document order, kept by re-reading touched lines only, and a kind a test registers is
 * indexed like the built-in ones.
 */

const citation = formatCitationLink(quotedLine);
const chip = formatContextReference({ kind: 'terminal', contextId: 'term_1', label: 'T1' });

/** A kind of the test's own: `{{name}}`, as a template variable would be. */
class VariableRange extends AtomValue {
  constructor(readonly name: string) {
    super();
  }
  override eq(other: RangeValue): boolean {
    return other instanceof VariableRange && other.name === this.name;
  }
}
const variables: TextAtomKind<VariableRange> = {
  find: (text, offset) =>
    [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) =>
      new VariableRange(match[1]!).range(offset + match.index, offset + match.index + match[0].length),
    ),
  holds: (value): value is VariableRange => value instanceof VariableRange,
};

const withVariables = [draftAtoms, textAtomKinds.of(variables)];

function kindsOf(state: EditorState): string[] {
  return atomsOf(state).map(({ value }) =>
    value instanceof ChipRange ? 'chip' : value instanceof CitationRange ? 'citation' : 'variable',
  );
}

describe('the atom index', () => {
  it('holds every kind of one line in document order, and counts each atom as one visible character', () => {
    const doc = `see {{name}} ${citation} and ${chip} {{other}}\n${chip}`;
    const state = EditorState.create({ doc, extensions: withVariables });
    expect(kindsOf(state)).toEqual(['variable', 'citation', 'chip', 'variable', 'chip']);
    expect(atomCountOf(state)).toBe(5);
    const hidden = atomsOf(state).reduce((sum, atom) => sum + atom.to - atom.from - 1, 0);
    expect(visibleLengthOf(state)).toBe(doc.length - hidden);
    expect(atomsOf(state, 0, doc.indexOf('{{other')).length).toBe(3);
  });

  it('never holds two atoms that overlap: the one that starts first is the atom', () => {
    const inLabel = EditorState.create({
      doc: `[{{a}}](t3-context://v1/file/f_1) {{b}}\n${chip}`,
      extensions: withVariables,
    });
    expect(kindsOf(inLabel)).toEqual(['chip', 'variable', 'chip']);
  });

  it('indexes only the kinds the state lists', () => {
    const state = EditorState.create({ doc: `{{name}} ${chip}`, extensions: draftAtoms });
    expect(kindsOf(state)).toEqual(['chip']);
  });
});

/** Pieces of draft text: prose, line breaks, whole atoms of each kind and fragments of them. */
const pieceArb = fc.constantFrom(
  'a',
  'word ',
  ' ',
  '\n',
  '[',
  ']',
  '(',
  '{{',
  '}}',
  '{{x}}',
  chip,
  citation,
  chip.slice(3),
);
const textArb = fc.array(pieceArb, { maxLength: 12 }).map((pieces) => pieces.join(''));
const editArb = randomEditArb(textArb);

const placed = (state: EditorState): { from: number; to: number; kind: string }[] => {
  const kinds = kindsOf(state);
  return atomsOf(state).map(({ from, to }, index) => ({ from, to, kind: kinds[index]! }));
};

describe('the atom index under random edits', () => {
  it('updated line by line, it always equals an index read from scratch, every kind together', () => {
    fc.assert(
      fc.property(textArb, fc.array(editArb, { minLength: 1, maxLength: 8 }), (start, edits) => {
        let state = EditorState.create({ doc: start, extensions: withVariables });
        for (const edit of edits) {
          state = state.update(specOf(state, edit)).state;
          const fresh = EditorState.create({ doc: state.doc, extensions: withVariables });
          expect(placed(state)).toEqual(placed(fresh));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the value of an atom on a line no edit touched', () => {
    const state = EditorState.create({ doc: `${citation}\n${chip}`, extensions: withVariables });
    const [first] = atomsOf(state);
    const typed = state.update({ changes: { from: state.doc.length, insert: 'x' } }).state;
    expect(atomsOf(typed)[0]!.value).toBe(first!.value);
  });
});
