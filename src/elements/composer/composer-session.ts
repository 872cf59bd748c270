import { Compartment, EditorState, type Extension, type Transaction, type TransactionSpec } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import {
  type Citation,
  type CommandInfo,
  type ContextRecord,
  decodeContextRecord,
  formatContextReference,
} from '../../core/index.js';
import type { ResolvedConfig } from '../shared/config.js';
import type { DraftAttachment, TextPreview } from '../shared/composer-values.js';
import { AttachmentShelf } from './attachments/attachment-shelf.js';
import { filesToAttach } from './attachments/attachments.js';
import { type UploadOwners, UploadsController } from './attachments/uploads.js';
import { ComposerClipboard } from './clipboard/composer-clipboard.js';
import type { LongPasteLimits } from './clipboard/long-paste.js';
import type { InsertContextOptions, InsertContextResult } from './composer-types.js';
import { describeChipChanges } from './editor/atoms/chip-announcements.js';
import { editContextSync } from './editor/android-chrome.js';
import { chipChanges } from './editor/atoms/chip-changes.js';
import { removeAtomElement } from './editor/atoms/atom-edits.js';
import { chipRemovals } from './editor/atoms/context-chip/chip-edits.js';
import {
  changeCitationComment,
  citationInsertion,
  type InsertCitationResult,
  validCitationLink,
} from './editor/atoms/citation/citation-edits.js';
import type { CitationCommentDetail } from '../shared/events.js';
import type {
  ComposerContext,
  ComposerHost,
  DraftStart,
  ReplaceOptions,
  ReplaceOrigin,
} from './editor/composer-context.js';
import { commandInfoOf, liveAttachments, referencedRecords, stateIsBlank } from './editor/state/draft-codec.js';
import { DraftEditor } from './editor/state/draft-editor.js';
import { insertionProblem } from './editor/state/draft-limits.js';
import { attachmentsField, commandField, draftFields, recordsField } from './editor/state/draft-state.js';
import { EditorSetup, type EditorSettings } from './editor/editor-setup.js';
import { linkInsertion, textInsertion } from './editor/state/insertion.js';
import { FormValue } from './form-value.js';
import { closeMenu, menuFocus, menuSources, menuState, openTrigger } from './menu/menu-state.js';
import { composerMenu } from './menu/menu-view.js';
import type { MentionProvider } from './menu/providers.js';
import { Notices } from './notices.js';
import { ComposerDrops } from './drops/composer-drops.js';
import type { DropResolver } from './drops/drop-resolver.js';

/** What the session needs from its element besides its properties. */
export interface ComposerSessionOptions {
  config(): ResolvedConfig;
  providers(): readonly MentionProvider[];
  /** The host's turning of its own drag types into records. */
  dropResolver(): DropResolver | undefined;
  /** Above how many lines or characters pasted text becomes a file. */
  longPasteLimits(): LongPasteLimits;
  internals: ElementInternals | undefined;
  /** The composer's own keys (send, recall, stop), after the menu's and before the editor's. */
  keys(): Extension;
  /** Controllers whose keys come before the menu's (dictation: Escape ends it first). */
  leadingControllers(): Extension;
  /** Submits like Enter (a submit that waited for pasted files). */
  submit(): void;
  /**
   * The draft changed (`blank` when it has nothing worth keeping, as after a send), or something
   * stored with it did (the stash, the queue, the history): save it, and follow it (the send button).
   */
  changed(blank: boolean): void;
  /** What holds files besides the draft (a send waiting for its uploads, queued and stashed drafts). */
  uploadOwners: UploadOwners;
}

/**
 * The composer's draft in its editor, and the context its controllers share: the draft lives in
 * the editor state, every change is a transaction or the one replacement (`replaceDraft`), and
 * every change of the draft ends in `draftChanged`, which keeps the form value, announces chips,
 * fires the element's one `input` and schedules the save. The image shelf and the clipboard are
 * its own controllers; the menu is a view plugin of the editor.
 */
