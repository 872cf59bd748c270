import { history, historyKeymap, defaultKeymap, insertNewline } from '@codemirror/commands';
import { Compartment, EditorSelection, EditorState, type Extension, Prec, type Transaction } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderExtension, type ViewUpdate } from '@codemirror/view';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import {
  buildSubmission,
  type CommandInfo,
  CONTEXT_CLIPBOARD_MIME,
  type ContextClipboardFragment,
  type ContextRecord,
  collectContextReferences,
  decodeClipboardFragment,
  decodeClipboardHtml,
  decodeContextRecord,
  encodeClipboardFragment,
  encodeClipboardHtml,
  formatContextReference,
  INPUT_ANNOTATIONS_MAX,
  MESSAGE_CONTEXT_MAX_RECORDS,
  type Submission,
} from '../../core/index.js';
import { ConfigurableElement } from '../shared/configurable-element.js';
import { emit } from '../shared/events.js';
import { formatMessage } from '../shared/locale.js';
import { type DraftAttachment, newLocalId, recordForFile, type SubmittedAttachment } from './attachments.js';
import { composerStyles } from './composer.styles.js';
import { chipExtension } from './editor/chip-decorations.js';
import { CompositionGuard } from './editor/composition-guard.js';
import { availabilityField, putRecords, recordsField, replaceRecords, setAvailability } from './editor/draft-state.js';
import { maxLengthFilter } from './editor/max-length.js';
import { planFragmentImport } from './fragment-import.js';
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

export interface ComposerSubmitDetail extends Submission {
  attachments: SubmittedAttachment[];
}

export interface AttachmentRemoveDetail {
  contextId: string;
  attachmentId: string;
  kind: 'image' | 'file';
}

/** Set on transactions made by the API and by `value`, so only user edits run the input filters. */
const PROGRAMMATIC = 'programmatic';

