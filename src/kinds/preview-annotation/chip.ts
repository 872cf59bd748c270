import type { ChipKind } from '../chip-kind.js';

export const previewAnnotationChip: ChipKind = {
  details: 'popover',
  expanded: 'modal',
  icon:
    'M3.3 2.8h9.4a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5h-9.4a1.5 1.5 0 0 1-1.5-1.5v-6a1.5 1.5 0 0 1 1.5-1.5z' +
    'M5 14.2h6M6 6.5l2 2 3-3',
};
