import { css, html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import { type Citation, CITATION_MAX_COMMENT_LENGTH } from '../../core/index.js';
import { AnchoredPopup } from '../shared/anchored-popup.js';
import { emit } from '../shared/events.js';
import { adoptLateStyles } from '../shared/late-styles.js';
import { DEFAULT_LOCALE, type T3Locale } from '../shared/locale.js';
import { popupCard } from './popup-card.styles.js';
import { type CommentControl, type CommentControlHost, provideCommentControl } from './citation-comment-control.js';

/**
 * The Edit comment control of a citation chip in the composer: a button on the chip that opens a
 * small form beside it (in the top layer, like the details). Saving fires `t3-citation-comment`,
 * and the composer rewrites the chip's link; the chip itself changes nothing. The composer imports
 * this module and provides the control to its chips (`citation-comment-control.ts`); a chip in a
 * message never edits its comment, so a page of messages loads none of it.
 */
class CitationCommentEditor implements ReactiveController, CommentControl {
  open = false;
  /** The strings of the last render, for the form's messages. */
  private strings: T3Locale = DEFAULT_LOCALE;

  private readonly popup = new AnchoredPopup({
    gap: 6,
    margin: 8,
    anchor: () => this.host.getBoundingClientRect().toJSON(),
    onLayoutChange: () => this.popup.place(),
  });

  constructor(
    private readonly host: CommentControlHost,
    private readonly citation: () => Citation | undefined,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const form = this.host.renderRoot.querySelector<HTMLElement>('[part~="comment-editor"]');
    if (this.open && form) this.popup.show(form);
    else this.popup.hide();
  }

  hostDisconnected(): void {
    this.open = false;
    this.popup.hide();
  }

  /** The button on the chip, and the form while it is open. */
  render(locale: T3Locale): TemplateResult {
    this.strings = locale;
    const citation = this.citation();
    return html`<button
        part="edit-button"
        class="edit-comment"
        type="button"
        tabindex="-1"
        aria-label=${locale.citationEditComment}
        title=${locale.citationEditComment}
        aria-expanded=${this.open ? 'true' : 'false'}
        @click=${this.onEditClick}
      >
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M3 13l1-3.5 6.5-6.5 2.5 2.5L6.5 12z" fill="none" stroke="currentColor" stroke-width="1.4" />
        </svg></button
      >${this.open && citation ? this.renderForm(citation, locale) : nothing}`;
  }

  private renderForm(citation: Citation, locale: T3Locale): TemplateResult {
    adoptLateStyles(this.host.renderRoot, commentEditorStyles);
    return html`<form part="comment-editor" class="comment-editor" popover="manual" @submit=${this.onSubmit}>
      <textarea
        aria-label=${locale.citationCommentField}
        rows="3"
        .value=${citation.comment ?? ''}
        @keydown=${this.onFieldKeyDown}
        @input=${this.onFieldInput}
      ></textarea>
      <div class="comment-editor-actions">
        <button type="button" @click=${this.close}>${locale.cancel}</button>
        <button type="submit">${locale.save}</button>
      </div>
    </form>`;
  }

  private readonly onEditClick = async (event: MouseEvent) => {
    event.stopPropagation();
    this.open = !this.open;
    this.host.requestUpdate();
    await this.host.updateComplete;
    this.host.renderRoot.querySelector<HTMLTextAreaElement>('[part~="comment-editor"] textarea')?.focus();
  };

  private readonly onFieldKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      this.close();
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      (event.target as HTMLTextAreaElement).form?.requestSubmit();
    }
  };

  private readonly onFieldInput = (event: Event) => (event.target as HTMLTextAreaElement).setCustomValidity('');

  private readonly onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const citation = this.citation();
    const field = (event.target as HTMLFormElement).querySelector('textarea');
    // A comment the link cannot carry stays in the form, with the reason, rather than being dropped.
    if (field && field.value.trim().length > CITATION_MAX_COMMENT_LENGTH) {
      field.setCustomValidity(this.strings.citationCommentTooLong);
      field.reportValidity();
      return;
    }
    this.close();
    if (citation && field)
      emit(this.host, 't3-citation-comment', { citation, comment: field.value }, { cancelable: true });
  };

  /**
   * Closes the form. Focus that was in it goes back to the Edit comment button, unless it went
   * somewhere else meanwhile (the composer takes it back after a save or Escape).
   */
  readonly close = async () => {
    if (!this.open) return;
    const form = this.host.renderRoot.querySelector('[part~="comment-editor"]');
    const focusWasInForm = !!form?.matches(':focus-within');
    this.open = false;
    this.host.requestUpdate();
    await this.host.updateComplete;
    if (focusWasInForm && document.activeElement === document.body)
      this.host.renderRoot.querySelector<HTMLElement>('[part~="edit-button"]')?.focus();
  };
}

const commentEditorStyles = css`
  .comment-editor {
    ${popupCard}
    inline-size: min(360px, var(--_t3-popup-room-inline, calc(100vw - 16px)));
    padding: 0.5em;
    font: 13px/1.45 var(--_t3-font-sans);
  }

  .comment-editor textarea {
    box-sizing: border-box;
    inline-size: 100%;
    font: inherit;
    resize: vertical;
  }

  .comment-editor-actions {
    display: flex;
    justify-content: flex-end;
    gap: 0.5em;
    margin-block-start: 0.4em;
  }

  @media (pointer: coarse) {
    .comment-editor-actions button {
      min-inline-size: 44px;
      min-block-size: 44px;
    }
  }
`;

/** Gives the citation chips of the page their Edit comment control: the composer calls it once, as it loads. */
export function provideCitationCommentForm(): void {
  provideCommentControl((host, citation) => new CitationCommentEditor(host, citation));
}