/**
 * A chat input in which references to files, images, terminal excerpts, review comments,
 * mentions, skills and host items are atomic chips inside the text. Built on CodeMirror 6: the
 * document is the canonical Markdown, each `t3-context` link is shown as one `<t3-context-chip>`.
 *
 * @tagname t3-composer
 * @summary A chat input with atomic context chips, @-mentions, slash commands and attachments.
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

  /** Sources of @-mention items. */
  @property({ attribute: false }) providers: readonly MentionProvider[] = [];

  /** Slash commands offered at the start of the draft. */
  @property({ attribute: false }) commands: readonly CommandInfo[] = [];

  @state() private notice = '';
  @state() private announcement = '';
  @state() private attachmentList: readonly DraftAttachment[] = [];
  @state() private confirmingRemoval?: string;

  @query('[part~="editor"]') private editorHost?: HTMLElement;

  private view?: EditorView;
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
  private pendingValue: ComposerValue = { text: '', records: [] };
  private readonly pendingFetches = new Set<Promise<void>>();
  private submitQueued = false;

  constructor() {
    super();
    this.provideConfig();
    this.internals = typeof this.attachInternals === 'function' ? this.attachInternals() : undefined;
  }

  // ---- Public API ---------------------------------------------------------------------------

  /** The draft. Setting it rebuilds equivalent chips; invalid records are dropped. */
  get value(): ComposerValue {
    const state = this.view?.state;
    if (!state) return { text: this.pendingValue.text, records: [...this.pendingValue.records] };
    return { text: state.doc.toString(), records: this.referencedRecords(state) };
  }

  set value(next: ComposerValue) {
    const text = typeof next?.text === 'string' ? next.text : '';
    const records = validRecords(next?.records);
    const referenced = new Set(collectContextReferences(text).map((occurrence) => occurrence.contextId));
    const kept = records.filter((record) => referenced.has(record.contextId) || record.kind === 'image');
    this.attachmentList = this.attachmentList.filter((attachment) => kept.some((record) => record.contextId === attachment.contextId));
    if (!this.view) {
      this.pendingValue = { text, records: kept };
      return;
    }
    this.view.setState(this.createState(text, kept));
    this.syncFormValue();
  }

  /** The picked slash command, until the draft no longer starts with it. */
  get command(): CommandInfo | undefined {
    return this.menu.pickedCommand(this.value.text)?.command;
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
    const link = formatContextReference({ kind: valid.kind, contextId: valid.contextId, label: options.label ?? valid.label });
    this.insertAt(link, [valid], options.at === 'end' ? 'end' : 'caret');
    this.announce(`${valid.label || valid.kind} added`);
    return { ok: true, contextId: valid.contextId };
  }

  /** Inserts plain text at the caret. */
  insertText(text: string): void {
    if (typeof text !== 'string' || text === '') return;
    const view = this.view;
    if (!view) {
      this.pendingValue = { ...this.pendingValue, text: this.pendingValue.text + text };
      return;
    }
    view.dispatch(view.state.replaceSelection(text), { userEvent: PROGRAMMATIC, scrollIntoView: true });
  }

  /** Removes every chip that refers to `contextId`. */
  removeContext(contextId: string): void {
    const view = this.view;
    if (!view) {
      const text = this.pendingValue.text;
      const kept = collectContextReferences(text).filter((occurrence) => occurrence.contextId === contextId);
      this.pendingValue = { ...this.pendingValue, text: removeRanges(text, kept) };
      return;
    }
    const changes = collectContextReferences(view.state.doc.toString())
      .filter((occurrence) => occurrence.contextId === contextId)
      .map(({ start, end }) => ({ from: start, to: end }));
    if (changes.length > 0) view.dispatch({ changes, userEvent: 'delete.chip' });
  }

  override focus(options?: FocusOptions): void {
    this.view ? this.view.focus() : super.focus(options);
  }

  /** Empties the draft: text, chips, attachments and the picked command. */
  clear(): void {
    for (const attachment of this.attachmentList) this.notifyAttachmentRemoved(attachment);
    this.attachmentList = [];
    this.menu.reset();
    this.notice = '';
    if (!this.view) {
      this.pendingValue = { text: '', records: [] };
      return;
    }
    this.view.dispatch({
      changes: { from: 0, to: this.view.state.doc.length, insert: '' },
      effects: replaceRecords.of([]),
      userEvent: PROGRAMMATIC,
    });
  }

  /** Submits like Enter: fires `t3-submit` and clears the draft unless the event is cancelled. */
  submit(): boolean {
    const view = this.view;
    if (!view || this.disabled) return false;
    if (view.state.doc.toString().trim() === '' && this.attachmentList.length === 0) return false;
    if (this.pendingFetches.size > 0) {
      this.showNotice(this.config.locale.attachmentsPending);
      this.queueSubmitAfterFetches();
      return false;
    }
    const records = this.referencedRecords(view.state);
    const limit = this.submissionLimitProblem(view.state.doc.toString(), records);
    if (limit) {
      this.showNotice(limit);
      return false;
    }
    const command = this.menu.pickedCommand(view.state.doc.toString());
    const submission = buildSubmission({
      text: view.state.doc.toString(),
      records,
      ...(command ? { command: command.command, subcommandPath: command.subcommandPath } : {}),
    });
    const detail: ComposerSubmitDetail = { ...submission, attachments: this.submittedAttachments(records) };
    const accepted = emit(this, 't3-submit', detail, { cancelable: true });
    if (accepted) this.clearAfterSubmit();
    return accepted;
  }

  // ---- Rendering ----------------------------------------------------------------------------

  protected override render(): TemplateResult {
    const images = this.attachmentList.filter((attachment) => attachment.kind === 'image');
    return html`<div part="base" class="frame" @t3-chip-remove=${this.onChipRemove}>
      ${images.length > 0 ? this.renderShelf(images) : nothing}
      <div part="editor" class="editor"></div>
      ${this.menu.render()}
      ${this.notice ? html`<div part="notice" class="notice" role="status">${this.notice}</div>` : nothing}
      <div class="announcer" aria-live="polite">${this.announcement}</div>
    </div>`;
  }

  private renderShelf(images: readonly DraftAttachment[]): TemplateResult {
    return html`<div part="attachments" class="attachments">
      ${images.map((image) => {
        const confirming = this.confirmingRemoval === image.contextId;
        return html`<figure part="attachment" class="attachment" data-context-id=${image.contextId}>
          <img src=${objectUrlFor(image)} alt=${image.file.name} />
          ${confirming
            ? html`<div class="confirm" role="alertdialog" aria-label=${this.config.locale.confirmRemoveImage}>
                <span>${this.config.locale.confirmRemoveImage}</span>
                <button type="button" class="confirm-remove" @click=${() => this.removeImage(image.contextId)}>Remove</button>
                <button type="button" class="confirm-keep" @click=${() => (this.confirmingRemoval = undefined)}>Keep</button>
              </div>`
            : html`<button
                type="button"
                class="remove-attachment"
                aria-label=${formatMessage(this.config.locale.remove, { label: image.file.name })}
                @click=${() => this.requestImageRemoval(image.contextId)}
              >×</button>`}
        </figure>`;
      })}
    </div>`;
  }

  protected override firstUpdated(): void {
    const host = this.editorHost;
    if (!host) return;
    const { text, records } = this.pendingValue;
    this.view = new EditorView({
      state: this.createState(text, records),
      parent: host,
      root: this.shadowRoot ?? undefined,
      dispatchTransactions: (transactions, view) => this.onTransactions(transactions, view),
    });
    // The editor's own input events stay inside: hosts see exactly one `input` per change.
    for (const type of ['input', 'beforeinput', 'change']) host.addEventListener(type, (event) => event.stopPropagation());
    this.syncFormValue();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const view = this.view;
    if (!view) return;
    const effects = [];
    if (changed.has('disabled') || changed.has('readonly')) effects.push(this.editable.reconfigure(this.editableExtension()));
    if (changed.has('maxLength')) effects.push(this.lengthLimit.reconfigure(this.lengthExtension()));
    if (changed.has('placeholder')) effects.push(this.placeholderText.reconfigure(placeholderExtension(this.placeholder)));
    if (changed.has('label') || changed.has('placeholder')) effects.push(this.accessibleName.reconfigure(this.accessibleNameExtension()));
    if (effects.length > 0) view.dispatch({ effects });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.menu.close();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Re-attached after a move in the DOM: the editor keeps its state.
    if (this.view) this.view.requestMeasure();
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
        keymap.of([{ key: 'Shift-Enter', run: insertNewline }, ...historyKeymap, ...defaultKeymap]),
        this.clipboardHandlers(),
        EditorView.updateListener.of((update) => this.onUpdate(update)),
      ],
    }).update({ effects: replaceRecords.of(records) }).state;
  }

  private editableExtension(): Extension {
    return [EditorView.editable.of(!this.disabled), EditorState.readOnly.of(this.disabled || this.readonly)];
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

  private clipboardHandlers(): Extension {
    return EditorView.domEventHandlers({
      copy: (event, view) => this.onCopy(event, view, false),
      cut: (event, view) => this.onCopy(event, view, true),
      paste: (event, view) => this.onPaste(event, view),
      drop: (event, view) => this.onDrop(event, view),
    });
  }

  // ---- Change tracking ----------------------------------------------------------------------

  private onTransactions(transactions: readonly Transaction[], view: EditorView): void {
    view.update(transactions);
  }

  private onUpdate(update: ViewUpdate): void {
    const recordsChanged = update.startState.field(recordsField) !== update.state.field(recordsField);
    if (!update.docChanged && !recordsChanged) return;
    if (update.docChanged) this.forgetUnreferencedFiles(update.state);
    this.syncFormValue();
    if (this.notice && update.docChanged && !this.submitQueued) this.notice = '';
    this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }

  private syncFormValue(): void {
    this.internals?.setFormValue?.(this.value.text);
  }

  /** Files exist only as chips: when the last chip of a file goes, the file goes. */
  private forgetUnreferencedFiles(state: EditorState): void {
    const referenced = new Set(collectContextReferences(state.doc.toString()).map((occurrence) => occurrence.contextId));
    const gone = this.attachmentList.filter((attachment) => attachment.kind === 'file' && !referenced.has(attachment.contextId));
    if (gone.length === 0) return;
    this.attachmentList = this.attachmentList.filter((attachment) => !gone.includes(attachment));
    for (const attachment of gone) this.notifyAttachmentRemoved(attachment);
  }

  private notifyAttachmentRemoved(attachment: DraftAttachment): void {
    revokeObjectUrl(attachment);
    const detail: AttachmentRemoveDetail = {
      contextId: attachment.contextId,
      attachmentId: attachment.attachmentId,
      kind: attachment.kind,
    };
    emit(this, 't3-attachment-remove', detail);
  }

  private referencedRecords(state: EditorState): ContextRecord[] {
    const records = state.field(recordsField);
    const seen = new Set<string>();
    const referenced: ContextRecord[] = [];
    for (const { contextId } of collectContextReferences(state.doc.toString())) {
      const record = records.get(contextId);
      if (record && !seen.has(contextId)) {
        seen.add(contextId);
        referenced.push(record);
      }
    }
    for (const attachment of this.attachmentList) {
      const record = records.get(attachment.contextId);
      if (attachment.kind === 'image' && record && !seen.has(record.contextId)) {
        seen.add(record.contextId);
        referenced.push(record);
      }
    }
    return referenced;
  }

  // ---- Insertion ----------------------------------------------------------------------------

  /** Inserts a link with one space before it (unless after whitespace) and one after it. */
  private insertAt(link: string, records: readonly ContextRecord[], at: 'caret' | 'end'): void {
    const view = this.view;
    if (!view) {
      const text = this.pendingValue.text;
      this.pendingValue = {
        text: text + spacedLink(text, text.length, text.length, link).insert,
        records: mergeRecords(this.pendingValue.records, records),
      };
      return;
    }
    const state = view.state;
    const range = at === 'end' ? EditorSelection.cursor(state.doc.length) : state.selection.main;
    const text = state.doc.toString();
    const { insert, caret } = spacedLink(text, range.from, range.to, link);
    view.dispatch({
      changes: { from: range.from, to: range.to, insert },
      selection: { anchor: range.from + caret },
      effects: putRecords.of(records),
      userEvent: PROGRAMMATIC,
      scrollIntoView: true,
    });
  }

  private addFiles(files: readonly File[], at?: number): void {
    const view = this.view;
    if (!view || files.length === 0) return;
    const records: ContextRecord[] = [];
    const added: DraftAttachment[] = [];
    for (const file of files) {
      const localId = newLocalId();
      const record = recordForFile(file, localId);
      records.push(record);
      added.push({ contextId: record.contextId, attachmentId: localId, kind: record.kind, file });
    }
    const limit = this.limitProblem(records.map((record) => record.contextId), records.length);
    if (limit) {
      this.showNotice(limit);
      return;
    }
    this.attachmentList = [...this.attachmentList, ...added];
    if (at !== undefined) view.dispatch({ selection: { anchor: at } });
    const links = records.map((record) => formatContextReference(record)).join(' ');
    this.insertAt(links, records, view.state.facet(EditorState.readOnly) ? 'end' : 'caret');
    this.announce(`${records.length === 1 ? records[0]!.label : `${records.length} attachments`} added`);
  }

  /** Attaches files from a host's own button (e.g. an "attach" control), at the caret. */
  attachFiles(files: Iterable<File>): void {
    this.addFiles([...files]);
  }

  // ---- Limits ---------------------------------------------------------------------------------

  /** Why adding these records and chips would break a limit, or `undefined` when it would not. */
  private limitProblem(newIds: readonly string[], newChips: number): string | undefined {
    const state = this.view?.state;
    const text = state ? state.doc.toString() : this.pendingValue.text;
    const occurrences = collectContextReferences(text);
    const ids = new Set(occurrences.map((occurrence) => occurrence.contextId));
    for (const id of newIds) ids.add(id);
    if (ids.size > MESSAGE_CONTEXT_MAX_RECORDS) return this.config.locale.limitRecords;
    const command = state ? this.menu.pickedCommand(text) : undefined;
    if (occurrences.length + newChips + (command ? 1 : 0) > INPUT_ANNOTATIONS_MAX) return this.config.locale.limitChips;
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

  private submittedAttachments(records: readonly ContextRecord[]): SubmittedAttachment[] {
    const referenced = new Set(records.map((record) => record.contextId));
    return this.attachmentList
      .filter((attachment) => attachment.kind === 'image' || referenced.has(attachment.contextId))
      .map(({ contextId, attachmentId, file, kind }) => ({ contextId, attachmentId, file, kind }));
  }

  private clearAfterSubmit(): void {
    for (const attachment of this.attachmentList) revokeObjectUrl(attachment);
    this.attachmentList = [];
    this.menu.reset();
    this.notice = '';
    const view = this.view!;
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: '' },
      effects: replaceRecords.of([]),
      userEvent: PROGRAMMATIC,
    });
  }

  private queueSubmitAfterFetches(): void {
    if (this.submitQueued) return;
    this.submitQueued = true;
    void Promise.allSettled([...this.pendingFetches]).then(() => {
      this.submitQueued = false;
      this.submit();
    });
  }

  // ---- Chips and attachments --------------------------------------------------------------------

  private onChipRemove(event: CustomEvent<{ contextId: string }>): void {
    const chip = event.composedPath()[0];
    const view = this.view;
    if (event.defaultPrevented || !view || !(chip instanceof HTMLElement) || !view.contentDOM.contains(chip)) return;
    const position = view.posAtDOM(chip);
    const occurrence = collectContextReferences(view.state.doc.toString()).find((candidate) => candidate.start === position);
    if (!occurrence) return;
    view.dispatch({ changes: { from: occurrence.start, to: occurrence.end }, userEvent: 'delete.chip' });
    this.announce(`${occurrence.label} removed`);
    view.focus();
  }

  private requestImageRemoval(contextId: string): void {
    const referenced = this.view ? collectContextReferences(this.view.state.doc.toString()).some((occurrence) => occurrence.contextId === contextId) : false;
    if (referenced) this.confirmingRemoval = contextId;
    else this.removeImage(contextId);
  }

  private removeImage(contextId: string): void {
    this.confirmingRemoval = undefined;
    const attachment = this.attachmentList.find((candidate) => candidate.contextId === contextId);
    if (!attachment) return;
    this.attachmentList = this.attachmentList.filter((candidate) => candidate !== attachment);
    this.removeContext(contextId);
    this.notifyAttachmentRemoved(attachment);
    this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }

  // ---- Clipboard --------------------------------------------------------------------------------

  private onCopy(event: ClipboardEvent, view: EditorView, cut: boolean): boolean {
    const data = event.clipboardData;
    const selection = view.state.selection.main;
    if (!data || selection.empty) return false;
    const text = view.state.sliceDoc(selection.from, selection.to);
    const records = view.state.field(recordsField);
    const copied = [...new Set(collectContextReferences(text).map((occurrence) => occurrence.contextId))]
      .map((contextId) => records.get(contextId))
      .filter((record): record is ContextRecord => record !== undefined);
    event.preventDefault();
    data.setData('text/plain', text);
    if (copied.length > 0) {
      const fragment: ContextClipboardFragment = {
        version: 1,
        source: { environmentId: this.config.environmentId || 'unknown' },
        records: copied,
      };
      const json = encodeClipboardFragment(fragment);
      const htmlFlavour = encodeClipboardHtml(fragment, { text });
      if (json) data.setData(CONTEXT_CLIPBOARD_MIME, json);
      if (htmlFlavour) data.setData('text/html', htmlFlavour);
    }
    if (cut && !view.state.readOnly) {
      view.dispatch({ changes: { from: selection.from, to: selection.to }, userEvent: 'delete.cut' });
    }
    return true;
  }

  private onPaste(event: ClipboardEvent, view: EditorView): boolean {
    const data = event.clipboardData;
    if (!data || view.state.readOnly) return false;
    const text = data.getData('text/plain');
    const fragment = decodeClipboardFragment(data.getData(CONTEXT_CLIPBOARD_MIME)) ?? decodeClipboardHtml(data.getData('text/html'));
    if (fragment && text) {
      event.preventDefault();
      this.pasteFragment(text, fragment, view);
      return true;
    }
    const files = [...data.files];
    if (files.length > 0) {
      event.preventDefault();
      this.addFiles(files);
      return true;
    }
    return false;
  }

  private onDrop(event: DragEvent, view: EditorView): boolean {
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length === 0 || view.state.readOnly) return false;
    event.preventDefault();
    const position = view.posAtCoords({ x: event.clientX, y: event.clientY }) ?? undefined;
    this.addFiles(files, position);
    return true;
  }

  private pasteFragment(text: string, fragment: ContextClipboardFragment, view: EditorView): void {
    const plan = planFragmentImport(text, fragment, view.state.field(recordsField), newLocalId);
    const foreign = !!this.config.environmentId && fragment.source.environmentId !== this.config.environmentId;
    const canFetch = !foreign && typeof this.config.resolveAsset === 'function';
    const availability = plan.binaries.map(({ record }) =>
      setAvailability.of({ contextId: record.contextId, availability: canFetch ? 'pending' : 'not-in-environment' }),
    );
    view.dispatch(view.state.replaceSelection(plan.text), {
      effects: [putRecords.of(plan.records), ...availability],
      userEvent: 'input.paste',
      scrollIntoView: true,
    });
    if (!canFetch) return;
    for (const binary of plan.binaries) this.fetchBinary(binary.record, binary.sourceAttachmentId, fragment.source);
  }

  private fetchBinary(
    record: ContextRecord & { attachmentId: string },
    sourceAttachmentId: string,
    source: ContextClipboardFragment['source'],
  ): void {
    const resolveAsset = this.config.resolveAsset!;
    const fetch = (async () => {
      try {
        const blob = await resolveAsset(source, sourceAttachmentId);
        const name = 'name' in record && typeof record.name === 'string' ? record.name : record.label;
        const file = new File([blob], name, { type: blob.type || ('mimeType' in record ? String(record.mimeType) : '') });
        const kind = record.kind === 'image' ? 'image' : 'file';
        this.attachmentList = [...this.attachmentList, { contextId: record.contextId, attachmentId: record.attachmentId, kind, file }];
        this.view?.dispatch({ effects: setAvailability.of({ contextId: record.contextId, availability: undefined }) });
      } catch {
        this.view?.dispatch({ effects: setAvailability.of({ contextId: record.contextId, availability: 'failed' }) });
        this.showNotice(`${record.label}: ${this.config.locale.unresolved}`);
      }
    })();
    this.pendingFetches.add(fetch);
    void fetch.finally(() => this.pendingFetches.delete(fetch));
  }

  // ---- Notices ----------------------------------------------------------------------------------

  private showNotice(message: string): void {
    this.notice = message;
    this.announce(message);
  }

  private announce(message: string): void {
    // Re-setting the same text would not be announced again; a trailing space makes it new.
    this.announcement = this.announcement === message ? `${message} ` : message;
  }

  // ---- Form association -------------------------------------------------------------------------

  formResetCallback(): void {
    this.clear();
  }

  formDisabledCallback(disabled: boolean): void {
    this.disabled = disabled;
  }

  /** @internal */
  get draftAvailability(): ReadonlyMap<string, string> | undefined {
    return this.view?.state.field(availabilityField);
  }
}

