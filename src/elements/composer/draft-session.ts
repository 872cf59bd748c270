import { EditorState, type Transaction, type TransactionSpec } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { html, type nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { type CommandInfo, type ContextRecord, decodeContextRecord, formatContextReference } from '../../core/index.js';
import type { TextPreview } from '../shared/draft-values.js';
import type { ResolvedConfig } from '../shared/config.js';
import { AttachmentShelf } from './attachments/attachment-shelf.js';
import type { DraftAttachment } from '../shared/draft-values.js';
import { renderActionsRow } from './sending/composer-actions.js';
import { ComposerClipboard } from './clipboard/composer-clipboard.js';
import type { InsertContextOptions, InsertContextResult } from './composer-types.js';
import { DraftEditor } from './editor/draft-editor.js';
import { importDraft } from './drafts/draft-import.js';
import { describeChipChanges } from './editor/chip-announcements.js';
import { chipChanges } from './editor/chip-changes.js';
import { chipRemovals, removeChipElement } from './editor/chip-edits.js';
import type { ComposerDraft } from './editor/draft.js';
import { attachmentsField, commandField, type DraftInit, draftFields, recordsField } from './editor/draft-state.js';
import { EditorSetup, type EditorSettings } from './editor/editor-setup.js';
import { filesToAttach } from './attachments/attachments.js';
import { linkInsertion, textInsertion } from './editor/insertion.js';
import { FormValue } from './form-value.js';
import type { LongPasteLimits } from './clipboard/long-paste.js';
import type { MentionProvider } from './menu/providers.js';
import { MenuController } from './menu/menu-controller.js';
import { runMenuKeys } from './menu/menu-keymap.js';
import { Notices } from './notices.js';
import { insertionProblem } from './sending/submission-rules.js';

/** What the session needs from its element. */
export interface DraftSessionOptions {
  config(): ResolvedConfig;
  settings(): EditorSettings;
  providers(): readonly MentionProvider[];
  commands(): readonly CommandInfo[];
  /** Above how many lines or characters pasted text becomes a file. */
  longPasteLimits(): LongPasteLimits;
  internals: ElementInternals | undefined;
  /** Submits like Enter. */
  submit(): void;
  /** Keys taken before the editor's own and before Enter submits (recall's arrows); true when handled. */
  extraKeys?: { wants(event: KeyboardEvent): boolean; handle(event: KeyboardEvent, view: EditorView): boolean };
}

/** A draft to start: its text and what goes with it, and where the caret starts (its start by default). */
export type DraftStart = { text: string; caret?: 'start' | 'end' } & DraftInit;

/**
 * The composer's draft in its editor, and the controllers around it: the mention and command
 * menu, the image shelf, the clipboard, the notices and the form value. They read the draft from
 * the editor state and change it through transactions; every change of the draft ends in
 * `afterChange`, which fires the element's one `input` event.
 */
export class DraftSession {
  readonly notices: Notices;
  private readonly formValue: FormValue;
  private readonly editor: DraftEditor;
  private readonly setup: EditorSetup;
  private readonly menu: MenuController;
  private readonly shelf: AttachmentShelf;
  private readonly clipboard: ComposerClipboard;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: DraftSessionOptions,
  ) {
    this.notices = new Notices(host);
    this.formValue = new FormValue(options.internals);
    const context = {
      config: options.config,
      state: () => this.state,
      dispatch: (spec: TransactionSpec) => this.dispatch(spec),
      showNotice: (message: string) => this.notices.show(message),
      announce: (message: string) => this.notices.announce(message),
    };
    this.editor = new DraftEditor({
      emptyState: () => this.createState({ text: '' }),
      afterIdleChange: (startState, transactions, state) => this.afterChange(startState, transactions, state),
      viewChanged: (view) => this.menu.attach(view),
    });
    this.menu = new MenuController(host, {
      ...context,
      providers: options.providers,
      commands: options.commands,
      insertionProblem: (ids, chips) => this.insertionProblem(ids, chips),
    });
    this.shelf = new AttachmentShelf(host, { ...context, locked: () => options.settings().readOnly });
    this.clipboard = new ComposerClipboard({
      ...context,
      addFiles: (files, at, previews) => this.addFiles(files, at, previews),
      longPasteLimits: options.longPasteLimits,
      submit: options.submit,
    });
    const extra = options.extraKeys;
    this.setup = new EditorSetup({
      settings: options.settings,
      showNotice: context.showNotice,
      wantsKey: (event) => event.key === 'Enter' || !!extra?.wants(event),
      handleKey: (event, view) => this.handleKey(event, view),
      controllers: () => [this.menu.extension(), this.clipboard.extension()],
      onUpdate: (update) => this.afterChange(update.startState, update.transactions, update.state),
    });
  }

  get state(): EditorState {
    return this.editor.state;
  }

  get view(): EditorView | undefined {
    return this.editor.view;
  }

  get menuIsOpen(): boolean {
    return this.menu.isOpen;
  }

  /** True while a submit waits for pasted attachments (it happens once they settle). */
  deferSubmit(): boolean {
    return this.clipboard.deferSubmit();
  }

  dispatch(...specs: TransactionSpec[]): void {
    this.editor.dispatch(...specs);
  }

  /**
   * Replaces the draft with a new state: new undo history, no menu, late fetches of the old draft
   * ignored; no `input` event. Files it no longer has are released, announced only when asked.
   */
  replace(start: DraftStart, { announceRemovals = false } = {}): void {
    const before = this.state;
    const state = this.createState(start);
    this.notices.clear();
    this.editor.replace(state);
    this.shelf.draftReplaced(before, state, announceRemovals);
    this.formValue.sync(state);
    this.host.requestUpdate();
  }

  // ---- Edits --------------------------------------------------------------------------------

  /** Why inserting chips for these ids would break a limit, if it would. */
  insertionProblem(ids: readonly string[], chips: number): string | undefined {
    return insertionProblem(this.state, ids, chips, this.options.config().locale);
  }

  /** A chip for `record` at the caret (or where it was before focus left), or at the end; a limit shows its notice. */
  insertContext(record: ContextRecord, options: InsertContextOptions): InsertContextResult {
    const decoded = decodeContextRecord(record);
    if (!decoded.ok) return { ok: false, error: decoded.error };
    const valid = decoded.record;
    const limit = this.insertionProblem([valid.contextId], 1);
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

  /** A link at the caret (the last known one while focus is elsewhere), or at the end when asked or not mounted. */
  insertLink(
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

  insertText(text: string): void {
    const mounted = !!this.view;
    this.dispatch({ ...textInsertion(this.state, text, mounted ? 'caret' : 'end'), scrollIntoView: mounted });
  }

  /** Files as chips (and images on the shelf), at `at`, else at the caret, else at the end. */
  addFiles(files: readonly File[], at?: number, previews?: ReadonlyMap<File, TextPreview>): void {
    if (files.length === 0) return;
    const { records, attachments, links } = filesToAttach(files, previews);
    const limit = this.insertionProblem(
      records.map((record) => record.contextId),
      records.length,
    );
    if (limit) {
      this.notices.show(limit);
      return;
    }
    if (at !== undefined) this.dispatch({ selection: { anchor: at } });
    this.insertLink(links, records, this.state.readOnly ? 'end' : 'caret', attachments);
  }

  /** Joins a saved draft at the caret through the paste importer; false, with a notice, when it would break a limit. */
  importAtCaret(draft: ComposerDraft): boolean {
    const imported = importDraft(this.state, draft);
    const problem = this.insertionProblem(imported.newIds, imported.newChips);
    if (problem) {
      this.notices.show(problem);
      return false;
    }
    this.dispatch(imported.spec);
    return true;
  }

  removeContext(contextId: string): boolean {
    const changes = chipRemovals(this.state, (chip) => chip.contextId === contextId, false);
    if (changes.length > 0) this.dispatch({ changes, userEvent: 'delete.chip' });
    return changes.length > 0;
  }

  // ---- The element's lifecycle ----------------------------------------------------------------

  /** The frame: `above` the shelf (the queue), the editor in the actions row with `sendButton`. */
  render({ above, sendButton }: Record<'above' | 'sendButton', TemplateResult | typeof nothing>): TemplateResult {
    return html`<div part="base" class="frame" @t3-chip-remove=${this.onChipRemove}>
      ${above} ${this.shelf.render(this.state)}
      ${renderActionsRow(html`<div part="editor" class="editor"></div>`, sendButton)}
      ${this.menu.render()} ${this.notices.renderNotice()} ${this.notices.renderLiveRegion()}
    </div>`;
  }

  mount(parent: HTMLElement | undefined | null): void {
    if (parent) this.editor.mount(parent, this.host.shadowRoot ?? undefined, !this.options.settings().isDisabled);
  }

  unmount(): void {
    this.menu.close();
    this.editor.unmount();
  }

  focus(): void {
    this.editor.focus();
  }

  blur(): void {
    this.editor.blur();
  }

  /** Before the element renders: a composer that cannot be edited shows no menu. */
  beforeRender(): void {
    if (this.options.settings().readOnly) this.menu.close();
  }

  /** Follows changed element properties: editability, length limit, placeholder, name. */
  reconfigure(changed: ReadonlyMap<PropertyKey, unknown>): void {
    const settings = this.options.settings();
    if (settings.isDisabled && this.view?.hasFocus) this.editor.blur();
    const effects = this.setup.reconfigure(changed);
    if (effects.length > 0) this.dispatch({ effects });
  }

  syncFormValue(): void {
    this.formValue.sync(this.state);
  }

  // ---- Inside -----------------------------------------------------------------------------------

  private createState({ text, caret, ...init }: DraftStart): EditorState {
    return EditorState.create({
      doc: text,
      selection: { anchor: caret === 'end' ? text.length : 0 },
      extensions: [draftFields(init), this.setup.extensions()],
    });
  }

  private handleKey(event: KeyboardEvent, view: EditorView): boolean {
    if (runMenuKeys(view, event)) return true;
    if (this.options.extraKeys?.wants(event) && this.options.extraKeys.handle(event, view)) return true;
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
    this.options.submit();
    return true;
  }

  /** After every change of the draft: attachments that left it, announcements, form value, one `input`. */
  private afterChange(startState: EditorState, transactions: readonly Transaction[], state: EditorState): void {
    const docChanged = transactions.some((transaction) => transaction.docChanged);
    const fieldsChanged =
      startState.field(recordsField) !== state.field(recordsField) ||
      startState.field(attachmentsField) !== state.field(attachmentsField) ||
      startState.field(commandField) !== state.field(commandField);
    if (!docChanged && !fieldsChanged) return;
    const changes = docChanged ? chipChanges(startState, transactions) : { added: [], removed: [] };
    this.shelf.followDraft(startState, state, [...changes.added, ...changes.removed]);
    if (docChanged) {
      const announcement = describeChipChanges(changes, this.options.config().locale);
      if (announcement) this.notices.announce(announcement);
      if (!this.clipboard.isSubmitQueued) this.notices.answeredByEdit();
    }
    this.formValue.sync(state);
    this.host.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }

  private readonly onChipRemove = (event: CustomEvent<{ contextId: string }>): void => {
    const chip = event.composedPath()[0];
    const view = this.view;
    if (!event.defaultPrevented && view && chip instanceof HTMLElement) removeChipElement(view, chip);
  };
}
