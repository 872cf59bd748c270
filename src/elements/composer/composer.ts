import { history, historyKeymap, insertNewline, isolateHistory } from '@codemirror/commands';
import {
  Compartment,
  EditorSelection,
  EditorState,
  type Extension,
  Prec,
  type Text,
  type Transaction,
  type TransactionSpec,
} from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderExtension, type ViewUpdate } from '@codemirror/view';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import {
  buildSubmission,
  type CommandInfo,
  type ContextRecord,
  collectContextReferences,
  decodeContextRecord,
  decodeContextRecordList,
  formatContextReference,
  INPUT_ANNOTATIONS_MAX,
  MESSAGE_CONTEXT_MAX_RECORDS,
} from '../../core/index.js';
import { ConfigurableElement } from '../shared/configurable-element.js';
import { type ComposerSubmitDetail, emit } from '../shared/events.js';
import { formatMessage } from '../shared/locale.js';
import { AttachmentShelf } from './attachment-shelf.js';
import { type DraftAttachment, newLocalId, recordForFile } from './attachments.js';
import { ComposerClipboard } from './composer-clipboard.js';
import { composerStyles } from './composer.styles.js';
import { editingKeymap } from './editor/editing-keymap.js';
import { type ChipChanges, chipChanges } from './editor/chip-changes.js';
import { chipExtension, chipsOf } from './editor/chip-decorations.js';
import { CompositionGuard } from './editor/composition-guard.js';
import { putRecords, recordsField, replaceRecords } from './editor/draft-state.js';
import { maxLengthFilter } from './editor/max-length.js';
import type { MentionProvider } from './menu/providers.js';
import { MenuController } from './menu/menu-controller.js';

/** The draft: canonical Markdown text and the records its chips refer to. */
export interface ComposerValue {
  text: string;
  records: ContextRecord[];
}

export type InsertContextResult = { ok: true; contextId: string } | { ok: false; error: string };

export interface InsertContextOptions {
  label?: string;
  /** `caret` (default): at the caret, or where it was before focus left; `end`: appended. */
  at?: 'caret' | 'end';
}

export type { AttachmentRemoveDetail, ComposerSubmitDetail } from '../shared/events.js';

/** Set on transactions made by the API and by `value`, so only user edits run the input filters. */
const PROGRAMMATIC = 'programmatic';

/**
 * A chat input in which references to files, images, terminal excerpts, review comments,
 * mentions, skills and host items are atomic chips inside the text. Built on CodeMirror 6: the
 * document is the canonical Markdown, each `t3-context` link is shown as one `<t3-context-chip>`.
 *
 * The editor is destroyed when the element leaves the document (so nothing on `window` keeps a
 * removed composer alive) and rebuilt from the same editor state when it comes back: a composer
 * moved in the DOM keeps its draft, caret and undo history. Submitting or `clear()` starts a new
 * draft with an empty undo history; setting `value` does too, without an `input` event.
 *
 * @tagname t3-composer
 * @summary A chat input with atomic context chips, mentions, slash commands and attachments.
 *
 * @csspart base - The frame around the editor.
 * @csspart editor - The editing area.
 * @csspart attachments - The shelf of image thumbnails.
 * @csspart attachment - One thumbnail.
 * @csspart notice - A message about a limit or a pending action.
 * @csspart menu - The mention or command menu.
 * @csspart option - One option of the menu.
 *
 * @cssprop [--t3-composer-max-height=12em] - Height the editor grows to before it scrolls.
 * @cssprop [--t3-composer-background] - Background of the input.
 * @cssprop [--t3-composer-border-color] - Border of the input.
 * @cssprop [--t3-font] - Font family.
 *
 * @fires {CustomEvent<ComposerSubmitDetail>} t3-submit - Enter was pressed or `submit()` called with a non-empty draft; cancelable, the draft clears unless cancelled.
 * @fires {Event} input - The draft changed (text, chips or attachments).
 * @fires {CustomEvent<AttachmentRemoveDetail>} t3-attachment-remove - A file or image left the draft.
 * @fires {CustomEvent<ChipActivateDetail>} t3-chip-activate - A chip in the draft was activated.
 */
