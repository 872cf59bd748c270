import { formatMessage, type T3Locale } from '../../../shared/locale.js';
import type { ChipChanges } from './chip-changes.js';

/** What the live region says about chips added and removed, or `''` when none were. */
export function describeChipChanges({ added, removed }: ChipChanges, locale: T3Locale): string {
  const describe = (chips: typeof added, one: string, many: string) =>
    chips.length === 1
      ? formatMessage(one, { label: chips[0]!.label || chips[0]!.kind })
      : formatMessage(many, { count: String(chips.length) });
  return [
    ...(added.length > 0 ? [describe(added, locale.chipAdded, locale.chipsAdded)] : []),
    ...(removed.length > 0 ? [describe(removed, locale.chipRemoved, locale.chipsRemoved)] : []),
  ].join(', ');
}
