import { html, nothing, type TemplateResult } from 'lit';
import type { Citation } from '../../core/index.js';
import type { T3Locale } from '../shared/locale.js';
import { OnDemand } from '../shared/on-demand.js';
import type { CitationCommentEditor, CommentEditorHost } from './citation-comment-editor.js';

/** The comment form: only a citation chip in the composer opens it, so it is a chunk of its own. */
const editorChunk = new OnDemand(() => import('./citation-comment-editor.js'));

/**
 * The Edit comment control of a citation chip in the composer: the button on the chip, which loads
 * the comment form the first time it is used on the page and then opens or closes it. Should the
 * form not load, the chip stays as it is, the console says why, and the next press tries again.
 */
export class CitationCommentControl {
  private editor?: CitationCommentEditor;

  constructor(
    private readonly host: CommentEditorHost,
    private readonly citation: () => Citation | undefined,
  ) {}

  /** The button on the chip, and the form while it is open. */
  render(locale: T3Locale): TemplateResult {
    return html`<button
        part="edit-button"
        class="edit-comment"
        type="button"
        tabindex="-1"
        aria-label=${locale.citationEditComment}
        title=${locale.citationEditComment}
        aria-expanded=${this.editor?.open ? 'true' : 'false'}
        @click=${this.onEditClick}
      >
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M3 13l1-3.5 6.5-6.5 2.5 2.5L6.5 12z" fill="none" stroke="currentColor" stroke-width="1.4" />
        </svg></button
      >${this.editor?.render(locale) ?? nothing}`;
  }

  /** Closes the form, if it is open. */
  close(): void {
    void this.editor?.close();
  }

  private readonly onEditClick = async (event: MouseEvent) => {
    event.stopPropagation();
    const module = editorChunk.loaded ?? (await editorChunk.load());
    if (!module) {
      console.error('[t3-composer] the comment form could not be loaded; Edit comment tries again');
      return;
    }
    this.editor ??= new module.CitationCommentEditor(this.host, this.citation);
    await this.editor.toggle();
  };
}
