import { replaceContextReferences } from '../../../core/index.js';
import { chipLabel, chipValue } from '../../shared/chip-text.js';
import type { StashEntry } from '../../shared/composer-values.js';
import { newLocalId } from '../editor/state/local-ids.js';
import { EntryList } from './entry-list.js';
import { type ComposerDraft, isBlankDraft } from '../editor/state/draft-codec.js';
import { withCitationLabels } from '../editor/atoms/citation/citation-labels.js';

export type { StashEntry };

/** What `t3-stash-change` carries: the stash after the change, newest first. */
export const MAX_STASHES = 20;
const PREVIEW_LENGTH = 80;

/**
 * The stash (T3's prompt stash): drafts set aside, newest first, at most twenty. It only keeps the
 * list; moving drafts in and out of the editor is the composer's.
 */
export class DraftStash extends EntryList<StashEntry> {
  // A setter alone would hide the inherited getter.
  override get entries(): StashEntry[] {
    return super.entries;
  }

  /** Entries as persistence restores them; invalid ones are dropped. */
  override set entries(value: readonly StashEntry[]) {
    this.list = (Array.isArray(value) ? value : []).filter(isStashEntry).slice(0, MAX_STASHES);
  }

  /**
   * Puts a draft at the front; one that may not have been sent says so (`unsent`) first in its
   * preview. Tells whether the oldest had to go to make room.
   */
  push(draft: ComposerDraft, unsent?: { label: string }): { pushed: boolean; droppedOldest: boolean } {
    if (isBlankDraft(draft)) return { pushed: false, droppedOldest: false };
    this.list.unshift(stashEntryOf(draft, unsent));
    const droppedOldest = this.list.length > MAX_STASHES;
    this.list.length = Math.min(this.list.length, MAX_STASHES);
    return { pushed: true, droppedOldest };
  }
}

/** A new stash entry for a draft; one that may not have been sent says so (`unsent`) first in its preview. */
export function stashEntryOf(draft: ComposerDraft, unsent?: { label: string }): StashEntry {
  const preview = unsent ? `${unsent.label}: ${previewOf(draft)}` : previewOf(draft);
  const entry: StashEntry = { id: `stash-${newLocalId()}`, createdAt: Date.now(), preview, draft };
  return unsent ? { ...entry, unsent: true } : entry;
}

/** The text a person sees: each chip as it reads (label, and a host kind's value), whitespace folded, shortened. */
export function previewOf({ text, records }: Pick<ComposerDraft, 'text' | 'records'>): string {
  const byId = new Map(records.map((record) => [record.contextId, record]));
  const visible = replaceContextReferences(withCitationLabels(text), ({ label, contextId, kind }) => {
    const record = byId.get(contextId);
    const value = chipValue(record, undefined);
    const shown = chipLabel({ label, contextId, kind, record });
    return value ? `${shown} ${value}` : shown;
  })
    .replace(/\s+/g, ' ')
    .trim();
  return visible.length > PREVIEW_LENGTH ? `${visible.slice(0, PREVIEW_LENGTH - 1)}…` : visible;
}

function isStashEntry(value: unknown): value is StashEntry {
  const entry = value as Partial<StashEntry> | null;
  return (
    !!entry &&
    typeof entry.id === 'string' &&
    typeof entry.createdAt === 'number' &&
    typeof entry.preview === 'string' &&
    !!entry.draft &&
    typeof entry.draft.text === 'string'
  );
}
