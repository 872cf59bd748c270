import { html, nothing } from 'lit';
import type { PreviewAnnotationContextRecord } from '../../core/index.js';
import type { KindDetails } from '../details-parts.js';
import { renderElementDetails } from '../element/details.js';

/** A preview annotation, with its screenshot as an image chip when the message holds that image's record. */
export const previewAnnotationDetails: KindDetails<PreviewAnnotationContextRecord> = (record, related) => {
  const screenshot = record.screenshotContextId
    ? related.find((candidate) => candidate.contextId === record.screenshotContextId && candidate.kind === 'image')
    : undefined;
  return html`<div class="title">${record.pageTitle?.trim() || record.pageUrl}</div>
    ${record.pageUrl ? html`<div class="meta">${record.pageUrl}</div>` : nothing}
    ${record.comment.trim() ? html`<p class="comment">${record.comment.trim()}</p>` : nothing}
    ${record.targetSummary ? html`<div class="field"><span class="key">targets</span> ${record.targetSummary}</div>` : nothing}
    ${
      record.styleChanges.length > 0
        ? html`<div class="key">requested changes</div>
          <ul class="changes">${record.styleChanges.map((change) => html`<li><code>${change}</code></li>`)}</ul>`
        : nothing
    }
    ${
      screenshot
        ? html`<div class="field"><span class="key">screenshot</span>
          <t3-context-chip kind="image" context-id=${screenshot.contextId} label=${screenshot.label} .record=${screenshot}
            placement="message" tabindex="-1"></t3-context-chip></div>`
        : nothing
    }
    ${(record.elements ?? []).map((element) => html`<div class="nested">${renderElementDetails(element)}</div>`)}`;
};
