import type { ChipKind } from '../chip-kind.js';

export const imageChip: ChipKind = {
  details: 'tooltip',
  expanded: 'modal',
  icon:
    'M3.5 3h9a1.5 1.5 0 0 1 1.5 1.5v7a1.5 1.5 0 0 1-1.5 1.5h-9a1.5 1.5 0 0 1-1.5-1.5v-7a1.5 1.5 0 0 1 1.5-1.5z' +
    'M4.8 6.5a1.2 1.2 0 1 0 2.4 0a1.2 1.2 0 1 0-2.4 0M2.5 12l3.5-3.5 2.5 2.5 2-2 3 3',
};

export const fileChip: ChipKind = {
  details: 'tooltip',
  expanded: 'modal',
  icon: 'M4 1.8h5l3 3v9.4H4zM9 1.8v3h3',
};