export class ComposerSession implements ComposerContext {
  readonly notices: Notices;
  private readonly formValue: FormValue;
  private readonly editor: DraftEditor;
  private readonly setup: EditorSetup;
  /** The providers and commands the menu lists, the element's current ones. */
  private readonly menuSources = new Compartment();
  readonly shelf: AttachmentShelf;
  readonly uploads: UploadsController;
  private readonly clipboard: ComposerClipboard;
  private readonly drops: ComposerDrops;

  constructor(
    readonly host: ComposerHost,
    private readonly options: ComposerSessionOptions,
  ) {
    this.notices = new Notices(host);
    this.formValue = new FormValue(options.internals);
    this.editor = new DraftEditor({
      emptyState: () => this.createState({ text: '' }),
      afterIdleChange: (startState, transactions, state) => this.afterTransactions(startState, transactions, state),
      viewChanged: (view) => this.viewChanged(view),
    });
    this.uploads = new UploadsController(this, options.uploadOwners);
    this.shelf = new AttachmentShelf(this, { retry: (contextId) => this.uploads.retry(contextId) && this.focus() });
    this.clipboard = new ComposerClipboard(this, {
      addFiles: (files, at, previews) => this.addFiles(files, at, previews),
      longPasteLimits: options.longPasteLimits,
      submit: options.submit,
    });
    this.drops = new ComposerDrops(this, {
      resolver: options.dropResolver,
      importFragment: (text, fragment, position) => this.clipboard.importFragment(text, fragment, position),
    });
    this.setup = new EditorSetup({
      settings: () => this.settings(),
      showNotice: (message) => this.notices.show(message),
      keys: options.keys,
      takesKey: (event) => this.takesKey(event),
      controllers: () => [
        options.leadingControllers(),
        this.menuSources.of(menuSources.compute([], () => this.currentMenuSources())),
        composerMenu(this),
        this.clipboard.extension(),
        this.drops.extension(),
      ],
      onUpdate: (update) => {
        // Only the editing context's copy of a draft being replaced: the replacement itself follows.
        if (update.transactions.some((transaction) => transaction.annotation(editContextSync))) return;
        this.afterTransactions(update.startState, update.transactions, update.state);
      },
    });
  }

  get state(): EditorState {
    return this.editor.state;
  }

  get view(): EditorView | undefined {
    return this.editor.view;
  }

  /** The files of the draft's chips and shelf. */
  get attachments(): readonly DraftAttachment[] {
    return liveAttachments(this.state);
  }

  get config(): ResolvedConfig {
    return this.options.config();
  }

  get disabled(): boolean {
    return this.host.isDisabled;
  }

  readonly commandInfo = (command: CommandInfo): CommandInfo => commandInfoOf(this.host.commands, command);

  /** True while a submit waits for pasted attachments (it happens once they settle). */
  deferSubmit(): boolean {
    return this.clipboard.deferSubmit();
  }

  cancelDeferredSubmit(): void {
    this.clipboard.cancelDeferredSubmit();
  }

  dispatch(...specs: TransactionSpec[]): void {
    this.editor.dispatch(...specs);
  }

  replaceDraft(start: DraftStart, { origin = 'user', announceRemovals = false }: ReplaceOptions = {}): void {
    const before = this.state;
    const state = this.createState(start);
    this.notices.clear();
    this.editor.replace(state);
    this.shelf.draftReplaced(before, state, announceRemovals);
    this.host.requestUpdate();
    this.draftChanged(origin, draftsDiffer(before, state));
  }

  scheduleSave(): void {
    this.options.changed(false);
    // What holds files changed (the stash, the queue): their uploads follow.
    this.uploads.scheduleSync();
  }

  // ---- Edits --------------------------------------------------------------------------------

  /** A chip for `record` at the caret (or where it was before focus left), or at the end; a limit shows its notice. */
  insertContext(record: ContextRecord, options: InsertContextOptions): InsertContextResult {
    const decoded = decodeContextRecord(record);
    if (!decoded.ok) return { ok: false, error: decoded.error };
    const valid = decoded.record;
    const limit = insertionProblem(this.state, [valid.contextId], 1, this.config.locale);
    if (limit) {
      this.notices.show(limit);
      return { ok: false, error: limit };
    }
    const link = formatContextReference({
      kind: valid.kind,
      contextId: valid.contextId,
      label: options.label ?? valid.label,
    });
    this.insertLink(link, [valid], options.at === 'end' ? 'end' : 'caret');
    return { ok: true, contextId: valid.contextId };
  }

