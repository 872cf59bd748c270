import type { EditorState } from '@codemirror/state';
import type { ComposerContext } from '../editor/composer-context.js';
import { type ComposerDraft, decodeDraft, readDraft } from '../editor/state/draft-codec.js';
import { recallWalkField } from '../editor/state/recall-walk.js';
import { legacyUpgradeChunk } from '../../shared/on-demand.js';
import { draftOfHistoryEntry, type HistoryEntry, historyEntryOf, needsLegacyUpgrade } from './history-entries.js';

export const DEFAULT_HISTORY_SIZE = 100;

/**
 * ↑/↓ recall of submitted drafts, chips, command and attachments included. ↑ with the caret at
 * the very start of the draft shows the previous entry; ↓ with the caret at the very end walks
 * forward, and past the newest brings back the draft that was being written. Edits made to a
 * shown entry are kept while walking (as a shell's line editor keeps them) but never change the
 * entry itself; submitting adds a new entry. Where the walk stands is in the draft's state
 * (`recallWalkField`): each step is a new draft carrying it, any other replacement ends it.
 */
export class DraftRecall {
  private entries: ComposerDraft[] = [];
  /** Replaced whenever the entries are set or trimmed: a walk over the earlier ones does not go on. */
  private generation = {};

  constructor(private readonly context: ComposerContext) {}

  get history(): HistoryEntry[] {
    return this.entries.map(historyEntryOf);
  }

  set history(value: readonly unknown[]) {
    const entries: readonly unknown[] = Array.isArray(value) ? value : [];
    this.entries = this.draftsOf(entries);
    this.generation = {};
    this.trim();
    if (!legacyUpgradeChunk.loaded && entries.some(needsLegacyUpgrade)) this.upgradeWhenLoaded(entries);
  }

  /** The remembered drafts, oldest first, with their files: what persistence stores. */
  get drafts(): readonly ComposerDraft[] {
    return this.entries;
  }

  set drafts(value: readonly ComposerDraft[]) {
    this.entries = [...value];
    this.generation = {};
    this.trim();
  }

  /** A draft was submitted: it becomes the newest entry. */
  remember(draft: ComposerDraft): void {
    this.entries.push(draft);
    this.trim();
    this.context.scheduleSave();
  }

  /** ↑ at the very start of the draft (or in an empty one): the previous entry. */
  back(): boolean {
    return caretAt(this.context.state, 0) && this.step(-1);
  }

  /** ↓ at the very end of the draft: the next entry, or the draft that was being written. */
  forward(): boolean {
    const { state } = this.context;
    return caretAt(state, state.doc.length) && this.step(1);
  }

  trim(): void {
    const size = historySizeOf(this.context.host.historySize);
    if (this.entries.length <= size) return;
    this.entries.splice(0, this.entries.length - size);
    this.generation = {};
  }

  private draftsOf(entries: readonly unknown[]): ComposerDraft[] {
    const commands = this.context.host.commands;
    return entries.flatMap((entry) => {
      const draft = draftOfHistoryEntry(entry, commands, legacyUpgradeChunk.loaded);
      return draft ? [readDraftStart(draft)] : [];
    });
  }

  /**
   * Entries written by a legacy client show as text until the legacy upgrade has loaded, then with
   * their chips, unless the history was set or trimmed meanwhile (a walk in progress goes on).
   */
  private upgradeWhenLoaded(entries: readonly unknown[]): void {
    const { generation } = this;
    // What the history shows of `entries`, once trimmed; entries sent since come after them.
    const shown = this.entries.length;
    void legacyUpgradeChunk.load().then((upgrade) => {
      if (!upgrade || this.generation !== generation) return;
      const upgraded = this.draftsOf(entries);
      this.entries.splice(0, shown, ...upgraded.slice(upgraded.length - shown));
    });
  }

  /** Shows the entry before or after the one shown; the draft in progress sits after the newest. */
  private step(direction: -1 | 1): boolean {
    const state = this.context.state;
    const newest = this.entries.length;
    const walk = state.field(recallWalkField);
    // A walk over entries the history no longer has (it was set or trimmed since) starts again.
    const current = walk.history === this.generation;
    const shown = current ? walk.index : null;
    if (shown === null && (direction > 0 || newest === 0)) return false;
    const index = shown ?? newest;
    const edits = new Map(current ? walk.edits : []);
    if (shown === null || walk.edited) edits.set(index, readDraft(state));
    const next = index + direction;
    if (next < 0) return false;
    const draft = edits.get(next) ?? this.entries[next]!;
    // Back at the draft in progress the walk ends; edits made on the way stay for the next one.
    const recallWalk = { index: next === newest ? null : next, edits, edited: false, history: this.generation };
    this.context.replaceDraft({
      ...decodeDraft(draft, this.context.host.commands),
      caret: direction < 0 ? 'start' : 'end',
      recallWalk,
    });
    return true;
  }
}

/** How many entries `history-size` keeps: a whole number of at least 0, else the default. */
export function historySizeOf(requested: unknown): number {
  return typeof requested === 'number' && Number.isFinite(requested) && requested >= 0
    ? Math.floor(requested)
    : DEFAULT_HISTORY_SIZE;
}

function caretAt(state: EditorState, position: number): boolean {
  const selection = state.selection.main;
  return selection.empty && selection.head === position;
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
