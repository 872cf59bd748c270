import type { EditorState, TransactionSpec } from '@codemirror/state';
import fc from 'fast-check';

/** One random edit of a document: up to three changes at relative places, each replacing a span with some text. */
export interface RandomEdit {
  at: number;
  length: number;
  insert: string;
}

/** Edits whose inserted text comes from `textArb`. */
export function randomEditArb(textArb: fc.Arbitrary<string>): fc.Arbitrary<RandomEdit[]> {
  return fc.array(
    fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.nat({ max: 40 }), insert: textArb }),
    { minLength: 1, maxLength: 3 },
  );
}

/** The edit as a transaction of `state`: its changes in order, overlapping ones left out. */
export function specOf(state: EditorState, edit: readonly RandomEdit[]): TransactionSpec {
  const length = state.doc.length;
  const changes = edit
    .map(({ at, length: span, insert }) => {
      const from = Math.floor(at * length);
      return { from, to: Math.min(length, from + span), insert };
    })
    .sort((a, b) => a.from - b.from)
    // Changes of one transaction may not overlap.
    .filter((change, index, all) => index === 0 || change.from >= all[index - 1]!.to);
  return { changes };
}