  /** A citation chip at the caret (or where it was before focus left), or at the end. */
  insertCitation(citation: Citation, at: 'caret' | 'end'): InsertCitationResult {
    const link = validCitationLink(citation);
    if (!link) return { ok: false, error: 'Not a valid citation: it breaks a rule of the citation link.' };
    const mounted = !!this.view;
    this.dispatch({ ...citationInsertion(this.state, link, mounted ? at : 'end'), scrollIntoView: mounted });
    return { ok: true };
  }

  insertText(text: string): void {
    const mounted = !!this.view;
    this.dispatch({ ...textInsertion(this.state, text, mounted ? 'caret' : 'end'), scrollIntoView: mounted });
  }

  /** Files as chips (and images on the shelf), at `at`, else at the caret, else at the end. */
  addFiles(files: readonly File[], at?: number, previews?: ReadonlyMap<File, TextPreview>): void {
    if (files.length === 0) return;
    const { records, attachments, links } = filesToAttach(files, previews);
    const limit = insertionProblem(
      this.state,
      records.map((record) => record.contextId),
      records.length,
      this.config.locale,
    );
    if (limit) {
      this.notices.show(limit);
      return;
    }
    if (at !== undefined) this.dispatch({ selection: { anchor: at } });
    this.insertLink(links, records, this.state.readOnly ? 'end' : 'caret', attachments);
  }

  removeContext(contextId: string): boolean {
    const changes = chipRemovals(this.state, (chip) => chip.contextId === contextId, false);
    if (changes.length > 0) this.dispatch({ changes, userEvent: 'delete.chip' });
    return changes.length > 0;
  }

  /** A link at the caret (the last known one while focus is elsewhere), or at the end when asked or not mounted. */
  private insertLink(
    link: string,
    records: readonly ContextRecord[],
    at: 'caret' | 'end',
    attachments: readonly DraftAttachment[] = [],
  ): void {
    const mounted = !!this.view;
    this.dispatch({
      ...linkInsertion(this.state, link, mounted ? at : 'end', records, attachments),
      scrollIntoView: mounted,
    });
  }

  // ---- The element's lifecycle ----------------------------------------------------------------

  mount(parent: HTMLElement | undefined | null): void {
    if (parent) this.editor.mount(parent, this.host.shadowRoot ?? undefined, !this.disabled);
  }

  unmount(): void {
    this.closeMenu();
    this.editor.unmount();
  }

  focus(): void {
    this.editor.focus();
  }

  blur(): void {
    this.editor.blur();
  }

  /**
   * Before the element renders: the menu lists the element's current providers and commands, and a
   * composer that cannot be edited shows none.
   */
  beforeRender(): void {
    const sources = this.currentMenuSources();
    const current = this.state.facet(menuSources);
    if (current.providers !== sources.providers || current.commands !== sources.commands)
      this.dispatch({ effects: this.menuSources.reconfigure(menuSources.of(sources)) });
    if (this.settings().readOnly) this.closeMenu();
  }

  private currentMenuSources() {
    return { providers: this.options.providers(), commands: this.host.commands };
  }

  private closeMenu(): void {
    if (openTrigger(this.state)) this.dispatch({ effects: closeMenu.of(null) });
  }

  /** A draft kept aside without an editor has no focus to open a menu in. */
  private viewChanged(view: EditorView | undefined): void {
    if (!view && this.state.field(menuState, false)?.focused) this.dispatch({ effects: menuFocus.of(false) });
  }

  /** Follows changed element properties: editability, length limit, placeholder, name. */
  reconfigure(changed: ReadonlyMap<PropertyKey, unknown>): void {
    if (changed.has('uploadAttachment') || changed.has('scopeConfig')) this.uploads.uploaderChanged();
    if (this.disabled && this.view?.hasFocus) this.editor.blur();
    const effects = this.setup.reconfigure(changed);
    if (effects.length > 0) this.dispatch({ effects });
  }

