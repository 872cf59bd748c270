import { html, nothing, type TemplateResult } from 'lit';
import {
  type ContextRecord,
  decodeContextRecord,
  type ElementContextDetails,
  isKnownContextRecord,
  type KnownContextRecord,
  type PreviewAnnotationContextRecord,
  type ReviewCommentContextRecord,
  type TerminalContextRecord,
} from '../../core/index.js';
import { formatBytes } from '../shared/format-bytes.js';
import { safeLinkUrl } from '../shared/urls.js';

/**
 * The details of a known record, as shown in a chip's tooltip or popover; nothing for a value that
 * is not a valid record. Details are part of a tooltip, so nothing in them is a tab stop (a
 * scrollable code block included, which Chromium would otherwise make one): keyboard users reach a
 * chip's target through its activation instead, and Tab never lands in details that are closing.
 */
export function renderRecordDetails(
  record: KnownContextRecord,
  related: readonly ContextRecord[],
): TemplateResult | typeof nothing {
  const valid = validKnownRecord(record);
  return valid ? renderValidRecordDetails(valid, related) : nothing;
}

const validatedRecords = new WeakMap<object, KnownContextRecord | null>();

/**
 * A chip's `record` is a public property a host may set to anything; it is decoded once per object
 * so that a malformed one renders no details instead of throwing.
 */
function validKnownRecord(record: unknown): KnownContextRecord | null {
  if (typeof record !== 'object' || record === null) return null;
  let valid = validatedRecords.get(record);
  if (valid === undefined) {
    const decoded = decodeContextRecord(record);
    valid = decoded.ok && isKnownContextRecord(decoded.record) ? decoded.record : null;
    validatedRecords.set(record, valid);
  }
  return valid;
}

function renderValidRecordDetails(
  record: KnownContextRecord,
  related: readonly ContextRecord[],
): TemplateResult | typeof nothing {
  switch (record.kind) {
    case 'image':
    case 'file':
      return html`<div class="title">${record.name}</div>
        <div class="meta">${record.mimeType} · ${formatBytes(record.sizeBytes)}</div>`;
    case 'terminal':
      return renderTerminal(record);
    case 'element':
      return renderElement(record);
    case 'preview-annotation':
      return renderPreviewAnnotation(record, related);
    case 'review-comment':
      return renderReviewComment(record);
    case 'skill':
      return html`<div class="title">${record.name}</div>`;
    case 'thread':
      return html`<div class="title">${record.title}</div>
        <div class="meta">${record.threadId}</div>`;
    case 'mention':
      return nothing;
  }
}

function renderTerminal(record: TerminalContextRecord): TemplateResult {
  const lines = record.text.split('\n');
  const range =
    record.lineEnd === record.lineStart ? `line ${record.lineStart}` : `lines ${record.lineStart}–${record.lineEnd}`;
  return html`<div class="title">${record.terminalLabel}</div>
    <div class="meta">${range}</div>
    ${renderNumberedLines(lines, record.lineStart)}`;
}

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

function renderElement(element: ElementContextDetails): TemplateResult {
  const location = formatSource(element);
  return html`<div class="title">${element.componentName ?? `<${element.tagName}>`}</div>
    ${element.selector ? html`<div class="field"><span class="key">selector</span> <code>${element.selector}</code></div>` : nothing}
    ${element.pageTitle ? html`<div class="field"><span class="key">page</span> ${element.pageTitle}</div>` : nothing}
    ${element.pageUrl ? html`<div class="field"><span class="key">url</span> ${element.pageUrl}</div>` : nothing}
    ${location ? html`<div class="field"><span class="key">source</span> <code>${location}</code></div>` : nothing}
    ${renderCodeSection('html', element.htmlPreview.trim(), 'html')}
    ${renderCodeSection('styles', element.styles.trim(), 'css')}`;
}

function formatSource({ source }: ElementContextDetails): string | null {
  if (!source?.fileName) return null;
  let location = source.fileName;
  if (source.lineNumber != null) {
    location += `:${source.lineNumber}`;
    if (source.columnNumber != null) location += `:${source.columnNumber}`;
  }
  return location;
}

function renderPreviewAnnotation(
  record: PreviewAnnotationContextRecord,
  related: readonly ContextRecord[],
): TemplateResult {
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
    ${(record.elements ?? []).map((element) => html`<div class="nested">${renderElement(element)}</div>`)}`;
}

function renderReviewComment(record: ReviewCommentContextRecord): TemplateResult {
  const pullRequest = record.pullRequest;
  const url = pullRequest ? safeLinkUrl(pullRequest.url) : undefined;
  return html`${
    pullRequest
      ? html`<div class="title">#${pullRequest.number} ${pullRequest.title}</div>
          <div class="meta">${pullRequest.isDraft ? 'draft' : pullRequest.state} · ${pullRequest.headBranch} → ${pullRequest.baseBranch}</div>
          ${url ? html`<div class="field"><a href=${url} target="_blank" rel="noopener noreferrer" tabindex="-1">${pullRequest.url}</a></div>` : nothing}`
      : nothing
  }
    <div class="title">${record.filePath}</div>
    <div class="meta">${record.rangeLabel} (${record.startIndex}–${record.endIndex}) · ${record.sectionTitle}</div>
    ${record.text.trim() ? html`<p class="comment">${record.text.trim()}</p>` : nothing}
    ${renderDiff(record.fenceLanguage ?? 'diff', record.diff.trimEnd())}`;
}

/** A review comment's diff, one line per row, each marked added, removed, hunk header or context. */
function renderDiff(language: string, diff: string): TemplateResult | typeof nothing {
  if (!diff.trim()) return nothing;
  return html`<div class="key">${language}</div><pre class="code diff" tabindex="-1"><code data-language=${language}>${diff
    .split('\n')
    .map((line) => html`<span class="line" data-diff=${diffLineKind(line)}>${line}</span>`)}</code></pre>`;
}

/** What a unified diff's line is, by its first characters (file headers read as context). */
export function diffLineKind(line: string): 'added' | 'removed' | 'hunk' | 'context' {
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+') && !line.startsWith('+++')) return 'added';
  if (line.startsWith('-') && !line.startsWith('---')) return 'removed';
  return 'context';
}

function renderCodeSection(heading: string, code: string, language: string): TemplateResult | typeof nothing {
  if (!code.trim()) return nothing;
  return html`<div class="key">${heading}</div><pre class="code" tabindex="-1"><code data-language=${language}>${code}</code></pre>`;
}
