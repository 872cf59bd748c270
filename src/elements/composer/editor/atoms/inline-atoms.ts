import type { Extension } from '@codemirror/state';
import { atomBidi } from './atom-bidi.js';
import { atomDrawing } from './atom-drawing.js';
import { atomIntegrity } from './atom-integrity.js';
import { heldAtomKinds, textAtomViews } from './atom-kinds.js';
import { citationView } from './citation/citation-widget.js';
import { commandAtoms } from './command/command-view.js';
import { contextChipView } from './context-chip/chip-view.js';
import { draftAtoms } from './draft-atoms.js';

/**
 * The registry of inline atoms in the editor: the draft's text atoms (`draftAtoms`) with their
 * drawing, the held ones, and what every kind shares: one drawing, atomic ranges and bidi isolates,
 * and the integrity check that keeps atoms whole under any input.
 */
export function inlineAtoms(): Extension {
  return [
    draftAtoms,
    textAtomViews.of(contextChipView),
    textAtomViews.of(citationView),
    heldAtomKinds.of(commandAtoms),
    atomDrawing(),
    atomBidi(),
    atomIntegrity(),
  ];
}
