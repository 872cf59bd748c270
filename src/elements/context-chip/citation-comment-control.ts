import type { nothing, ReactiveController, TemplateResult } from 'lit';
import type { Citation } from '../../core/index.js';
import type { T3Locale } from '../shared/locale.js';

/** The chip a comment control belongs to. */
export interface CommentControlHost extends HTMLElement {
  addController(controller: ReactiveController): void;
  requestUpdate(): void;
  readonly updateComplete: Promise<boolean>;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** A citation chip's Edit comment control, with the comment form it opens. */
export interface CommentControl {
  /** The button on the chip, and the form while it is open. */
  render(locale: T3Locale): TemplateResult | typeof nothing;
  close(): void;
}

type CommentControlFactory = (host: CommentControlHost, citation: () => Citation | undefined) => CommentControl;

let provided: CommentControlFactory | undefined;

/**
 * Called once for the page by the composer, with the comment form of `citation-comment-editor.ts`:
 * only a citation chip in the composer edits its comment, so a page of messages never loads the
 * form, and its chips never offer it.
 */
export function provideCommentControl(factory: CommentControlFactory): void {
  provided = factory;
}

/** The Edit comment control of a citation chip in the composer; none where no composer provided it. */
export function commentControlFor(
  host: CommentControlHost,
  citation: () => Citation | undefined,
): CommentControl | undefined {
  return provided?.(host, citation);
}
