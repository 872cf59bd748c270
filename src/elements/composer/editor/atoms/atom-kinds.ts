import { type EditorState, Facet, type Range, RangeValue, type Transaction } from '@codemirror/state';
import type { Decoration, WidgetType } from '@codemirror/view';

/**
 * The kinds of inline atoms: what the draft shows as one unit the caret steps over and deletion
 * takes whole. A kind is found in the text (context chips, citations: kept in the one index,
 * `atom-index.ts`) or placed from state (a picked command's token and its argument slots). As in
 * CodeMirror, what a draft's state needs (how a kind is found) and what only an editor view needs
 * (how it is drawn) are separate facets: a draft is read and submitted without view code. Adding a
 * kind is adding its folder and listing it in `draft-atoms.ts` and `inline-atoms.ts`.
 */

/**
 * A text atom's value in the index. It maps as a non-inclusive replace decoration does: text typed
 * at either edge stays outside the atom, and an atom whose text is all deleted is dropped.
 */
export abstract class AtomValue extends RangeValue {}
AtomValue.prototype.startSide = 1;
AtomValue.prototype.endSide = -1;

/** A kind whose atoms are written in the text: read from whole lines, indexed, atomic and bidi isolates. */
export interface TextAtomKind<V extends AtomValue = AtomValue> {
  /** The atoms of `text` (whole lines, starting at `offset` in the document), in order; quick when there are none. */
  find(text: string, offset: number): Range<V>[];
  /** Whether a value of the index is one of this kind's. */
  holds(value: AtomValue): value is V;
}

/** How a text atom kind is drawn. */
export interface TextAtomView<V extends AtomValue = AtomValue> {
  readonly kind: TextAtomKind<V>;
  /** The widget that draws one atom in place of its text. */
  widget(state: EditorState, value: V): WidgetType;
  /** Whether all its atoms must be drawn again after `transaction` (what they show changed beside the text). */
  redraw?(transaction: Transaction): boolean;
}

/** Where a held kind's atoms stand in a state, and how they are drawn. */
export interface HeldAtoms {
  readonly decorations: readonly Range<Decoration>[];
  /** Ranges the caret steps over and deletion takes whole. */
  readonly atomic: readonly { from: number; to: number }[];
}

/** A kind whose atoms are placed from state (few): placed again whenever `moved` says they may have. */
export interface HeldAtomKind {
  place(state: EditorState): HeldAtoms;
  moved(transaction: Transaction): boolean;
}

export const textAtomKinds = Facet.define<TextAtomKind>();
export const textAtomViews = Facet.define<TextAtomView>();
export const heldAtomKinds = Facet.define<HeldAtomKind>();