  syncFormValue(): void {
    this.formValue.sync(this.state);
  }

  // ---- Inside -----------------------------------------------------------------------------------

  private settings(): EditorSettings {
    const { isDisabled, readonly, maxLength, placeholder, label, sendKeyMode: sendKey } = this.host;
    const readOnly = isDisabled || readonly;
    return { isDisabled, readOnly, maxLength, placeholder, label, locale: this.config.locale, sendKey };
  }

  private createState({ text, caret, ...init }: DraftStart): EditorState {
    return EditorState.create({
      doc: text,
      selection: { anchor: caret === 'end' ? text.length : 0 },
      extensions: [draftFields(init), this.setup.extensions()],
    });
  }

  /**
   * The keys the composer's commands or its open menu would take now: Enter (any modifiers), ↑/↓
   * (recall, the menu, Alt+↑), Tab and Escape while a menu is open, Escape while busy (stop).
   */
  private takesKey({ key }: KeyboardEvent): boolean {
    if (key === 'Enter' || key === 'ArrowUp' || key === 'ArrowDown') return true;
    return (
      (key === 'Tab' || key === 'Escape') && (openTrigger(this.state) !== null || (key === 'Escape' && this.host.busy))
    );
  }

  /** After transactions: files that left the draft, chip announcements, then what every change of the draft gets. */
  private afterTransactions(startState: EditorState, transactions: readonly Transaction[], state: EditorState): void {
    const docChanged = transactions.some((transaction) => transaction.docChanged);
    if (!docChanged && !draftFieldsDiffer(startState, state)) return;
    const changes = docChanged ? chipChanges(startState, transactions) : { added: [], removed: [] };
    this.shelf.followDraft(startState, state, [...changes.added, ...changes.removed]);
    if (docChanged) {
      const announcement = describeChipChanges(changes, this.config.locale);
      if (announcement) this.notices.announce(announcement);
      if (!this.clipboard.isSubmitQueued) this.notices.answeredByEdit();
    }
    this.draftChanged('user', true);
  }

  /** Every change of the draft: the form value, the element's one `input` for a person's change, the save. */
  private draftChanged(origin: ReplaceOrigin, changed: boolean): void {
    this.formValue.sync(this.state);
    this.uploads.scheduleSync();
    if (origin === 'store' || !changed) return;
    if (origin === 'user') this.host.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    this.options.changed(stateIsBlank(this.state));
  }

  /** A citation chip's new comment, from its Edit comment form: the link changes, unless the event was cancelled. */
  readonly changeCitationComment = (event: CustomEvent<CitationCommentDetail>): void => {
    const chip = event.composedPath()[0];
    const view = this.view;
    if (event.defaultPrevented || !view || !(chip instanceof Element)) return;
    changeCitationComment(view, chip, event.detail.citation, event.detail.comment);
  };

  /** A chip's remove button: the chip goes, unless the event was cancelled. */
  readonly removeChip = (event: CustomEvent<{ contextId: string }>): void => {
    const chip = event.composedPath()[0];
    const view = this.view;
    if (!event.defaultPrevented && view && chip instanceof HTMLElement) removeAtomElement(view, chip);
  };
}

function draftFieldsDiffer(a: EditorState, b: EditorState): boolean {
  return (
    a.field(recordsField) !== b.field(recordsField) ||
    a.field(attachmentsField) !== b.field(attachmentsField) ||
    a.field(commandField) !== b.field(commandField)
  );
}

/** Whether a replacement changed what the draft holds (clearing an empty draft does not). */
function draftsDiffer(a: EditorState, b: EditorState): boolean {
  if (!a.doc.eq(b.doc) || liveAttachments(a).length + liveAttachments(b).length > 0) return true;
  if (!!a.field(commandField) !== !!b.field(commandField)) return true;
  // The same text can refer to other records (two recalled entries alike but for a chip's details).
  return JSON.stringify(referencedRecords(a)) !== JSON.stringify(referencedRecords(b));
}
