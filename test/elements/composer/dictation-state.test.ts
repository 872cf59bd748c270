import { expect } from '@open-wc/testing';
import { EditorState } from '@codemirror/state';
import fc from 'fast-check';
import { formatContextReference } from '../../../src/core/index.js';
import { chipsOf } from '../../../src/elements/composer/editor/atoms/context-chip/chip-atom.js';
import { draftAtoms } from '../../../src/elements/composer/editor/atoms/draft-atoms.js';
import {
  dictationField,
  phraseInsertion,
  startDictation,
} from '../../../src/elements/composer/dictation/dictation-state.js';

/** The dictation point as the state field keeps it, without an editor: only the draft's text and its chips. */

const link = formatContextReference({ kind: 'terminal', contextId: 'term_1', label: 'T1' });

function dictating(doc: string, caret: number, at = caret): EditorState {
  const state = EditorState.create({ doc, selection: { anchor: caret }, extensions: [draftAtoms, dictationField] });
  return state.update({ effects: startDictation.of(at) }).state;
}

const pointOf = (state: EditorState) => state.field(dictationField)!.point;

describe('the dictation point', () => {
  it('stays after text inserted right at it, and maps through edits before and after it', () => {
    let state = dictating('hello world', 5);
    state = state.update({ changes: { from: 5, insert: ' there' } }).state;
    expect(pointOf(state)).to.equal(11);
    state = state.update({ changes: { from: 0, to: 5, insert: 'hi' } }).state;
    expect(pointOf(state)).to.equal(8);
    state = state.update({ changes: { from: 10, insert: '!' } }).state;
    expect(pointOf(state)).to.equal(8);
  });

  it('goes to the caret whenever a transaction sets the selection', () => {
    let state = dictating('hello world', 5);
    state = state.update({ selection: { anchor: 0 } }).state;
    expect(pointOf(state)).to.equal(0);
    state = state.update({ selection: { anchor: 2, head: 9 } }).state;
    expect(pointOf(state), 'the head of a range').to.equal(9);
  });

  it('never starts inside a chip, and leaves one that forms around it', () => {
    expect(pointOf(dictating(`${link} x`, 3)), 'moved to the end of the chip').to.equal(link.length);
    const open = link.slice(0, -1);
    let state = dictating(open, 4);
    expect(pointOf(state), 'no chip yet').to.equal(4);
    state = state.update({ changes: { from: open.length, insert: ')' } }).state;
    expect(chipsOf(state).length).to.equal(1);
    expect(pointOf(state)).to.equal(link.length);
  });

  it('is gone once dictation ends or before it starts', () => {
    const state = EditorState.create({ doc: 'x', extensions: [draftAtoms, dictationField] });
    expect(state.field(dictationField)).to.equal(null);
    expect(phraseInsertion(state, 'hello')).to.equal(undefined);
  });
});

describe('a dictated phrase', () => {
  const pieces = ['word', ' ', '\n', link, 'x', '  '];
  const draftArb = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join(''));
  const phraseArb = fc.stringMatching(/^[a-z]{1,6}( [a-z]{1,6}){0,2}$/);

  it('is inserted at the point, set apart by whitespace on both sides, and never changes a chip', () => {
    fc.assert(
      fc.property(draftArb, fc.nat(), phraseArb, (doc, seed, phrase) => {
        const state = dictating(doc, seed % (doc.length + 1));
        const at = pointOf(state);
        const next = state.update(phraseInsertion(state, phrase)!).state;
        const text = next.doc.toString();
        const rest = doc.length - at;
        expect(text.slice(0, at) + text.slice(text.length - rest), 'nothing else changed').to.equal(doc);
        const inserted = text.slice(at, text.length - rest);
        expect(inserted.trim(), 'what was heard, whole').to.equal(phrase);
        const spaceBefore = inserted.startsWith(' ');
        const spaceAfter = inserted.endsWith(' ');
        const before = doc.slice(at - 1, at);
        const after = doc.slice(at, at + 1);
        expect(spaceBefore, `a space before it after ${JSON.stringify(before)}`).to.equal(
          before !== '' && /\S/.test(before),
        );
        expect(spaceAfter, `a space after it before ${JSON.stringify(after)}`).to.equal(
          after !== '' && /\S/.test(after),
        );
        const chipTexts = (s: EditorState) => chipsOf(s).map((chip) => s.doc.sliceString(chip.from, chip.to));
        expect(chipTexts(next)).to.deep.equal(chipTexts(state));
        expect(pointOf(next), 'the next phrase goes right after this one').to.equal(
          at + (spaceBefore ? 1 : 0) + phrase.length,
        );
      }),
    );
  });
});