export class T3Composer extends ConfigurableElement {
  static override styles = composerStyles;
  static formAssociated = true;

  /** Accessible name of the editor. */
  @property() label = '';

  @property() placeholder = '';

  @property({ type: Boolean, reflect: true }) disabled = false;

  @property({ type: Boolean, reflect: true }) readonly = false;

  /** Form field name; the form value is the canonical text. */
  @property({ reflect: true }) name = '';

  /** Maximum visible characters (a chip counts as one); typing and paste stop there. */
  @property({ type: Number, attribute: 'max-length' }) maxLength?: number;

  /** Sources of mention items, each opened by its trigger character (`@` by default). */
  @property({ attribute: false }) providers: readonly MentionProvider[] = [];

  /** Slash commands offered at the start of the draft. */
  @property({ attribute: false }) commands: readonly CommandInfo[] = [];

  @state() private notice = '';
  @state() private announcement = '';
  /** Disabled by an ancestor `<fieldset disabled>`, kept apart from the element's own `disabled`. */
  @state() private formDisabled = false;

  @query('[part~="editor"]') private editorHost?: HTMLElement;

  private view?: EditorView;
  /** The draft while no editor is mounted: before the first render, and while out of the document. */
  private idleState?: EditorState;
  private focusWhenMounted = false;
  private readonly internals?: ElementInternals;
  private readonly composition = new CompositionGuard();
  private readonly editable = new Compartment();
  private readonly lengthLimit = new Compartment();
  private readonly placeholderText = new Compartment();
  private readonly accessibleName = new Compartment();
  private readonly menu = new MenuController(this, {
    providers: () => this.providers,
    commands: () => this.commands,
    config: () => this.config,
    insertionProblem: (ids, chips) => this.limitProblem(ids, chips),
    showNotice: (message) => this.showNotice(message),
    announce: (message) => this.announce(message),
  });
  private readonly attachments = new AttachmentShelf(this, {
    config: () => this.config,
    locked: () => this.isDisabled || this.readonly,
    hasChip: (contextId) => chipsOf(this.state).some((chip) => chip.contextId === contextId),
    removeContext: (contextId) => this.removeChips(contextId, true),
    fireInput: () => this.fireInput(),
  });
  private readonly clipboard = new ComposerClipboard({
    config: () => this.config,
    dispatch: (spec) => this.dispatch(spec),
    addFiles: (files, at) => this.addFiles(files, at),
    attachFetched: (attachment) => this.attachments.add([attachment]),
    showNotice: (message) => this.showNotice(message),
    submit: () => this.submit(),
  });
  /** The draft's records as last saved with the form state, and their JSON. */
  private savedRecords?: { records: ReadonlyMap<string, ContextRecord>; json: string };
  /** True from `showNotice` until the current task's changes are done. */
  private noticeIsFresh = false;

  constructor() {
    super();
    this.provideConfig();
    this.internals = typeof this.attachInternals === 'function' ? this.attachInternals() : undefined;
  }

  // ---- Public API ---------------------------------------------------------------------------

  /** The draft. Setting it rebuilds equivalent chips; invalid records are dropped. */
  get value(): ComposerValue {
    const state = this.state;
    return { text: state.doc.toString(), records: this.referencedRecords(state) };
  }

  set value(next: ComposerValue) {
    const text = typeof next?.text === 'string' ? next.text : '';
    const records = decodeContextRecordList(next?.records).records;
    const referenced = new Set(collectContextReferences(text).map((occurrence) => occurrence.contextId));
    const kept = records.filter((record) => referenced.has(record.contextId) || record.kind === 'image');
    this.attachments.retain(new Set(kept.map((record) => record.contextId)));
    this.startNewDraft(text, kept);
  }

