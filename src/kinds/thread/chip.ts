import type { ThreadContextRecord } from '../../core/index.js';
import type { ChipKind } from '../chip-kind.js';

/** The chip reads as the thread's title; activating it is how a host opens the thread. */
export const threadChip: ChipKind<ThreadContextRecord> = {
  details: 'none',
  expanded: 'none',
  // Two speech bubbles: another conversation.
  icon: 'M2 2.5h8.5v6H6l-2.5 2.2V8.5H2zM10.5 5.5H14v6h-1.5v2.2L10 11.5H6.5V8.5',
  // A host may hand the chip a record with the thread's live title.
  text: (record) => record.title,
};
