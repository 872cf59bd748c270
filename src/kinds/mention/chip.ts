import type { ChipKind } from '../chip-kind.js';

export const mentionChip: ChipKind = {
  details: 'none',
  expanded: 'none',
  // A page of the project (mention labels already start with `@`, so the icon does not repeat it).
  icon: 'M4 1.8h5l3 3v9.4H4zM9 1.8v3h3M6 8.5h4M6 11h4',
};