  /** The picked slash command, until the draft no longer starts with it. */
  get command(): CommandInfo | undefined {
    return this.menu.pickedCommand(this.state.doc.toString())?.command;
  }

  /** Inserts a chip for `record` at the caret (or where it was before focus left), or at the end. */
  insertContext(record: ContextRecord, options: InsertContextOptions = {}): InsertContextResult {
    const decoded = decodeContextRecord(record);
    if (!decoded.ok) return { ok: false, error: decoded.error };
    const valid = decoded.record;
    const limit = this.limitProblem([valid.contextId], 1);
    if (limit) {
      this.showNotice(limit);
      return { ok: false, error: limit };
    }
    const link = formatContextReference({
      kind: valid.kind,
      contextId: valid.contextId,
      label: options.label ?? valid.label,
    });
    this.insertAt(link, [valid], options.at === 'end' ? 'end' : 'caret');
    return { ok: true, contextId: valid.contextId };
  }

  /** Inserts plain text at the caret (appends when the editor is not mounted). */
  insertText(text: string): void {
    if (typeof text !== 'string' || text === '') return;
    if (this.view) {
      this.dispatch(this.state.replaceSelection(text), { userEvent: PROGRAMMATIC, scrollIntoView: true });
      return;
    }
    const end = this.state.doc.length;
    this.dispatch({
      changes: { from: end, insert: text },
      selection: { anchor: end + text.length },
      userEvent: PROGRAMMATIC,
    });
  }

  /** Removes every chip that refers to `contextId`; tells whether there was one. */
  removeContext(contextId: string): boolean {
    return this.removeChips(contextId, false);
  }

  /**
   * Removes the chips of `contextId`. A removal the user asked for (a chip's button, the image
   * shelf) also takes the space that set each chip apart, so no double space is left behind.
   */
  private removeChips(contextId: string, withSpaces: boolean): boolean {
    const doc = this.state.doc;
    const changes: { from: number; to: number }[] = [];
    for (const chip of chipsOf(this.state)) {
      if (chip.contextId !== contextId) continue;
      const range = withSpaces ? withSeparatingSpace(doc, chip.from, chip.to) : chip;
      // Two chips one space apart may both claim that space: it goes once.
      changes.push({ from: Math.max(range.from, changes.at(-1)?.to ?? 0), to: range.to });
    }
    if (changes.length > 0) this.dispatch({ changes, userEvent: 'delete.chip' });
    return changes.length > 0;
  }

  /** Focuses the editor; called before the editor is mounted, it focuses it once it is. */
  override focus(_options?: FocusOptions): void {
    if (this.isDisabled) return;
    if (this.view) this.view.focus();
    else this.focusWhenMounted = true;
  }

  override blur(): void {
    this.focusWhenMounted = false;
    this.view?.contentDOM.blur();
  }

  /** Empties the draft: text, chips, attachments and the picked command; fires one `input` if it was not empty. */
  clear(): void {
    const hadContent = this.state.doc.length > 0 || !this.attachments.isEmpty;
    this.attachments.removeAll();
    this.startNewDraft('', []);
    if (hadContent) this.fireInput();
  }

  /** Submits like Enter: fires `t3-submit` and clears the draft unless the event is cancelled. */
  submit(): boolean {
    const view = this.view;
    if (!view || this.isDisabled) return false;
    const text = view.state.doc.toString();
    if (text.trim() === '' && this.attachments.isEmpty) return false;
    if (this.clipboard.deferSubmit()) return false;
    const records = this.referencedRecords(view.state);
    const limit = this.submissionLimitProblem(text, records);
    if (limit) {
      this.showNotice(limit);
      return false;
    }
    const command = this.menu.pickedCommand(text);
    const submission = buildSubmission({
      text,
      records,
      ...(command ? { command: command.command, subcommandPath: command.subcommandPath } : {}),
    });
    const detail: ComposerSubmitDetail = { ...submission, attachments: this.attachments.submitted(records) };
    const accepted = emit(this, 't3-submit', detail, { cancelable: true });
    if (accepted) this.clearAfterSubmit();
    return accepted;
  }

