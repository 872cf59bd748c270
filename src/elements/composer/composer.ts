import { html, isServer, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { query } from 'lit/decorators.js';
import type { Citation, CommandInfo, ContextRecord } from '../../core/index.js';
import { emit } from '../shared/events.js';
import { provideCitationCommentForm } from '../context-chip/citation-comment-editor.js';
import type { ComposerDraft, ComposerValue, InsertContextOptions, InsertContextResult } from './composer-types.js';
import { composerStyles } from './composer.styles.js';
import { editorShell, replaceServerShell } from './server-shell.js';
import { restoredFormValue } from './form-value.js';
import { DraftPersistence } from './saved-drafts/draft-persistence.js';
import { DraftRecall } from './saved-drafts/draft-recall.js';
import { ComposerSession } from './composer-session.js';
import type { StashEntry } from './saved-drafts/draft-stash.js';
import { StashController } from './saved-drafts/stash-controller.js';
import { activeCommand, decodeDraft, readDraft, referencedRecords } from './editor/state/draft-codec.js';
import type { HistoryEntry } from './saved-drafts/history-entries.js';
import { longPasteLimits } from './clipboard/long-paste.js';
import type { QueueEntryInit, QueuedSubmission } from './sending/queued-submissions.js';
import { SubmitController } from './sending/submit-controller.js';
import { composerKeys } from './composer-keymap.js';
import { ComposerProperties } from './composer-properties.js';
import { DictationController } from './dictation/dictation-controller.js';
import type { InsertCitationOptions, InsertCitationResult } from './editor/atoms/citation/citation-edits.js';

// Its citation chips' comment form, which a page of messages never loads.
provideCitationCommentForm();

export type * from './composer-types.js';
export type { InsertCitationOptions, InsertCitationResult } from './editor/atoms/citation/citation-edits.js';

/**
 * A chat input in which references to files, images, terminal excerpts, review comments,
 * mentions, skills and host items are atomic chips inside the text. Built on CodeMirror 6: the
 * document is the canonical Markdown, each `t3-context` link is shown as one `<t3-context-chip>`.
 *
 * The editor is destroyed when the element leaves the document (so nothing on `window` keeps a
 * removed composer alive) and rebuilt from the same editor state when it comes back: a composer
 * moved in the DOM keeps its draft, caret and undo history. The whole draft (text, records,
 * attachments with their files, the picked command) lives in that editor state, so undo and redo
 * cover all of it. Submitting or `clear()` starts a new draft with an empty undo history; setting
 * `value` or `draft` does too, without an `input` event.
 *
 * It is a card: the editor across it, its tools on a row beneath. It lays itself out by its own
 * width (a size container, `container-type: inline-size`), so give it one (a block, or a flex item
 * that grows); 480px wide or narrower, its placeholder keeps to one line.
 *
 * @tagname t3-composer
 * @summary A chat input with atomic context chips, mentions, slash commands and attachments.
 *
 * @csspart base - The frame around the editor.
 * @csspart editor - The editing area.
 * @csspart attachments - The shelf of image thumbnails.
 * @csspart attachment - One thumbnail.
 * @csspart progress - While a thumbnail's image uploads (`uploadAttachment`): its progress bar (`role="progressbar"`).
 * @csspart retry-button - On a thumbnail whose image failed to upload: the button that uploads it again.
 * @csspart notice - A message about a limit or a pending action.
 * @csspart menu - The mention or command menu.
 * @csspart option - One option of the menu.
 * @csspart command - The picked command's token at the start of the draft (its category icon and `/name`).
 * @csspart argument - One argument slot after the command: its name while empty, then the value typed.
 * @csspart actions - The card's content: the editor, and the row of tools beneath it.
 * @csspart tools - The row beneath the editor: the host's controls, then dictation and the send (or stop) button.
 * @csspart send-button - The built-in send button (hidden by `no-send-button`).
 * @csspart stop-button - While `busy` (beside send once there is a draft): `t3-stop`; stops a send awaiting uploads.
 * @csspart upload-wait - While a send waits for its files' uploads: how far they are (`role="progressbar"`).
 * @csspart queue - The follow-ups queued while busy, above the editor.
 * @csspart queue-entry - One queued follow-up.
 * @csspart queue-edit - An entry's Edit button: it goes back into the composer.
 * @csspart queue-remove - An entry's Remove button.
 * @csspart queue-steer - An entry's Send now button: into the running turn while busy, as a new message while idle.
 * @csspart queue-handle - An entry's drag handle (Alt+↑/↓ on an entry moves it too).
 * @csspart queue-state - How many follow-ups wait, and whether the queue is paused (after Stop or a refused send).
 * @csspart queue-resume - The button that sends the paused queue again.
 * @csspart dictation-button - The microphone toggle, shown with a `speechRecognizer` (`aria-pressed` while dictating).
 * @csspart interim - What the recognizer guesses so far, shown where the next phrase goes (not part of the text).
 *
 * @slot start - Host controls at the start of the row beneath the editor (attach, model picker).
 * @slot end - Host controls at the end of that row, before dictation and the send button (voice).
 *
 * @cssprop [--t3-composer-max-height=12em] - Height the editor grows to before it scrolls.
 * @cssprop [--t3-composer-background] - Background of the input.
 * @cssprop [--t3-composer-border-color] - Border of the input.
 * @cssprop [--t3-composer-send-background] - Background of the send and stop button.
 * @cssprop [--t3-composer-send-color] - Icon colour of the send and stop button.
 * @cssprop [--t3-font] - Font family.
 *
 * @fires {CustomEvent<ComposerSubmitDetail>} t3-submit - A draft was sent (Enter, the send button, `submit()`), or a
 *   queued follow-up (`detail.delivery` `queued`) as `busy` turned false; cancelable: unless cancelled, the draft
 *   clears (the entry leaves the queue). `detail.waitUntil(promise)` keeps it in flight until the promise settles, and
 *   brings it back, in front of what was typed since, if it rejects. With `uploadAttachment`, a draft whose files
 *   still upload is in flight at once and fires once they are done, each attachment with the host's id and url.
 * @fires {CustomEvent<SendingChangeDetail>} t3-sending-change - A submission went in flight, or the last one settled.
 * @fires {Event} input - The draft changed (text, chips or attachments).
 * @fires {CustomEvent<AttachmentRemoveDetail>} t3-attachment-remove - A file or image left the draft.
 * @fires {CustomEvent<UploadRetryDetail>} t3-upload-retry - A chip's Retry of a failed upload (the file uploads again).
 * @fires {CustomEvent<ChipActivateDetail>} t3-chip-activate - A chip in the draft was activated.
 * @fires {CustomEvent<CitationCommentDetail>} t3-citation-comment - A citation chip's comment was edited; cancelled,
 * the link stays as it was.
 * @fires {CustomEvent<DraftRestoreDetail>} t3-draft-restore - A draft saved under `draft-key` was restored (on connect
 *   or a key change).
 * @fires {CustomEvent<StashChangeDetail>} t3-stash-change - The stash changed (a draft stashed, restored or dropped);
 *   `detail.stashes` is the new list.
 * @fires {CustomEvent<StopDetail>} t3-stop - The stop button, or Escape in the editor with no menu open, while `busy`.
 * @fires {CustomEvent<QueueChangeDetail>} t3-queue-change - The queue changed; `detail.queue` is the new list.
 * @fires {CustomEvent<DictationChangeDetail>} t3-dictation-change - Dictation started or ended (`detail.active`).
 */
export class T3Composer extends ComposerProperties {
  static override styles = composerStyles;
  static formAssociated = true;

  @query('[part~="editor"]') private editorHost?: HTMLElement;

  private readonly session: ComposerSession;
  private readonly recall: DraftRecall;
  private readonly stashing: StashController;
  private readonly submitting: SubmitController;
  private readonly persistence: DraftPersistence;
  private readonly dictation: DictationController;

  constructor() {
    super();
    this.provideConfig();
    this.session = new ComposerSession(this, {
      config: () => this.config,
      providers: () => this.providers,
      dropResolver: () => this.dropResolver,
      longPasteLimits: () => longPasteLimits(this.pasteFileLines, this.pasteFileChars),
      internals: typeof this.attachInternals === 'function' ? this.attachInternals() : undefined,
      keys: () => composerKeys({ sending: this.submitting, recall: this.recall }),
      leadingControllers: () => this.dictation.extension(),
      submit: () => this.submit(),
      changed: (blank) => {
        this.persistence.changed(blank);
        this.submitting.followDraft();
      },
      uploadOwners: { otherFiles: () => this.submitting.otherFiles(), moved: (as) => this.submitting.uploadsMoved(as) },
    });
    this.dictation = new DictationController(this.session, {
      recognizer: () => this.speechRecognizer,
      silence: () => this.dictationSilence,
    });
    this.recall = new DraftRecall(this.session);
    this.stashing = new StashController(this.session);
    this.submitting = new SubmitController(this.session, {
      recall: this.recall,
      stash: this.stashing,
      dictation: this.dictation,
      uploads: this.session.uploads,
      keys: {
        currentKey: () => this.persistence.currentKey,
        settledElsewhere: (key, draft, stored) => this.persistence.settleElsewhere(key, draft, stored),
      },
    });
    this.persistence = new DraftPersistence(this.session, {
      stash: this.stashing,
      recall: this.recall,
      queue: () => this.submitting.queue.stored,
      restoreQueue: (entries, paused) => this.submitting.queue.restore(entries, paused),
      inFlight: (key) => this.submitting.inFlight.draftsOf(key),
      restored: (key) => emit(this, 't3-draft-restore', { key, draft: this.draft }),
    });
  }

  // ---- Public API ---------------------------------------------------------------------------

  /** The draft's text and records. Setting it rebuilds equivalent chips; invalid records are dropped. */
  get value(): ComposerValue {
    const state = this.session.state;
    return { text: state.doc.toString(), records: referencedRecords(state) };
  }

  set value(next: ComposerValue) {
    // The files of records that stay keep their bytes.
    const draft = decodeDraft({ ...next, attachments: this.session.attachments }, this.commands);
    this.session.replaceDraft(draft, { origin: 'host' });
  }

  /**
   * The whole draft: text, records, attachments with their files, the picked command. A value that
   * can be structured-cloned (stored, posted to a worker); setting it replaces the draft at once.
   */
  get draft(): ComposerDraft {
    return readDraft(this.session.state);
  }

  set draft(next: ComposerDraft) {
    this.session.replaceDraft(decodeDraft(next, this.commands), { origin: 'host' });
  }

  /**
   * The submitted messages ↑ recalls, oldest first: `{text, context?}` or `{content,
   * inputAnnotations?}` entries, so a host can seed it from a transcript. Reading gives `{text, context?}`.
   */
  get history(): HistoryEntry[] {
    return this.recall.history;
  }

  set history(entries: readonly HistoryEntry[]) {
    this.recall.history = entries;
  }

  /** The picked slash command, until the draft no longer starts with it. */
  get command(): CommandInfo | undefined {
    const picked = activeCommand(this.session.state);
    return picked && this.session.commandInfo(picked.command);
  }

  /** Inserts a chip for `record` at the caret (or where it was before focus left), or at the end. */
  insertContext(record: ContextRecord, options: InsertContextOptions = {}): InsertContextResult {
    return this.session.insertContext(record, options);
  }

  /** Inserts an assistant quote as a citation chip followed by one space, at the caret or at the end. */
  insertCitation(citation: Citation, options: InsertCitationOptions = {}): InsertCitationResult {
    return this.session.insertCitation(citation, options.at === 'end' ? 'end' : 'caret');
  }

  /** Inserts plain text at the caret (appends when the editor is not mounted). */
  insertText(text: string): void {
    if (typeof text === 'string' && text !== '') this.session.insertText(text);
  }

  /** Removes every chip that refers to `contextId`; tells whether there was one. */
  removeContext(contextId: string): boolean {
    return this.session.removeContext(contextId);
  }

  /** Attaches files from a host's own button (e.g. an "attach" control), at the caret. */
  attachFiles(files: Iterable<File>): void {
    this.session.addFiles([...files]);
  }

  /** Focuses the editor; called before the editor is mounted, it focuses it once it is. */
  override focus(_options?: FocusOptions): void {
    if (!this.isDisabled) this.session.focus();
  }

  override blur(): void {
    this.session.blur();
  }

  /** Empties the draft: text, chips, attachments and the picked command; fires one `input` if it was not empty. */
  clear(): void {
    this.session.replaceDraft({ text: '' }, { announceRemovals: true });
  }

  /** Submits like Enter: fires `t3-submit`, the draft clears unless cancelled; while `busy`, as `queue-mode` says. */
  submit(): boolean {
    return this.submitting.submit();
  }

  /** Follow-ups queued while busy, first to go first; set, each entry's `draft` gives it (bad entries drop alone). */
  get queue(): QueuedSubmission[] {
    return this.submitting.queue.entries;
  }

  set queue(entries: readonly QueueEntryInit[]) {
    this.submitting.queue.entries = entries;
  }

  /** Sends the first queued follow-up now, as `busy` turning false does: for a queue restored while idle. */
  sendQueued(): boolean {
    return !this.submitting.busy && this.submitting.queue.sendHead();
  }

  /**
   * True while a submission is in flight: a `t3-submit` listener called `detail.waitUntil(promise)`
   * and the promise has not settled. Reflected as the `sending` attribute; Enter queues meanwhile.
   */
  get sending(): boolean {
    return this.submitting.inFlight.sending;
  }

  /** The stashed drafts, newest first (at most 20), each `{id, createdAt, preview, draft}`. */
  get stashes(): StashEntry[] {
    return this.stashing.entries;
  }

  /** Moves the draft to the front of `stashes` and clears the composer; an empty draft stays, with a notice. */
  stash(): boolean {
    return this.stashing.stash();
  }

  /**
   * Takes a stashed draft back: into an empty draft whole; into a non-empty one as a refused send
   * comes back, in front of what was typed with one line break between, through the paste importer
   * (identical records reused, clashing ids renamed, links rewritten), as one undo step.
   */
  restoreStash(id: string): boolean {
    return this.stashing.restore(id);
  }

  /** Drops a stashed draft; tells whether there was one with that id. */
  dropStash(id: string): boolean {
    return this.stashing.drop(id);
  }

  // ---- Lifecycle ----------------------------------------------------------------------------

  protected override render(): TemplateResult {
    const { session } = this;
    return html`<div
      part="base"
      class="frame"
      @t3-chip-remove=${session.removeChip}
      @t3-upload-retry=${session.uploads.onRetry}
      @t3-citation-comment=${session.changeCitationComment}
    >
      ${this.submitting.queue.render()} ${session.shelf.render(session.state)}
      <div part="actions" class="actions">
        <div part="editor" class="editor">${isServer ? editorShell(this.placeholder) : nothing}</div>
        <div part="tools" class="tools">
          <slot name="start"></slot>
          <div class="tools-end">
            <slot name="end"></slot>${this.dictation.renderButton()}${this.submitting.renderButton()}
          </div>
        </div>
      </div>
      ${session.notices.renderNotice()} ${session.notices.renderLiveRegion()}
    </div>`;
  }

  /** A composer the server drew as a shell renders anew in its place (`server-shell.ts`). */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    return replaceServerShell(this) ?? super.createRenderRoot();
  }

  protected override firstUpdated(): void {
    // The editor's own input events stay inside: hosts see exactly one `input` per change.
    for (const type of ['input', 'beforeinput', 'change'])
      this.editorHost?.addEventListener(type, (event) => event.stopPropagation());
    this.session.mount(this.editorHost);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (changed.has('draftKey')) {
      // What was heard belongs to the draft being left, and so does a send waiting for its uploads (as unsent).
      this.dictation.stop(undefined, { now: true });
      this.submitting.inFlight.stopWaiting(undefined, { allKeys: true });
      this.persistence.setKey(this.draftKey);
      this.submitting.inFlight.refresh();
    }
    if (changed.get('busy') === true && !this.submitting.busy) this.submitting.queue.sendHead();
    this.session.beforeRender();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (changed.has('historySize')) this.recall.trim();
    this.session.reconfigure(changed);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Back in the document after a move or a removal: a new editor on the same state.
    if (this.hasUpdated) this.session.mount(this.editorHost);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.session.unmount();
  }

  // ---- Form association -------------------------------------------------------------------------

  /** @internal */
  formAssociatedCallback(): void {
    this.session.syncFormValue();
  }

  /** @internal */
  formResetCallback(): void {
    this.clear();
  }

  /**
   * A draft the browser saved with the page comes back with its chips.
   * @internal
   */
  formStateRestoreCallback(saved: unknown): void {
    const value = restoredFormValue(saved);
    if (value) this.value = value;
  }

  /**
   * An ancestor fieldset's state, kept apart from `disabled` so re-enabling restores the author's own.
   * @internal
   */
  formDisabledCallback(disabled: boolean): void {
    this.formDisabled = disabled;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    't3-composer': T3Composer;
  }
}
