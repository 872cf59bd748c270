import type { Extension } from '@codemirror/state';
import { atomIndex } from './atom-index.js';
import { textAtomKinds } from './atom-kinds.js';
import { citationAtoms } from './citation/citation-atom.js';
import { contextChipAtoms } from './context-chip/chip-atom.js';

/**
 * The text atom kinds a draft knows, and the index they share: a state with these is read and
 * submitted without a view (a queued draft, a restored one). `inline-atoms.ts` adds their drawing.
 */
export const draftAtoms: Extension = [textAtomKinds.of(contextChipAtoms), textAtomKinds.of(citationAtoms), atomIndex];
