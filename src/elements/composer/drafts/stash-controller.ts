import type { CommandInfo } from '../../../core/index.js';
import type { T3Locale } from '../../shared/locale.js';
import type { DraftRecall } from './draft-recall.js';
import type { DraftSession } from '../draft-session.js';
import { DraftStash, type StashEntry } from './draft-stash.js';
import { takeDraftBack } from './draft-takeback.js';
import { readDraft } from '../editor/draft.js';

export interface StashControllerDelegate {
  session: DraftSession;
  recall: DraftRecall;
  commands(): readonly CommandInfo[];
  locale(): T3Locale;
  /** The draft changed: the element's `input`. */
  draftChanged(): void;
  /** The stash changed: the element's `t3-stash-change`. */
  stashChanged(): void;
}

/** Moves drafts between the editor and the stash. */
export class StashController {
  readonly list = new DraftStash();

  constructor(private readonly delegate: StashControllerDelegate) {}

  get entries(): StashEntry[] {
    return this.list.entries;
  }

  stash(): boolean {
    const { session, recall } = this.delegate;
    const { pushed, droppedOldest } = this.list.push(readDraft(session.state));
    if (!pushed) {
      session.notices.show(this.delegate.locale().stashEmpty);
      return false;
    }
    recall.forget();
    session.replace({ text: '' });
    if (droppedOldest) session.notices.show(this.delegate.locale().stashFull);
    this.delegate.draftChanged();
    this.delegate.stashChanged();
    return true;
  }

  restore(id: string): boolean {
    const entry = this.list.find(id);
    if (!entry) return false;
    if (!takeDraftBack({ ...this.delegate, commands: this.delegate.commands() }, entry.draft)) return false;
    this.list.remove(id);
    this.delegate.stashChanged();
    return true;
  }

  drop(id: string): boolean {
    if (!this.list.remove(id)) return false;
    this.delegate.stashChanged();
    return true;
  }
}
