import { html, nothing, type TemplateResult } from 'lit';
import { formatMessage, type T3Locale } from '../shared/locale.js';
import { retryIcon, uploadProgressBar } from '../shared/upload-controls.js';

/** What a chip's own buttons need of it: where it is shown, whether it may be removed, its upload. */
export interface ChipButtonsHost {
  readonly placement: string;
  readonly removable: boolean;
  /** The fraction of its file uploaded so far, while it uploads (in the composer). */
  readonly uploadProgress?: number;
  readonly uploadFailed: boolean;
}

/** What the buttons do. */
export interface ChipButtonActions {
  remove(event: MouseEvent): void;
  removeKey(event: KeyboardEvent): void;
  retry(event: MouseEvent): void;
}

/**
 * In the composer a chip's buttons are no tab stops (the caret steps over the chip; Alt+Enter
 * reaches its controls); in a message they are.
 */
const tabIndexOf = (placement: string) => (placement === 'composer' ? '-1' : '0');

/** The chip's own buttons after its face: its upload's progress or Retry, then Remove when it is removable. */
export function chipButtons(
  chip: ChipButtonsHost,
  locale: T3Locale,
  label: string,
  actions: ChipButtonActions,
): unknown {
  const remove = chip.removable ? removeButton(chip, locale, label, actions) : nothing;
  return html`${uploadControls(chip, locale, label, actions)}${remove}`;
}

function removeButton(chip: ChipButtonsHost, locale: T3Locale, label: string, actions: ChipButtonActions) {
  return html`<button
    part="remove-button"
    class="remove"
    type="button"
    tabindex=${tabIndexOf(chip.placement)}
    aria-label=${formatMessage(locale.remove, { label })}
    @click=${actions.remove}
    @keydown=${actions.removeKey}
  >
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" />
    </svg>
  </button>`;
}

/**
 * The upload of the file behind the chip: a progress bar (`part="progress"`, `role="progressbar"`)
 * while it runs, a Retry button (`part="retry-button"`) once it failed; nothing otherwise.
 */
function uploadControls(
  chip: ChipButtonsHost,
  locale: T3Locale,
  label: string,
  actions: ChipButtonActions,
): TemplateResult | typeof nothing {
  if (chip.uploadFailed) {
    const name = formatMessage(locale.retryUpload, { label });
    return html`<button
      part="retry-button"
      class="retry"
      type="button"
      tabindex=${tabIndexOf(chip.placement)}
      aria-label=${name}
      title=${name}
      @click=${actions.retry}
    >
      ${retryIcon(12)}
    </button>`;
  }
  if (chip.uploadProgress === undefined) return nothing;
  return uploadProgressBar(chip.uploadProgress, formatMessage(locale.uploading, { label }), 'progress');
}
