import type { ChipKind } from '../chip-kind.js';

export const elementChip: ChipKind = {
  details: 'popover',
  expanded: 'none',
  icon: 'M5.5 4.5L2 8l3.5 3.5M10.5 4.5L14 8l-3.5 3.5',
};