  // ---- Rendering ----------------------------------------------------------------------------

  protected override render(): TemplateResult {
    return html`<div part="base" class="frame" @t3-chip-remove=${this.onChipRemove}>
      ${this.attachments.render()}
      <div part="editor" class="editor"></div>
      ${this.menu.render()}
      ${this.notice ? html`<div part="notice" class="notice">${this.notice}</div>` : nothing}
      <div class="announcer" aria-live="polite">${this.announcement}</div>
    </div>`;
  }

  protected override firstUpdated(): void {
    // The editor's own input events stay inside: hosts see exactly one `input` per change.
    for (const type of ['input', 'beforeinput', 'change'])
      this.editorHost?.addEventListener(type, (event) => event.stopPropagation());
    this.mountEditor();
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const locked = changed.has('disabled') || changed.has('readonly') || changed.has('formDisabled');
    if (locked && (this.isDisabled || this.readonly)) this.menu.close();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const effects = [];
    if (changed.has('disabled') || changed.has('readonly') || changed.has('formDisabled')) {
      effects.push(this.editable.reconfigure(this.editableExtension()));
      if (this.isDisabled && this.view?.hasFocus) this.view.contentDOM.blur();
    }
    if (changed.has('maxLength')) effects.push(this.lengthLimit.reconfigure(this.lengthExtension()));
    if (changed.has('placeholder'))
      effects.push(this.placeholderText.reconfigure(placeholderExtension(this.placeholder)));
    if (changed.has('label') || changed.has('placeholder'))
      effects.push(this.accessibleName.reconfigure(this.accessibleNameExtension()));
    if (effects.length > 0) this.dispatch({ effects });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Back in the document after a move or a removal: a new editor on the same state.
    if (this.hasUpdated) this.mountEditor();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.menu.close();
    this.unmountEditor();
  }

  private mountEditor(): void {
    const parent = this.editorHost;
    if (!parent || this.view) return;
    this.view = new EditorView({ state: this.state, parent, root: this.shadowRoot ?? undefined });
    this.idleState = undefined;
    this.menu.attach(this.view);
    if (this.focusWhenMounted && !this.isDisabled) this.view.focus();
    this.focusWhenMounted = false;
  }

  /** Releases the editor (and the listeners it keeps on the window), keeping its state for a return. */
  private unmountEditor(): void {
    const view = this.view;
    if (!view) return;
    this.idleState = view.state;
    this.view = undefined;
    this.menu.attach(undefined);
    view.destroy();
  }

  // ---- Draft state --------------------------------------------------------------------------

  /** The editor state: the mounted editor's, or the one kept while there is none. */
  private get state(): EditorState {
    return this.view?.state ?? (this.idleState ??= this.createState('', []));
  }

  /** Applies a change to the draft, through the editor when mounted, directly to the state otherwise. */
  private dispatch(...specs: TransactionSpec[]): void {
    if (this.view) {
      this.view.dispatch(...specs);
      return;
    }
    const transaction = this.state.update(...specs);
    this.idleState = transaction.state;
    this.afterChange(transaction.startState, [transaction], transaction.state);
  }

  /** Replaces the draft (value set, clear, submit): new history, no menu, no stale fetches; no `input` event. */
  private startNewDraft(text: string, records: readonly ContextRecord[]): void {
    this.clipboard.reset();
    this.attachments.reset();
    this.notice = '';
    this.menu.reset();
    const state = this.createState(text, records);
    if (this.view) this.view.setState(state);
    else this.idleState = state;
    this.syncFormValue(state);
  }

  private get isDisabled(): boolean {
    return this.disabled || this.formDisabled;
  }

  // ---- Editor setup -------------------------------------------------------------------------

