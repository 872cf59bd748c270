import { html, nothing, type TemplateResult } from 'lit';
import { formatMessage, type T3Locale } from '../../shared/locale.js';
import { styleProperties } from '../../shared/style-properties.js';
import type { UploadStatus } from '../editor/draft-state.js';

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
    return html`<button type="button" part="retry-button" class="retry-upload" aria-label=${label} title=${label} @click=${retry}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path
          d="M12.5 6.5A4.75 4.75 0 1 0 12.9 10M12.9 3v3.5H9.4"
          fill="none"
          stroke="currentColor"
          stroke-width="1.6"
          stroke-linecap="round"
          stroke-linejoin="round"
        />
      </svg>
    </button>`;
  }
  if (status?.state !== 'uploading') return nothing;
  const percent = Math.round(status.fraction * 100);
  return html`<span
    part="progress"
    class="upload-progress"
    role="progressbar"
    aria-label=${formatMessage(locale.uploading, { label: name })}
    aria-valuemin="0"
    aria-valuemax="100"
    aria-valuenow=${percent}
    ><span class="upload-progress-fill" ${styleProperties({ 'inline-size': `${percent}%` })}></span
  ></span>`;
}
