import { html, nothing, type TemplateResult } from 'lit';
import type { ContextRecord } from '../core/index.js';

/**
 * What a kind's details are drawn with. Details are part of a tooltip, so nothing in them is a tab
 * stop (a scrollable code block included, which Chromium would otherwise make one): keyboard users
 * reach a chip's target through its activation instead, and Tab never lands in details that are
 * closing.
 */
export type KindDetails<R> = (record: R, related: readonly ContextRecord[]) => TemplateResult;

/** Lines as a code block, numbered from `first`; `more` ends it with an ellipsis line for lines left out. */
export function renderNumberedLines(
  lines: readonly string[],
  first: number,
  { more = false, className = '' } = {},
): TemplateResult {
  return html`<pre class="code numbered ${className}" tabindex="-1"><code>${lines.map(
    (line, index) =>
      html`<span class="line"><span class="line-number" aria-hidden="true">${first + index}</span>${line}</span>`,
  )}${more ? html`<span class="line more">…</span>` : nothing}</code></pre>`;
}

/** A heading and a code block under it, or nothing for blank code. */
export function renderCodeSection(heading: string, code: string, language: string): TemplateResult | typeof nothing {
  if (!code.trim()) return nothing;
  return html`<div class="key">${heading}</div><pre class="code" tabindex="-1"><code data-language=${language}>${code}</code></pre>`;
}