  private createState(text: string, records: readonly ContextRecord[]): EditorState {
    return EditorState.create({
      doc: text,
      extensions: [
        chipExtension(),
        history(),
        EditorView.lineWrapping,
        this.editable.of(this.editableExtension()),
        this.lengthLimit.of(this.lengthExtension()),
        this.placeholderText.of(placeholderExtension(this.placeholder)),
        this.accessibleName.of(this.accessibleNameExtension()),
        Prec.highest(this.keyHandlers()),
        this.menu.extension(),
        keymap.of([{ key: 'Shift-Enter', run: insertNewline }, ...historyKeymap, ...editingKeymap]),
        this.clipboard.extension(),
        EditorView.updateListener.of((update) => this.onUpdate(update)),
      ],
    }).update({ effects: replaceRecords.of(records) }).state;
  }

  private editableExtension(): Extension {
    const disabled = this.isDisabled;
    const readOnly = disabled || this.readonly;
    return [
      EditorView.editable.of(!disabled),
      EditorState.readOnly.of(readOnly),
      EditorView.contentAttributes.of({
        ...(disabled ? { 'aria-disabled': 'true' } : {}),
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
      }),
    ];
  }

  private lengthExtension(): Extension {
    const max = this.maxLength;
    if (typeof max !== 'number' || !Number.isFinite(max) || max < 0) return [];
    return maxLengthFilter(Math.floor(max), (kind) =>
      this.showNotice(kind === 'cut' ? `${this.config.locale.maxLength} (${max})` : this.config.locale.maxLength),
    );
  }

  private accessibleNameExtension(): Extension {
    const name = this.label || this.placeholder;
    return EditorView.contentAttributes.of({
      ...(name ? { 'aria-label': name } : {}),
      'aria-multiline': 'true',
      role: 'textbox',
    });
  }

  private keyHandlers(): Extension {
    return EditorView.domEventHandlers({
      compositionend: (event) => {
        this.composition.compositionEnded(event.timeStamp);
        return false;
      },
      keydown: (event, view) => {
        if (event.key !== 'Enter' && !this.menu.isOpen) return false;
        if (this.composition.belongsToComposition(event, view.composing)) return true;
        if (this.menu.handleKey(event, view)) {
          event.preventDefault();
          return true;
        }
        if (event.key === 'Enter' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
          event.preventDefault();
          this.submit();
          return true;
        }
        return false;
      },
    });
  }

  // ---- Change tracking ----------------------------------------------------------------------

  private onUpdate(update: ViewUpdate): void {
    this.afterChange(update.startState, update.transactions, update.state);
  }

  /** After every change of the draft: files that follow their chips, announcements, form value, one `input`. */
  private afterChange(startState: EditorState, transactions: readonly Transaction[], state: EditorState): void {
    const docChanged = transactions.some((transaction) => transaction.docChanged);
    const recordsChanged = startState.field(recordsField) !== state.field(recordsField);
    if (!docChanged && !recordsChanged) return;
    if (docChanged) {
      const changes = chipChanges(startState, transactions);
      this.attachments.followChips(state, changes);
      this.announceChipChanges(changes);
      // A notice raised by this very change (a paste cut to fit) stays; older ones are answered by it.
      if (this.notice && !this.noticeIsFresh && !this.clipboard.isSubmitQueued) this.notice = '';
    }
    this.syncFormValue(state);
    this.fireInput();
  }

  private fireInput(): void {
    this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }

  /**
   * The form value is the canonical text; the saved state adds the draft's records, so a draft the
   * browser restores (back and forward navigation, autofill) keeps its chips (setting `value` keeps
   * only the referenced ones). Outside a form nobody reads either, so a keystroke does not copy the
   * draft; inside one, the records are serialised again only when they change, not on every key.
   */
  private syncFormValue(state: EditorState = this.state): void {
    if (!this.internals?.form) return;
    const records = state.field(recordsField);
    if (this.savedRecords?.records !== records)
      this.savedRecords = { records, json: JSON.stringify([...records.values()]) };
    const text = state.doc.toString();
    this.internals.setFormValue(text, `{"text":${JSON.stringify(text)},"records":${this.savedRecords.json}}`);
  }

