import type { EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { CommandInfo } from '../../../core/index.js';
import type { DraftStart } from '../draft-session.js';
import { type ComposerDraft, decodeDraft, readDraft } from '../editor/draft.js';
import { draftOfHistoryEntry, type HistoryEntry, historyEntryOf } from './history-entries.js';

export const DEFAULT_HISTORY_SIZE = 100;

export interface DraftRecallDelegate {
  state(): EditorState;
  /** Shows a draft, the caret at its start or end; the change fires `input`. */
  show(start: DraftStart, caret: 'start' | 'end'): void;
  commands(): readonly CommandInfo[];
  /** The element's `history-size`, as set (invalid values mean the default). */
  historySize(): unknown;
}

/**
 * ↑/↓ recall of submitted drafts, chips, command and attachments included. ↑ with the caret at
 * the very start of the draft shows the previous entry; ↓ with the caret at the very end walks
 * forward, and past the newest brings back the draft that was being written. Edits made to a
 * shown entry are kept while walking (as a shell's line editor keeps them) but never change the
 * entry itself; submitting adds a new entry and ends the walk.
 */
export class DraftRecall {
  private entries: ComposerDraft[] = [];
  /** Which entry is shown; `null` while the draft in progress is (during a walk it sits at `entries.length`). */
  private index: number | null = null;
  /** Edits made to shown entries during a walk, and the draft in progress at `entries.length`. */
  private readonly edited = new Map<number, ComposerDraft>();
  /** The state last shown, to tell whether the person edited it since. */
  private shownState?: EditorState;

  constructor(private readonly delegate: DraftRecallDelegate) {}

  get history(): HistoryEntry[] {
    return this.entries.map(historyEntryOf);
  }

  set history(value: readonly unknown[]) {
    const commands = this.delegate.commands();
    const entries = Array.isArray(value) ? value : [];
    this.entries = entries.flatMap((entry) => {
      const draft = draftOfHistoryEntry(entry, commands);
      return draft ? [readDraftStart(draft)] : [];
    });
    this.trim();
    this.forget();
  }

  /** The remembered drafts, oldest first, with their files: what persistence stores. */
  get drafts(): readonly ComposerDraft[] {
    return this.entries;
  }

  set drafts(value: readonly ComposerDraft[]) {
    this.entries = [...value];
    this.trim();
    this.forget();
  }

  /** A draft was submitted: it becomes the newest entry, and the walk ends. */
  remember(draft: ComposerDraft): void {
    this.entries.push(draft);
    this.trim();
    this.forget();
  }

  /** The draft was replaced from outside (set, cleared, submitted): no walk goes on. */
  forget(): void {
    this.index = null;
    this.edited.clear();
    this.shownState = undefined;
  }

  /** Plain ↑ and ↓ are recall's when the caret is at the draft's very start or end. */
  wants(event: KeyboardEvent): boolean {
    return (
      (event.key === 'ArrowUp' || event.key === 'ArrowDown') &&
      !event.shiftKey &&
      !event.altKey &&
      !event.ctrlKey &&
      !event.metaKey
    );
  }

  handle(event: KeyboardEvent, view: EditorView): boolean {
    const { state } = view;
    const selection = state.selection.main;
    if (!selection.empty) return false;
    if (event.key === 'ArrowUp') return selection.head === 0 && this.step(-1);
    return selection.head === state.doc.length && this.step(1);
  }

  trim(): void {
    const requested = this.delegate.historySize();
    const size =
      typeof requested === 'number' && Number.isFinite(requested) && requested >= 0
        ? Math.floor(requested)
        : DEFAULT_HISTORY_SIZE;
    if (this.entries.length > size) this.entries.splice(0, this.entries.length - size);
    if (this.index !== null && this.index >= this.entries.length) this.forget();
  }

  /** Shows the entry before or after the one shown; the draft in progress sits after the newest. */
  private step(direction: -1 | 1): boolean {
    const newest = this.entries.length;
    if (this.index === null) {
      if (direction > 0 || newest === 0) return false;
      this.index = newest;
      this.edited.set(newest, readDraft(this.delegate.state()));
    } else if (this.delegate.state() !== this.shownState) {
      this.edited.set(this.index, readDraft(this.delegate.state()));
    }
    const next = this.index + direction;
    if (next < 0) return false;
    const draft = this.edited.get(next) ?? this.entries[next]!;
    const backToDraft = next === newest;
    // Back at the draft in progress the walk ends; edits made on the way stay for the next one.
    this.index = backToDraft ? null : next;
    this.delegate.show(decodeDraft(draft, this.delegate.commands()), direction < 0 ? 'start' : 'end');
    this.shownState = backToDraft ? undefined : this.delegate.state();
    return true;
  }
}

function readDraftStart(start: ReturnType<typeof draftOfHistoryEntry> & object): ComposerDraft {
  return {
    text: start.text,
    records: start.records,
    attachments: [],
    ...(start.command
      ? { command: { name: start.command.command.name, subcommandPath: [...start.command.subcommandPath] } }
      : {}),
  };
}
