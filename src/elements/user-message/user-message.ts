import { html, isServer, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import {
  collectContextReferences,
  type ContextRecord,
  type ContextReferenceOccurrence,
  type InputAnnotation,
  type MessageContext,
} from '../../core/index.js';
import { ConfigurableElement } from '../shared/configurable-element.js';
import { mayHoldCitationLinks } from './citation-links.js';
import type { EditOriginal } from '../shared/events.js';
import { renderHostContent } from '../shared/render-host-content.js';
import {
  buildMessageModel,
  renderInfoOf,
  type MessageFile,
  type MessageImage,
  type MessageModel,
  referencedFileAttachmentIds,
  sanitizeFiles,
  sanitizeImages,
  type UserMessageRenderInfo,
} from './message-model.js';
import type { MarkdownExtension, ParsedMessageMarkdown, RenderHostToken } from './markdown.js';
import { MessageChunks, type MessageMarkdown } from './message-chunks.js';
import { annotationBody, assignRecords, markdownBody, plainTextBody, wholeMessageText } from './message-body.js';
import { type BodyTarget, domTarget } from './body-target.js';
import { renderFiles, renderImages } from './message-attachments.js';
import { assignAttachmentUrls } from './attachment-urls.js';
import { EditControl } from './edit-control.js';
import { RovingFocusController, type RovingItem } from './roving-focus.js';
import { CopyControl } from './copy-control.js';
import { userMessageStyles } from './user-message.styles.js';

const hasCommand = (model: MessageModel | undefined) =>
  model?.mode === 'annotations' && model.segments.some(({ type }) => type === 'command');

export type UserMessageContentRenderer = (info: UserMessageRenderInfo) => unknown;

/** How record-driven text reads: `markdown` (as T3) or `text`, shown verbatim with its chips. */
export type UserMessageFormat = 'markdown' | 'text';

const INPUT_KEYS = ['text', 'context', 'content', 'inputAnnotations'] as const;
type LinkScan = (text: string) => ContextReferenceOccurrence[];
const ROVING_ITEMS = 't3-context-chip, [part~="command"], a[href], [part~="edit-button"], [part~="copy"]';

/**
 * One sent user message: record-driven Markdown text whose `t3-context` links render as chips,
 * or annotation-driven plain text with chips at validated ranges. Nothing is guessed from text,
 * no HTML string is ever rendered, and no user text is hidden.
 *
 * Keyboard: the message is one tab stop. Its chips, links, Edit and copy controls take focus in
 * turn with the arrow keys (Home and End: the first and the last); Tab leaves the message, and
 * coming back lands on the item focused last. Enter or Space activates a chip; its details open on focus.
 *
 * Editing (`editable`, on a page where `<t3-composer>` is defined): the Edit control or `edit()`
 * puts the message, chips and command included, into an inline `<t3-composer>` in place of the
 * body. Enter or Save fires `t3-edit`; Escape or Cancel ends editing, asking first when changes
 * would be lost. One message edits at a time; focus returns to the Edit control when editing ends.
 *
 * @tagname t3-user-message
 * @summary A sent user message with its context chips, images and files.
 *
 * @slot content - Replaces the default body (the host renders the message itself).
 *
 * @csspart base - The message bubble.
 * @csspart body - The rendered text.
 * @csspart images - The image gallery.
 * @csspart image - One image of the gallery.
 * @csspart files - The list of files not referenced by a chip.
 * @csspart file - One file row.
 * @csspart copy - The copy control, shown on hover and focus.
 * @csspart edit-button - The Edit control of an `editable` message, shown on hover and focus beside the copy control.
 * @csspart editor - The inline `<t3-composer>` that edits the message, in place of the body.
 * @csspart edit-actions - The row of the editor's Cancel and Save buttons.
 * @csspart save-button - Saves the edit (as Enter does): fires `t3-edit`.
 * @csspart cancel-button - Ends editing without saving (as Escape does).
 * @csspart edit-confirm - The question whether to discard the changes of an edit, in place of Cancel and Save.
 * @csspart keep-button - Its answer that keeps editing.
 * @csspart discard-button - Its answer that discards the changes.
 * @csspart edit-notice - Says that the host refused the last save; the edit stays.
 * @csspart chip - A chip in the text (the chip's `base` part).
 * @csspart chip-icon - A chip's kind icon.
 * @csspart chip-label - A chip's label.
 * @csspart chip-value - A host-kind chip's value.
 * @csspart chip-details - A chip's tooltip or popover.
 * @csspart chip-expanded - A chip's inline details in the expanded view.
 * @csspart command - The chip of an annotation-driven message's command (its category icon and `/name`).
 * @csspart command-details - That chip's description and filled arguments, shown on hover and focus.
 *
 * @cssprop [--t3-message-background] - Bubble background.
 * @cssprop [--t3-message-color] - Bubble text colour.
 * @cssprop [--t3-message-radius=12px] - Bubble corner radius.
 * @cssprop [--t3-font] - Font family of the message.
 *
 * @fires {CustomEvent<ChipActivateDetail>} t3-chip-activate - A chip was activated (bubbles from the chip).
 * @fires {CustomEvent<CitationActivateDetail>} t3-citation-activate - A citation chip was activated; cancelable.
 * @fires {CustomEvent<EditDetail>} t3-edit - An edit was saved with changes (Enter or Save): `detail.submission` is
 *   what `t3-submit` would carry, `detail.original` the input the message had. Cancelable: the edit stays open.
 *   Editing ends unless cancelled, or once the promise given to `detail.waitUntil(promise)` fulfils; if it rejects,
 *   the edit stays with a notice. The message keeps showing its input until the host sets a new one.
 */
export class T3UserMessage extends ConfigurableElement {
  static override styles = userMessageStyles;

  /** Record-driven Markdown text with canonical `t3-context` links (or a legacy message). */
  @property() text?: string;

  /** `{version: 1, records}` for the text; `null` or absent means a legacy message, upgraded in memory. */
  @property({ attribute: false }) context?: MessageContext | null;

  /** Annotation-driven plain text (the model-facing prompt). */
  @property() content?: string;

  /** Input annotations marking ranges of `content` as references or the picked command. */
  @property({ attribute: false }) inputAnnotations?: readonly InputAnnotation[];

  /** Images sent with the message, in its gallery; an image chip whose record has the same `attachmentId` shows it. */
  @property({ attribute: false }) images?: readonly MessageImage[];

  /** Files sent with the message; one a chip references gets no row, and a text file's chip reads its `href` back. */
  @property({ attribute: false }) files?: readonly MessageFile[];

  /**
   * `markdown` (default, as T3 Code): record-driven text is Markdown. `text`: it is shown verbatim,
   * pre-wrapped, with its chips, so `2*3*4`, `__init__` or `# x` read as typed. Any other value
   * reads as `markdown`. Annotation-driven content is always plain text.
   */
  @property({ reflect: true }) format: UserMessageFormat = 'markdown';

  /**
   * Shows an Edit control (on a page where `<t3-composer>` is defined; the message never loads it)
   * that edits the message in an inline composer and fires `t3-edit` on save.
   */
  @property({ type: Boolean, reflect: true }) editable = false;

  /**
   * A host's Markdown syntax: `marked` extensions (their tokenizers and `walkTokens`, such as the
   * published `marked-alert` and `marked-footnote`), drawn by `renderMarkdownToken`; give every
   * message the same array, so it is prepared once for all.
   */
  @property({ attribute: false }) markdownExtensions?: readonly MarkdownExtension[];

  /**
   * Draws Markdown tokens the host draws itself (its extensions' tokens, or any other): return a
   * `Node` or a Lit `TemplateResult`, or undefined for the message's own drawing;
   * `defaultRender(tokens)` draws tokens as the message does (chips included). A token nothing
   * draws shows its source text.
   */
  @property({ attribute: false }) renderMarkdownToken?: RenderHostToken;

  /** Replaces the default body; receives validated data, never raw HTML. */
  @property({ attribute: false }) renderUserMessageContent?: UserMessageContentRenderer;

  private readonly chunks = new MessageChunks(this);
  private model?: MessageModel;
  private parsedMarkdown?: {
    text: string;
    scan: LinkScan;
    extensions?: readonly MarkdownExtension[];
    parsed: ParsedMessageMarkdown;
  };
  private scannedText?: { text: string; scan: LinkScan; occurrences: ContextReferenceOccurrence[] };
  /** Whether the body shown is the default record-driven one (not a host's own). */
  private recordDrivenBody = false;
  private bodyVerbatim = false; // Record-driven text as typed: format="text", or the Markdown chunk failed to load.
  /** The message is one tab stop; arrows move among its chips, links, Edit and copy controls. */
  private readonly roving = new RovingFocusController(this, () => [
    ...this.renderRoot.querySelectorAll<RovingItem>(ROVING_ITEMS),
  ]);
  private readonly copyControl = new CopyControl(this, {
    message: () => this.model && { text: wholeMessageText(this.model), records: this.messageRecords() },
    records: () => this.model?.records ?? [],
    environmentId: () => this.config.environmentId,
    locale: () => this.config.locale,
  });
  private readonly editController = new EditControl(this, {
    // A message still waiting for a chunk has no draft to give yet: Edit shows once it is drawn.
    editable: () => this.editable && !this.model?.pending,
    model: () => this.model ?? buildMessageModel(this, this.chunks),
    original: () => this.originalInput(),
    locale: () => this.config.locale,
  });

  constructor() {
    super();
    this.provideConfig();
  }

  /** True while the message is being edited. */
  get editing(): boolean {
    return this.editController.editing;
  }

  /**
   * Starts editing, as the Edit control does; false when the message cannot be edited now (not
   * `editable`, no `<t3-composer>` on the page, or another message's changed edit asks first: this
   * one starts if those changes are discarded). The first edit on a page loads the editing code
   * first; `updateComplete` waits for it.
   */
  edit(): boolean {
    return this.editController.start();
  }

  /**
   * A message rendered on a server hydrates only once the code its body needs has loaded, so its
   * first render is what the server drew: the body the server built stays in place.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    if (this.hasUpdated || !this.fromServer) return super.scheduleUpdate();
    return this.loadWhatTheBodyNeeds().then(() => super.scheduleUpdate());
  }

  private async loadWhatTheBodyNeeds(): Promise<void> {
    do {
      this.model = buildMessageModel(this, this.chunks);
      this.renderBody(this.model, [], []);
      // Its chip replaces the command's text right after hydration (`firstUpdated`).
      if (hasCommand(this.model)) this.chunks.commandChip();
    } while (await this.chunks.settled());
  }

  protected override firstUpdated(changed: PropertyValues): void {
    super.firstUpdated(changed);
    if (this.fromServer && hasCommand(this.model)) this.requestUpdate();
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const stale = !this.model || this.model.pending || INPUT_KEYS.some((key) => changed.has(key));
    if (stale) this.model = buildMessageModel(this, this.chunks);
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    // The body is kept per text: a new context gives its chips their records.
    const model = this.model;
    const body = this.renderRoot.querySelector('[part~="body"]');
    if (body && this.recordDrivenBody && model?.mode === 'records' && INPUT_KEYS.some((key) => changed.has(key))) {
      assignRecords(body, model);
    }
    if (body && (this.images || this.files || changed.has('images') || changed.has('files'))) {
      assignAttachmentUrls(body, this);
    }
  }

  /** Markdown is parsed once per distinct text; unchanged input re-renders without parsing. */
  private parsedText(text: string, markdown: MessageMarkdown): ParsedMessageMarkdown {
    const scan = this.linkScan(text);
    const extensions = this.markdownExtensions;
    const cached = this.parsedMarkdown;
    if (cached?.text === text && cached.scan === scan && cached.extensions === extensions) return cached.parsed;
    const parsed = markdown.parseMessageMarkdown(text, scan, extensions);
    this.parsedMarkdown = { text, scan, extensions, parsed };
    return parsed;
  }

  private get plainText(): boolean {
    return this.format === 'text';
  }

  /** The references of record-driven text, scanned once per distinct text (by the parse when there is one). */
  private occurrencesOf(text: string): readonly ContextReferenceOccurrence[] {
    if (!this.plainText && this.parsedMarkdown?.text === text) return this.parsedMarkdown.parsed.occurrences;
    const scan = this.linkScan(text);
    if (this.scannedText?.text !== text || this.scannedText.scan !== scan) {
      this.scannedText = { text, scan, occurrences: scan(text) };
    }
    return this.scannedText.occurrences;
  }

  /** Citation links need their grammar, a chunk of its own: until it is there (or if it fails), references alone. */
  private linkScan(text: string): LinkScan {
    const links = mayHoldCitationLinks(text) ? this.chunks.messageLinks() : 'unavailable';
    return typeof links === 'object' ? links.ready.collectMessageLinks : collectContextReferences;
  }

  /** Complete once the body (or the editor) is drawn: a message waiting for a chunk updates again once it has come. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const complete = await super.getUpdateComplete();
    const waited = await Promise.all([this.chunks.settled(), this.editController.settled()]);
    return waited.includes(true) ? (await this.getUpdateComplete()) && complete : complete;
  }

  protected override render(): TemplateResult {
    const model = this.model!;
    const images = sanitizeImages(this.images);
    const referencedIds = this.referencedContextIds(model);
    const fileAttachments = referencedFileAttachmentIds(referencedIds, model.recordsById);
    const files = sanitizeFiles(this.files).filter(
      (file) => !file.attachmentId || !fileAttachments.has(file.attachmentId),
    );
    const editing = this.editController.editing;
    const editButton = this.editController.renderEditButton();
    return html`<div
      part="base"
      class=${editButton === nothing ? 'message' : 'message editable'}
      @keydown=${this.roving.onKeyDown}
      @focusin=${this.roving.onFocusIn}
    >
      ${editing ? this.editController.renderEditor() : this.renderBodyPart(model, images, files)}
      ${images.length > 0 ? renderImages(images) : nothing}
      ${files.length > 0 ? renderFiles(files, this.config.icons) : nothing}
      ${editing ? nothing : html`${editButton}${this.copyControl.render()}`}
    </div>`;
  }

  private renderBodyPart(model: MessageModel, images: MessageImage[], files: MessageFile[]): TemplateResult {
    const body = this.renderBody(model, images, files);
    const look = model.mode === 'annotations' || this.bodyVerbatim ? 'body plain' : 'body markdown';
    return html`<div part="body" class=${look} aria-busy=${body === nothing ? 'true' : nothing}
      ><slot name="content">${body}</slot></div
    >`;
  }

  /** The input as the host set it, for `t3-edit`'s `original`. */
  private originalInput(): EditOriginal {
    const context = this.context === undefined ? {} : { context: this.context };
    if (this.model?.mode === 'annotations') {
      const annotations = this.inputAnnotations === undefined ? {} : { inputAnnotations: this.inputAnnotations };
      return { content: this.content ?? '', ...annotations, ...context };
    }
    return { text: typeof this.text === 'string' ? this.text : '', ...context };
  }

  private referencedContextIds(model: MessageModel): Set<string> {
    if (model.mode === 'records') {
      return new Set(this.occurrencesOf(model.text).map((occurrence) => occurrence.contextId));
    }
    return new Set(model.segments.flatMap((segment) => (segment.type === 'reference' ? [segment.reference.id] : [])));
  }

  private renderBody(model: MessageModel, images: MessageImage[], files: MessageFile[]): unknown {
    this.recordDrivenBody = false;
    this.bodyVerbatim = this.plainText;
    if (model.pending) return nothing;
    if (model.mode === 'records' && mayHoldCitationLinks(model.text) && this.chunks.messageLinks() === 'loading') {
      return nothing;
    }
    const renderer = this.renderUserMessageContent;
    if (typeof renderer === 'function') {
      const info = renderInfoOf(model, { images, files }, this.chunks, (text) => this.occurrencesOf(text));
      if (!info) return nothing;
      const custom = renderHostContent(() => renderer(info), 'renderUserMessageContent');
      if (custom != null) return custom;
    }
    const target = this.bodyTarget();
    if (target === 'loading') return nothing;
    // The default body is built once (chips take their configuration from context): an
    // annotation-driven one per model, a record-driven one per text, its chips given the current
    // records after each update (`updated`).
    this.recordDrivenBody = model.mode === 'records';
    if (model.mode === 'annotations') {
      // Built as templates (a server, or hydrating what it drew), the command reads as its text.
      const command = target === domTarget && hasCommand(model) ? this.chunks.commandChip() : null;
      if (command === 'loading') return nothing;
      const commandChip =
        typeof command === 'object' && command ? command.ready.commandChipsIn(this.renderRoot) : undefined;
      return guard([model, commandChip], () => annotationBody(model, commandChip, target));
    }
    const markdown = this.plainText ? 'unavailable' : this.chunks.markdown(model.text);
    this.bodyVerbatim = markdown === 'unavailable';
    if (markdown === 'loading') return nothing;
    if (markdown === 'unavailable') {
      const occurrences = this.occurrencesOf(model.text);
      return guard([occurrences], () => plainTextBody(model, occurrences, target));
    }
    const parsed = this.parsedText(model.text, markdown.ready);
    const drawToken = this.renderMarkdownToken;
    return guard([parsed, drawToken], () => markdownBody(model, parsed, markdown.ready, target, drawToken));
  }

  /**
   * Where the body is built: DOM nodes in the browser; templates on a server, and in the browser
   * for the first render of a message the server drew, so that hydration keeps the server's DOM.
   */
  private bodyTarget(): BodyTarget | 'loading' {
    const hydrating = this.fromServer && !this.hasUpdated;
    if (!isServer && !hydrating) return domTarget;
    const templates = this.chunks.bodyTemplates();
    if (templates === 'loading') return 'loading';
    return typeof templates === 'object' ? templates.ready.templateTarget : domTarget;
  }

  private messageRecords(): readonly ContextRecord[] {
    const model = this.model;
    if (!model) return [];
    const referenced = this.referencedContextIds(model);
    return model.records.filter((record) => referenced.has(record.contextId));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    't3-user-message': T3UserMessage;
  }
}