function validRecords(records: unknown): ContextRecord[] {
  if (!Array.isArray(records)) return [];
  const valid: ContextRecord[] = [];
  for (const candidate of records as unknown[]) {
    const decoded = decodeContextRecord(candidate);
    if (decoded.ok) valid.push(decoded.record);
  }
  return valid;
}

function mergeRecords(existing: readonly ContextRecord[], added: readonly ContextRecord[]): ContextRecord[] {
  const byId = new Map(existing.map((record) => [record.contextId, record]));
  for (const record of added) byId.set(record.contextId, record);
  return [...byId.values()];
}

/** The link with the spaces the insertion rules call for, and where the caret goes after it. */
function spacedLink(text: string, from: number, to: number, link: string): { insert: string; caret: number } {
  const before = from > 0 ? text.charAt(from - 1) : '';
  const after = text.charAt(to);
  const spaceBefore = before !== '' && !/\s/.test(before) ? ' ' : '';
  const spaceAfter = after === '' || !/\s/.test(after) ? ' ' : '';
  const insert = `${spaceBefore}${link}${spaceAfter}`;
  return { insert, caret: insert.length + (spaceAfter === '' ? 1 : 0) };
}

function removeRanges(text: string, ranges: readonly { start: number; end: number }[]): string {
  let result = '';
  let cursor = 0;
  for (const { start, end } of ranges) {
    result += text.slice(cursor, start);
    cursor = end;
  }
  return result + text.slice(cursor);
}

const objectUrls = new WeakMap<File, string>();

function objectUrlFor(attachment: DraftAttachment): string {
  let url = objectUrls.get(attachment.file);
  if (!url) {
    url = URL.createObjectURL(attachment.file);
    objectUrls.set(attachment.file, url);
  }
  return url;
}

function revokeObjectUrl(attachment: DraftAttachment): void {
  const url = objectUrls.get(attachment.file);
  if (url) URL.revokeObjectURL(url);
  objectUrls.delete(attachment.file);
}

declare global {
  interface HTMLElementTagNameMap {
    't3-composer': T3Composer;
  }
  interface HTMLElementEventMap {
    't3-submit': CustomEvent<ComposerSubmitDetail>;
    't3-attachment-remove': CustomEvent<AttachmentRemoveDetail>;
  }
}
