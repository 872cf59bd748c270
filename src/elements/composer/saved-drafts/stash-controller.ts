import type { StashEntry } from '../../shared/composer-values.js';
import { emit } from '../../shared/events.js';
import type { ComposerContext } from '../editor/composer-context.js';
import { type ComposerDraft, readDraft } from '../editor/state/draft-codec.js';
import { DraftStash } from './draft-stash.js';
import { bringDraftBack } from './draft-takeback.js';

/** Moves drafts between the editor and the stash; `t3-stash-change` on every change of the stash. */
export class StashController {
  readonly list = new DraftStash();

  constructor(private readonly context: ComposerContext) {}

  get entries(): StashEntry[] {
    return this.list.entries;
  }

  stash(): boolean {
    const { context } = this;
    const locale = context.config.locale;
    const { pushed, droppedOldest } = this.list.push(readDraft(context.state));
    if (!pushed) {
      context.notices.show(locale.stashEmpty);
      return false;
    }
    context.replaceDraft({ text: '' });
    if (droppedOldest) context.notices.show(locale.stashFull);
    this.changed();
    return true;
  }

  /** Keeps a draft that may not have been sent at the front of the stash, marked `unsent`. */
  keepUnsent(draft: ComposerDraft): void {
    const { locale } = this.context.config;
    const { pushed, droppedOldest } = this.list.push(draft, { label: locale.maybeNotSent });
    if (droppedOldest) this.context.notices.show(locale.stashFull);
    if (pushed) this.changed();
  }

  restore(id: string): boolean {
    const entry = this.list.find(id);
    if (!entry || !bringDraftBack(this.context, entry.draft)) return false;
    this.list.remove(id);
    this.changed();
    return true;
  }

  /** Files of stashed drafts finished uploading: the entries carry the host's ids (and are saved so). */
  takeUploads(uploaded: (draft: ComposerDraft) => ComposerDraft): void {
    let changed = false;
    const entries = this.list.entries.map((entry) => {
      const draft = uploaded(entry.draft);
      if (draft === entry.draft) return entry;
      changed = true;
      return { ...entry, draft };
    });
    if (!changed) return;
    this.list.entries = entries;
    this.changed();
  }

  drop(id: string): boolean {
    if (!this.list.remove(id)) return false;
    this.changed();
    return true;
  }

  private changed(): void {
    this.context.scheduleSave();
    emit(this.context.host, 't3-stash-change', { stashes: this.entries });
  }
}
