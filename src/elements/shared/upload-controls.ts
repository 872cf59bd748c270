import { html, type TemplateResult } from 'lit';
import { styleProperties } from './style-properties.js';

/** The percentage a progress bar says, 0 to 100, from a fraction (anything else reads as 0). */
export function uploadPercent(fraction: number | undefined): number {
  return typeof fraction === 'number' && Number.isFinite(fraction)
    ? Math.round(Math.min(1, Math.max(0, fraction)) * 100)
    : 0;
}

/** The circling arrow of a Retry button, `size` px square, drawn in `currentColor`. */
export function retryIcon(size: number): TemplateResult {
  return html`<svg viewBox="0 0 16 16" width=${size} height=${size} aria-hidden="true" focusable="false">
    <path
      d="M12.5 6.5A4.75 4.75 0 1 0 12.9 10M12.9 3v3.5H9.4"
      fill="none"
      stroke="currentColor"
      stroke-width="1.6"
      stroke-linecap="round"
      stroke-linejoin="round"
    />
  </svg>`;
}

/**
 * A file's upload progress (`part="progress"`, `role="progressbar"`, named `label`), drawn as a
 * `className` box with a `<className>-fill` inside, its width set through the CSSOM.
 */
export function uploadProgressBar(fraction: number | undefined, label: string, className: string): TemplateResult {
  const percent = uploadPercent(fraction);
  return html`<span
    part="progress"
    class=${className}
    role="progressbar"
    aria-label=${label}
    aria-valuemin="0"
    aria-valuemax="100"
    aria-valuenow=${percent}
    ><span class="${className}-fill" ${styleProperties({ 'inline-size': `${percent}%` })}></span
  ></span>`;
}