  private announceChipChanges({ added, removed }: ChipChanges): void {
    const locale = this.config.locale;
    const describe = (chips: typeof added, one: string, many: string) =>
      chips.length === 1
        ? formatMessage(one, { label: chips[0]!.label || chips[0]!.kind })
        : formatMessage(many, { count: String(chips.length) });
    const parts = [
      ...(added.length > 0 ? [describe(added, locale.chipAdded, locale.chipsAdded)] : []),
      ...(removed.length > 0 ? [describe(removed, locale.chipRemoved, locale.chipsRemoved)] : []),
    ];
    if (parts.length > 0) this.announce(parts.join(', '));
  }

  private referencedRecords(state: EditorState): ContextRecord[] {
    const records = state.field(recordsField);
    const seen = new Set<string>();
    const referenced: ContextRecord[] = [];
    for (const { contextId } of chipsOf(state)) {
      const record = records.get(contextId);
      if (record && !seen.has(contextId)) {
        seen.add(contextId);
        referenced.push(record);
      }
    }
    for (const image of this.attachments.images) {
      const record = records.get(image.contextId);
      if (record && !seen.has(record.contextId)) {
        seen.add(record.contextId);
        referenced.push(record);
      }
    }
    return referenced;
  }

  // ---- Insertion ----------------------------------------------------------------------------

  /**
   * Inserts a link with one space before it (unless after whitespace) and one after it, at the
   * caret (the last known one while focus is elsewhere), or at the end when asked or not mounted.
   */
  private insertAt(link: string, records: readonly ContextRecord[], at: 'caret' | 'end'): void {
    const state = this.state;
    const range = at === 'end' || !this.view ? EditorSelection.cursor(state.doc.length) : state.selection.main;
    const { insert, caret } = spacedLink(state.doc, range.from, range.to, link);
    this.dispatch({
      changes: { from: range.from, to: range.to, insert },
      selection: { anchor: range.from + caret },
      effects: putRecords.of(records),
      userEvent: PROGRAMMATIC,
      // One undo step of its own: typing right after it never joins it.
      annotations: isolateHistory.of('full'),
      scrollIntoView: !!this.view,
    });
  }

  private addFiles(files: readonly File[], at?: number): void {
    if (files.length === 0) return;
    const records: ContextRecord[] = [];
    const added: DraftAttachment[] = [];
    for (const file of files) {
      const localId = newLocalId();
      const record = recordForFile(file, localId);
      records.push(record);
      added.push({ contextId: record.contextId, attachmentId: localId, kind: record.kind, file });
    }
    const limit = this.limitProblem(
      records.map((record) => record.contextId),
      records.length,
    );
    if (limit) {
      this.showNotice(limit);
      return;
    }
    this.attachments.add(added);
    if (at !== undefined) this.dispatch({ selection: { anchor: at } });
    const links = records.map((record) => formatContextReference(record)).join(' ');
    this.insertAt(links, records, this.state.readOnly ? 'end' : 'caret');
  }

  /** Attaches files from a host's own button (e.g. an "attach" control), at the caret. */
  attachFiles(files: Iterable<File>): void {
    this.addFiles([...files]);
  }

  // ---- Limits ---------------------------------------------------------------------------------

  /** Why adding these records and chips would break a limit, or `undefined` when it would not. */
  private limitProblem(newIds: readonly string[], newChips: number): string | undefined {
    const state = this.state;
    const chips = chipsOf(state);
    const ids = new Set(chips.map((chip) => chip.contextId));
    for (const id of newIds) ids.add(id);
    if (ids.size > MESSAGE_CONTEXT_MAX_RECORDS) return this.config.locale.limitRecords;
    const command = this.menu.pickedCommand(state.doc.toString()) ? 1 : 0;
    if (chips.length + newChips + command > INPUT_ANNOTATIONS_MAX) return this.config.locale.limitChips;
    return undefined;
  }

