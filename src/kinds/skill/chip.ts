import type { ChipKind } from '../chip-kind.js';

export const skillChip: ChipKind = {
  details: 'tooltip',
  expanded: 'none',
  icon: 'M8 1.8l1.8 3.9 4.2.5-3.1 2.9.8 4.2L8 11.2l-3.7 2.1.8-4.2L2 6.2l4.2-.5z',
};
