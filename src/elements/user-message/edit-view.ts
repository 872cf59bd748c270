import { html, nothing, type TemplateResult } from 'lit';
import type { T3Locale } from '../shared/locale.js';

/** What an edit is doing: being written, asking whether to discard its changes, or being saved by the host. */
export type EditPhase = 'editing' | 'confirming' | 'saving';

export interface EditingView {
  composer: HTMLElement;
  phase: EditPhase;
  notice: string | undefined;
  locale: T3Locale;
  save(): void;
  cancel(): void;
  keep(): void;
  discard(): void;
  keydown(event: KeyboardEvent): void;
}

/**
 * The inline composer in place of the body, then a notice when the host refused the last save,
 * then Cancel and Save, or the question whether to discard the changes. While the host saves, Save
 * says so (`aria-disabled`) without losing focus, as disabling it would; Cancel still asks to give up.
 */
export function renderEditor(view: EditingView): TemplateResult {
  const { locale, phase, notice } = view;
  const saving = phase === 'saving';
  return html`<div class="editing" aria-busy=${saving ? 'true' : 'false'} @keydown=${view.keydown}>
    ${view.composer}
    ${notice ? html`<p part="edit-notice" class="edit-notice" role="alert">${notice}</p>` : nothing}
    ${
      phase === 'confirming'
        ? html`<div part="edit-confirm" class="edit-confirm" role="alertdialog" aria-labelledby="discard-question">
          <span id="discard-question">${locale.discardEdit}</span>
          <span class="edit-buttons">
            <button part="keep-button" class="edit-action" type="button" @click=${view.keep}>
              ${locale.keepEditing}
            </button>
            <button part="discard-button" class="edit-action" type="button" @click=${view.discard}>
              ${locale.discard}
            </button>
          </span>
        </div>`
        : html`<div part="edit-actions" class="edit-buttons">
          <button part="cancel-button" class="edit-action" type="button" @click=${view.cancel}>${locale.cancel}</button>
          <button
            part="save-button"
            class="edit-action primary"
            type="button"
            aria-disabled=${saving ? 'true' : 'false'}
            @click=${view.save}
          >${locale.save}</button>
        </div>`
    }
  </div>`;
}
