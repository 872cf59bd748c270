import type { EditorState, Range, Transaction } from '@codemirror/state';
import { Decoration, type DecorationSet } from '@codemirror/view';
import { atomIndex } from './atom-index.js';
import type { AtomValue } from './atom-kinds.js';
import { touchedLines } from './touched-lines.js';

/** The decoration of one text atom, or none; its spec's `atom` is the indexed value it decorates. */
export type DecorateAtom = (
  state: EditorState,
  value: AtomValue,
  from: number,
  to: number,
) => Range<Decoration> | undefined;

/** One decoration per text atom of the index (a widget, an isolate). */
export function decorateAtoms(state: EditorState, decorate: DecorateAtom): DecorationSet {
  const ranges: Range<Decoration>[] = [];
  state.field(atomIndex).between(0, state.doc.length, (from, to, value) => {
    const decoration = decorate(state, value, from, to);
    if (decoration) ranges.push(decoration);
  });
  return Decoration.set(ranges);
}

/**
 * Such decorations mapped through an edit and made again where the index changed. The index keeps
 * the very value of an atom it kept (`reindexTouchedLines`), so a decoration whose value is still
 * indexed stays (a widget with the element it drew); only new atoms are decorated.
 */
export function followAtoms(
  decorations: DecorationSet,
  transaction: Transaction,
  decorate: DecorateAtom,
): DecorationSet {
  const mapped = decorations.map(transaction.changes);
  const lines = touchedLines(transaction);
  if (lines.length === 0) return mapped;
  const { state } = transaction;
  const from = lines[0]!.from;
  const to = lines[lines.length - 1]!.to;
  const decorated = new Set<AtomValue>();
  mapped.between(from, to, (_from, _to, decoration) => void decorated.add(decoration.spec.atom));
  const indexed = new Set<AtomValue>();
  const added: Range<Decoration>[] = [];
  state.field(atomIndex).between(from, to, (atomFrom, atomTo, value) => {
    indexed.add(value);
    if (decorated.has(value)) return;
    const decoration = decorate(state, value, atomFrom, atomTo);
    if (decoration) added.push(decoration);
  });
  if (added.length === 0 && decorated.size === indexed.size) return mapped;
  return mapped.update({
    filter: (_from, _to, decoration) => indexed.has(decoration.spec.atom),
    filterFrom: from,
    filterTo: to,
    add: added,
  });
}