  private submissionLimitProblem(text: string, records: readonly ContextRecord[]): string | undefined {
    if (records.length > MESSAGE_CONTEXT_MAX_RECORDS) return this.config.locale.limitRecords;
    const chips = collectContextReferences(text.trim()).length;
    const command = this.menu.pickedCommand(text) ? 1 : 0;
    if (chips + command > INPUT_ANNOTATIONS_MAX) return this.config.locale.limitChips;
    return undefined;
  }

  // ---- Submission -----------------------------------------------------------------------------

  private clearAfterSubmit(): void {
    this.attachments.handOver();
    this.startNewDraft('', []);
    this.fireInput();
  }

  // ---- Chips ------------------------------------------------------------------------------------

  private onChipRemove(event: CustomEvent<{ contextId: string }>): void {
    const chip = event.composedPath()[0];
    const view = this.view;
    if (event.defaultPrevented || !view || !(chip instanceof HTMLElement) || !view.contentDOM.contains(chip)) return;
    if (view.state.readOnly) return;
    const position = view.posAtDOM(chip);
    const placed = chipsOf(view.state, position, position + 1).find((candidate) => candidate.from === position);
    if (!placed) return;
    const { from, to } = withSeparatingSpace(view.state.doc, placed.from, placed.to);
    view.dispatch({ changes: { from, to }, selection: { anchor: from }, userEvent: 'delete.chip' });
    view.focus();
  }

  // ---- Notices ----------------------------------------------------------------------------------

  private showNotice(message: string): void {
    this.notice = message;
    this.noticeIsFresh = true;
    queueMicrotask(() => (this.noticeIsFresh = false));
    this.announce(message);
  }

  private announce(message: string): void {
    // Re-setting the same text would not be announced again; a trailing space makes it new.
    this.announcement = this.announcement === message ? `${message} ` : message;
  }

  // ---- Form association -------------------------------------------------------------------------

  /** @internal */
  formAssociatedCallback(): void {
    this.syncFormValue();
  }

  /** @internal */
  formResetCallback(): void {
    this.clear();
  }

  /**
   * A draft the browser saved with the page comes back with its chips; a state this version did
   * not write is ignored.
   * @internal
   */
  formStateRestoreCallback(saved: unknown): void {
    if (typeof saved !== 'string') return;
    try {
      this.value = JSON.parse(saved) as ComposerValue;
    } catch {
      // Not ours: keep the current draft.
    }
  }

  /**
   * An ancestor fieldset's state, kept apart from `disabled` so re-enabling it restores the
   * author's own setting.
   * @internal
   */
  formDisabledCallback(disabled: boolean): void {
    this.formDisabled = disabled;
  }
}

/**
 * A chip's range widened by the one space that set it apart, so removing it with its button leaves
 * no double space: the space after it when whitespace or the line start precedes it, else the
 * space before it when it ends the line.
 */
function withSeparatingSpace(doc: Text, from: number, to: number): { from: number; to: number } {
  const before = doc.sliceString(Math.max(0, from - 1), from);
  const after = doc.sliceString(to, Math.min(doc.length, to + 1));
  if (after === ' ' && (before === '' || /\s/.test(before))) return { from, to: to + 1 };
  if (before === ' ' && (after === '' || after === '\n')) return { from: from - 1, to };
  return { from, to };
}

/** The link with the spaces the insertion rules call for, and where the caret goes after it. */
function spacedLink(doc: Text, from: number, to: number, link: string): { insert: string; caret: number } {
  const before = doc.sliceString(Math.max(0, from - 1), from);
  const after = doc.sliceString(to, Math.min(doc.length, to + 1));
  const spaceBefore = before !== '' && !/\s/.test(before) ? ' ' : '';
  const spaceAfter = after === '' || !/\s/.test(after) ? ' ' : '';
  const insert = `${spaceBefore}${link}${spaceAfter}`;
  return { insert, caret: insert.length + (spaceAfter === '' ? 1 : 0) };
}

declare global {
  interface HTMLElementTagNameMap {
    't3-composer': T3Composer;
  }
}
