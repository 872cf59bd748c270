import { html, isServer, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import type { Citation, ContextRecord, InputReferencePayload } from '../../core/index.js';
import { ConfigurableElement } from '../shared/configurable-element.js';
import { type ChipActivateDetail, type ChipPlacement, type ChipRemoveDetail, emit } from '../shared/events.js';
import { formatMessage } from '../shared/locale.js';
import { type ResolvedPresentation, resolvePresentation } from '../shared/presentations.js';
import { renderHostContent } from '../shared/render-host-content.js';
import { chipFace } from './chip-face.js';
import { chipLabel, chipTone, chipValue } from '../shared/chip-text.js';
import { chipStyles } from './context-chip.styles.js';
import { type CommentControl, commentControlFor } from './citation-comment-control.js';
import { citationChipLabel } from '../shared/citation-chip-label.js';
import { DetailsPopoverController } from './details-popover.js';
import type { TextPreview } from '../shared/composer-values.js';
import { DetailsChunk, type DetailsSource } from './details-chunk.js';
import { type ChipButtonActions, chipButtons } from './chip-controls.js';

export type ChipView = 'compact' | 'expanded';

/** Which tooltip text, if any, replaces a chip's details. */
type ChipStatus = 'resolved' | 'unresolved' | 'pending' | 'not-in-environment' | 'upload-failed';

/**
 * One reference to a piece of context (a file, an image, a terminal excerpt, a review comment, a
 * mention, a skill or a host kind), shown as an atomic chip in a message or a composer.
 *
 * @tagname t3-context-chip
 * @summary A chip for one context reference, with details on hover and keyboard focus.
 *
 * @csspart base - The chip itself.
 * @csspart icon - The kind icon.
 * @csspart label - The label, truncated with an ellipsis.
 * @csspart value - The value of a host-kind chip, after the label.
 * @csspart remove-button - The remove button of a removable chip.
 * @csspart details - The tooltip or popover with the chip's details.
 * @csspart expanded - The details shown inline under the chip in the expanded view.
 * @csspart expand - In the composer, the Expand to text button of a pasted-text file chip's details.
 * @csspart thumbnail - In an image chip's details, the image read from its `attachmentUrl`.
 * @csspart progress - While the chip's file uploads (`upload-progress`): its progress bar (`role="progressbar"`).
 * @csspart retry-button - Once the chip's file failed to upload (`upload-failed`): the button that uploads it again.
 *
 * @cssprop [--t3-chip-max-width=24ch] - Maximum width of the label before it is truncated.
 * @cssprop [--t3-chip-background] - Chip background.
 * @cssprop [--t3-chip-color] - Chip text colour.
 * @cssprop [--t3-chip-border-color] - Chip border colour.
 * @cssprop [--t3-chip-radius=6px] - Chip corner radius.
 * @cssprop [--t3-popover-background] - Background of the details popover.
 * @cssprop [--t3-popover-color] - Text colour of the details popover.
 * @cssprop [--t3-font-mono] - Font of code in the details.
 * @cssprop [--t3-diff-added-background] - Background of an added line in a review comment's diff.
 * @cssprop [--t3-diff-added-color] - Text colour of an added line.
 * @cssprop [--t3-diff-removed-background] - Background of a removed line.
 * @cssprop [--t3-diff-removed-color] - Text colour of a removed line.
 * @cssprop [--t3-diff-hunk-color] - Text colour of a hunk header (`@@ … @@`).
 *
 * @fires {CustomEvent<ChipActivateDetail>} t3-chip-activate - The chip was clicked, or Enter or Space pressed on it.
 * @fires {CustomEvent<ChipRemoveDetail>} t3-chip-remove - The remove button was used; cancelable.
 * @fires {CustomEvent<UploadRetryDetail>} t3-upload-retry - Retry was used on a chip whose file failed to upload (the
 * composer uploads it again).
 * @fires {CustomEvent<CitationActivateDetail>} t3-citation-activate - A citation chip in a message was activated
 * (instead of `t3-chip-activate`); cancelable.
 * @fires {CustomEvent<CitationCommentDetail>} t3-citation-comment - A citation chip in the composer was given a new
 * comment through its Edit comment control; cancelable.
 *
 * @csspart edit-button - The Edit comment control of a citation chip in the composer.
 * @csspart comment-editor - The form that edits a citation's comment.
 */
export class T3ContextChip extends ConfigurableElement {
  static override styles = chipStyles;

  /** The record kind (`file`, `terminal`, … or a host kind). */
  @property({ reflect: true, useDefault: true }) kind = '';

  /** The context id the chip refers to. */
  @property({ attribute: 'context-id' }) contextId = '';

  /** The label the reference was written with (what the user saw). */
  @property() label = '';

  /** The record behind the chip; without one (and without `reference`) the chip is unresolved. */
  @property({ attribute: false }) record?: ContextRecord;

  /**
   * The assistant quote a citation chip stands for (`kind` is then `citation`): its label is the
   * comment or the quote, its details the whole quote, its comment and its source.
   */
  @property({ attribute: false }) citation?: Citation;

  /** The reply a citation quotes could not be found: its details say so above the saved quote. */
  @property({ type: Boolean, reflect: true, attribute: 'source-unavailable' }) sourceUnavailable = false;

  /** An input annotation's reference payload, for annotation-driven messages. */
  @property({ attribute: false }) reference?: InputReferencePayload;

  /** Other records of the same message, e.g. a preview annotation's screenshot. */
  @property({ attribute: false }) relatedRecords: readonly ContextRecord[] = [];

  /**
   * Where the chip is shown: in a sent message (focusable) or in the composer (not a tab stop).
   * Any value but `composer` reads as `message`; the default is not written as an attribute.
   */
  @property({ reflect: true, useDefault: true }) placement: ChipPlacement = 'message';

  /**
   * The tab index of the chip's focus target in a message (0: a tab stop; -1: focusable, but not
   * by Tab). A message sets it on its chips so that the message is one tab stop (roving focus).
   */
  @property({ type: Number, attribute: 'focus-tabindex' }) focusTabIndex = 0;

  /** Shows a remove button. */
  @property({ type: Boolean, reflect: true, useDefault: true }) removable = false;

  /** `expanded` shows the details inline under the chip for kinds whose expanded level is inline. */
  @property({ reflect: true, useDefault: true }) view: ChipView = 'compact';

  /** The bytes behind an image or file chip are still being fetched. */
  @property({ type: Boolean, reflect: true, useDefault: true }) pending = false;

  /** A binary pasted from another environment, whose bytes cannot be fetched here. */
  @property({ type: Boolean, attribute: 'not-in-environment' }) notInEnvironment = false;

  /**
   * What a text file chip's details show of its content: `{lineCount, firstLines}`, computed once
   * when the text became the file (a long paste in the composer), so showing it reads no bytes.
   */
  @property({ attribute: false }) textPreview?: TextPreview;

  /**
   * Where the attachment of an image or file chip is served (a sent message sets it from its `images` and `files`):
   * its details show the image, or a text file's first lines, read from there the first time they show.
   */
  @property({ attribute: false }) attachmentUrl?: string;

  /** While the file behind the chip uploads (in the composer): the fraction sent, 0 to 1, shown as a progress bar. */
  @property({ type: Number, reflect: true, attribute: 'upload-progress' }) uploadProgress?: number;

  /** The upload of the file behind the chip failed: the chip says so and offers Retry (`t3-upload-retry`). */
  @property({ type: Boolean, reflect: true, attribute: 'upload-failed', useDefault: true }) uploadFailed = false;

  @query('[part~="base"]') private base?: HTMLElement;
  @query('[part~="details"]') private detailsElement?: HTMLElement;

  private readonly detailsContent = new DetailsChunk(this);
  private readonly details = new DetailsPopoverController(
    this,
    () => this.base,
    () => this.hasDetails,
    this.detailsContent,
  );
  private commentControl?: CommentControl;
  /** Both derive from properties and configuration only, so they are computed once per update. */
  private presentation!: ResolvedPresentation;
  private status: ChipStatus = 'unresolved';

  /** Focuses the chip's focus target (the chip itself is not focusable). */
  override focus(options?: FocusOptions): void {
    if (this.base) this.base.focus(options);
    else super.focus(options);
  }

  /** Opens the details (or closes them and the comment form) for the composer's keyboard command. @internal */
  showControls(open: boolean): Promise<boolean> {
    this.details.setOpenByKeyboard(open);
    if (!open) this.commentControl?.close();
    return this.updateComplete;
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    this.presentation = resolvePresentation(this.effectiveKind, this.config.presentations);
    this.status = this.resolveStatus();
    this.toggleAttribute('unresolved', this.status === 'unresolved' || this.status === 'not-in-environment');
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    this.details.sync(this.detailsElement);
    if (this.details.wanted || this.view === 'expanded') this.detailsContent.watchCodeOverflow(this.renderRoot);
  }

  private get effectiveKind(): string {
    return this.record?.kind || this.kind || this.reference?.kind || '';
  }

  private resolveStatus(): ChipStatus {
    if (this.notInEnvironment) return 'not-in-environment';
    if (this.pending) return 'pending';
    if (this.uploadFailed) return 'upload-failed';
    if (this.citation) return 'resolved';
    if (this.record) return this.presentationAccepts(this.record) ? 'resolved' : 'unresolved';
    return this.reference ? 'resolved' : 'unresolved';
  }

  private presentationAccepts(record: ContextRecord): boolean {
    const canRender = this.presentation.canRender;
    if (!canRender) return true;
    try {
      return canRender(record) !== false;
    } catch (error) {
      console.error('[t3-composer] canRender failed', error);
      return false;
    }
  }

  private get displayLabel(): string {
    const { label, contextId, record, reference } = this;
    if (this.citation) return citationChipLabel(this.citation);
    return chipLabel({ label, contextId, kind: this.effectiveKind, record, reference });
  }

  protected override render(): TemplateResult {
    const interactive = this.placement !== 'composer';
    const label = this.displayLabel;
    const value = chipValue(this.record, this.reference);
    const accessibleName = value ? `${label} ${value}` : label;
    const details = this.details.wanted ? this.renderDetailsContent() : null;
    const compact = this.renderHostCompact();
    const statusText = this.statusText();
    return html`<span
        part="base"
        class="chip"
        role=${interactive ? 'button' : 'group'}
        tabindex=${interactive ? String(this.focusTabIndex) : nothing}
        aria-label=${accessibleName}
        aria-describedby=${details ? 'details' : nothing}
        aria-description=${!details && statusText ? statusText : nothing}
        data-tone=${chipTone(this.record) ?? nothing}
        spellcheck="false"
        title=${this.hasDetails ? nothing : accessibleName}
        @click=${this.onClick}
        @keydown=${this.onKeyDown}
        @pointerenter=${this.details.onPointerEnter}
        @pointerleave=${this.details.onPointerLeave}
        @focusin=${this.details.onFocusIn}
        @focusout=${this.details.onFocusOut}
        >${compact ?? this.renderFace(label, value)}${this.renderCitationEdit()}${chipButtons(this, this.config.locale, label, this.buttons)}</span
      >${details ? this.renderDetailsPopover(details) : nothing}${this.renderExpanded()}`;
  }

  /** The built-in face, kept while its kind, icons, label and value stay (a host face in between starts it afresh). */
  private renderFace(label: string, value: string | undefined): unknown {
    const kind = this.effectiveKind;
    const { icons } = this.config;
    // A chip the server drew hydrates its face from the same template, then builds DOM nodes.
    const asTemplate = isServer || (this.fromServer && !this.hasUpdated);
    return guard([kind, icons, label, value], () => chipFace(kind, icons, label, value, asTemplate));
  }

  private renderCitationEdit(): unknown {
    if (!this.citation || this.placement !== 'composer' || !this.removable) return nothing;
    this.commentControl ??= commentControlFor(this, () => this.citation);
    return this.commentControl?.render(this.config.locale) ?? nothing;
  }

  private renderDetailsPopover(content: unknown): TemplateResult {
    const popover = (!!this.citation || this.presentation.details === 'popover') && this.status === 'resolved';
    return html`<div
      part="details"
      id="details"
      class=${popover ? 'details popover' : 'details tooltip'}
      role="tooltip"
      popover="manual"
      tabindex="-1"
      @pointerenter=${this.details.onCardPointerEnter}
      @pointermove=${this.details.onCardPointerMove}
      @pointerleave=${this.details.onPointerLeave}
    >
      ${content}
    </div>`;
  }

  private renderExpanded(): TemplateResult | typeof nothing {
    if (this.view !== 'expanded' || this.presentation.expanded !== 'inline-block' || this.status !== 'resolved') {
      return nothing;
    }
    const content = this.renderResolvedDetails();
    return content ? html`<div part="expanded" class="expanded">${content}</div>` : nothing;
  }

  /** What the tooltip or popover shows, or null when this chip has no details. */
  private renderDetailsContent(): unknown {
    const none = this.presentation.details === 'none' && !this.citation;
    return this.statusText() ?? (none ? null : this.renderResolvedDetails());
  }

  /** The tooltip of a chip that is not resolved, or null for a resolved one. */
  private statusText(): string | null {
    switch (this.status) {
      case 'unresolved':
        return this.config.locale.unresolved;
      case 'not-in-environment':
        return this.config.locale.notInEnvironment;
      case 'pending':
        return this.config.locale.loading;
      case 'upload-failed':
        return formatMessage(this.config.locale.uploadFailed, { label: this.displayLabel });
      case 'resolved':
        return null;
    }
  }

  /** Whether hovering or focusing the chip can show anything (cheap: nothing is rendered). */
  private get hasDetails(): boolean {
    return this.status !== 'resolved' || this.presentation.details !== 'none' || !!this.citation;
  }

  /** Complete once drawn: details waiting for their chunk update again once it has come. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const complete = await super.getUpdateComplete();
    return (await this.detailsContent.settled()) ? (await this.getUpdateComplete()) && complete : complete;
  }

  /** A host's own details of a record, else the built-in ones, which their chunk draws. */
  private renderResolvedDetails(): unknown {
    const { record, citation } = this;
    const renderDetails = this.presentation.renderDetails;
    const own = record && !citation && renderDetails && renderHostContent(() => renderDetails(record), 'renderDetails');
    return own ?? this.detailsContent.render(this.renderRoot, this.detailsSource());
  }

  private detailsSource(): DetailsSource {
    const { citation, sourceUnavailable, record, relatedRecords, textPreview, attachmentUrl, placement } = this;
    const source = { citation, sourceUnavailable, record, relatedRecords, textPreview, attachmentUrl, placement };
    return { ...source, locale: this.config.locale, update: () => this.requestUpdate() };
  }

  private renderHostCompact(): unknown {
    const record = this.record;
    const renderCompact = this.presentation.renderCompact;
    if (!record || !renderCompact || this.status !== 'resolved') return null;
    return renderHostContent(() => renderCompact(record), 'renderCompact');
  }

  private activate(): void {
    if (this.citation) {
      emit(this, 't3-citation-activate', { citation: this.citation }, { cancelable: true });
      return;
    }
    const detail: ChipActivateDetail = { ...this.identity, label: this.displayLabel, placement: this.placement };
    if (this.record) detail.record = this.record;
    if (this.reference) detail.reference = this.reference;
    emit(this, 't3-chip-activate', detail);
  }

  /** What the activate, remove and retry events say of the chip. */
  private get identity(): ChipRemoveDetail {
    return {
      kind: this.effectiveKind,
      contextId: this.contextId || this.record?.contextId || this.reference?.id || '',
    };
  }

  private requestRemove(): void {
    emit(this, 't3-chip-remove', this.identity, { cancelable: true });
  }

  private onClick(event: MouseEvent): void {
    if ((event.target as Element).closest?.('[part~="remove-button"]')) return;
    this.activate();
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.target !== this.base) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.activate();
    } else if (event.key === 'Escape') {
      this.details.close();
    }
  }

  /** What its own buttons do: Remove (a click, or Backspace or Delete on it) and Retry of a failed upload. */
  private readonly buttons: ChipButtonActions = {
    remove: (event) => {
      event.stopPropagation();
      this.requestRemove();
    },
    removeKey: (event) => {
      if (event.key !== 'Backspace' && event.key !== 'Delete') return;
      event.preventDefault();
      event.stopPropagation();
      this.requestRemove();
    },
    retry: (event) => {
      event.stopPropagation();
      emit(this, 't3-upload-retry', this.identity);
    },
  };
}

declare global {
  interface HTMLElementTagNameMap {
    't3-context-chip': T3ContextChip;
  }
}
