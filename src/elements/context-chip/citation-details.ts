import { css, html, nothing, type TemplateResult } from 'lit';
import type { Citation } from '../../core/index.js';
import type { T3Locale } from '../shared/locale.js';

/**
 * A citation chip's details: the saved quote (all of it, as it was selected), the comment when
 * there is one, and where the quote comes from. The quote is the chip's own copy, so the details
 * read the same whether or not the reply it quotes is still there.
 */
export function renderCitationDetails(citation: Citation, locale: T3Locale, unavailable = false): TemplateResult {
  const { environmentId, threadId, messageId, comment } = citation;
  return html`<div class="citation-details">
    ${unavailable ? html`<p class="meta citation-unavailable">${locale.citationUnavailable}</p>` : nothing}
    <div class="key">${locale.citationQuote}</div>
    <blockquote class="citation-quote" part="citation-quote">${citation.text}</blockquote>
    ${
      comment
        ? html`<div class="key">${locale.citationComment}</div>
          <p class="citation-comment">${comment}</p>`
        : nothing
    }
    <div class="key">${locale.citationSource}</div>
    <p class="citation-source"><code>${environmentId} / ${threadId} / ${messageId}</code></p>
  </div>`;
}

export const citationStyles = css`
  .citation-quote,
  .citation-comment {
    margin-block: 0.2em 0.45em;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .citation-quote {
    margin-inline: 0;
    padding-inline-start: 0.6em;
    border-inline-start: 2px solid var(--_t3-popover-border-color);
  }

  .citation-source {
    margin-block: 0.2em 0;
    overflow-wrap: anywhere;
  }
`;
