import { html, nothing, type TemplateResult } from 'lit';
import type { ElementContextDetails } from '../../core/index.js';
import { type KindDetails, renderCodeSection } from '../details-parts.js';

/** A page element: its component or tag, where it is, its markup and styles (also nested in a preview annotation). */
export function renderElementDetails(element: ElementContextDetails): TemplateResult {
  const location = formatSource(element);
  return html`<div class="title">${element.componentName ?? `<${element.tagName}>`}</div>
    ${element.selector ? html`<div class="field"><span class="key">selector</span> <code>${element.selector}</code></div>` : nothing}
    ${element.pageTitle ? html`<div class="field"><span class="key">page</span> ${element.pageTitle}</div>` : nothing}
    ${element.pageUrl ? html`<div class="field"><span class="key">url</span> ${element.pageUrl}</div>` : nothing}
    ${location ? html`<div class="field"><span class="key">source</span> <code>${location}</code></div>` : nothing}
    ${renderCodeSection('html', element.htmlPreview.trim(), 'html')}
    ${renderCodeSection('styles', element.styles.trim(), 'css')}`;
}

export const elementDetails: KindDetails<ElementContextDetails> = (record) => renderElementDetails(record);

function formatSource({ source }: ElementContextDetails): string | null {
  if (!source?.fileName) return null;
  let location = source.fileName;
  if (source.lineNumber != null) {
    location += `:${source.lineNumber}`;
    if (source.columnNumber != null) location += `:${source.columnNumber}`;
  }
  return location;
}
