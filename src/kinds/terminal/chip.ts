import type { ChipKind } from '../chip-kind.js';

export const terminalChip: ChipKind = {
  details: 'popover',
  expanded: 'none',
  icon:
    'M3.3 2.8h9.4a1.5 1.5 0 0 1 1.5 1.5v7.4a1.5 1.5 0 0 1-1.5 1.5h-9.4a1.5 1.5 0 0 1-1.5-1.5v-7.4a1.5 1.5 0 0 1 1.5-1.5z' +
    'M4.5 6l2 2-2 2M8 10.5h3.5',
};
