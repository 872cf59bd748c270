import { html, nothing, type TemplateResult } from 'lit';
import type { ReviewCommentContextRecord } from '../../core/index.js';
import { safeLinkUrl } from '../../elements/shared/urls.js';
import type { KindDetails } from '../details-parts.js';

export const reviewCommentDetails: KindDetails<ReviewCommentContextRecord> = (record) => {
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
};

/** A review comment's diff, one line per row, each marked added, removed, hunk header or context. */
function renderDiff(language: string, diff: string): TemplateResult | typeof nothing {
  if (!diff.trim()) return nothing;
  return html`<div class="key">${language}</div><pre class="code diff" tabindex="-1"><code data-language=${language}>${diff
    .split('\n')
    .map((line) => html`<span class="line" data-diff=${diffLineKind(line)}>${line}</span>`)}</code></pre>`;
}

/** What a unified diff's line is, by its first characters (file headers read as context). */
function diffLineKind(line: string): 'added' | 'removed' | 'hunk' | 'context' {
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+') && !line.startsWith('+++')) return 'added';
  if (line.startsWith('-') && !line.startsWith('---')) return 'removed';
  return 'context';
}
