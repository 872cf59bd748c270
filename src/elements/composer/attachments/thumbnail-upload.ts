import { html, nothing, type TemplateResult } from 'lit';
import { formatMessage, type T3Locale } from '../../shared/locale.js';
import { retryIcon, uploadProgressBar } from '../../shared/upload-controls.js';
import type { UploadStatus } from '../editor/state/draft-state.js';

/**
 * A thumbnail's upload: a progress bar (`part="progress"`, `role="progressbar"`) over the image while
 * it uploads; once it failed, a Retry button (`part="retry-button"`) in its place.
 */
export function thumbnailUpload(
  name: string,
  status: UploadStatus | undefined,
  locale: T3Locale,
  retry: () => void,
): TemplateResult | typeof nothing {
  if (status?.state === 'failed') {
    const label = formatMessage(locale.retryUpload, { label: name });
    return html`<button type="button" part="retry-button" class="retry-upload" aria-label=${label} title=${label} @click=${retry}>${retryIcon(14)}</button>`;
  }
  if (status?.state !== 'uploading') return nothing;
  return uploadProgressBar(status.fraction, formatMessage(locale.uploading, { label: name }), 'upload-progress');
}
