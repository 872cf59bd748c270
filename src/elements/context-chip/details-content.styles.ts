import { css } from 'lit';

/**
 * What a chip's details show inside their tooltip, popover or expanded view (titles, keys, code
 * excerpts, diffs, the Expand to text button): loaded with the details themselves.
 */
export const detailsContentStyles = css`
  .title {
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .meta,
  .key {
    color: var(--_t3-muted-color);
  }

  .key {
    font-size: 0.9em;
  }

  .field {
    overflow-wrap: anywhere;
  }

  .comment {
    margin-block: 0.35em;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .changes {
    margin-block: 0.2em;
    padding-inline-start: 1.2em;
  }

  .nested {
    margin-block-start: 0.4em;
    padding-inline-start: 0.6em;
    border-inline-start: 2px solid var(--_t3-popover-border-color);
  }

  pre.code {
    text-align: left;
  }

  pre.code {
    margin-block: 0.3em;
    padding: 0.4em 0.5em;
    overflow: auto;
    border-radius: 6px;
    background: var(--_t3-code-background);
    white-space: pre;
  }

  .numbered .line,
  .diff .line {
    display: block;
  }

  /* A diff's rows are as wide as its longest line, so a row's colour runs under all of it. */
  .diff code {
    display: block;
    inline-size: max-content;
    min-inline-size: 100%;
  }

  .diff .line[data-diff='added'] {
    background: var(--_t3-diff-added-background);
    color: var(--_t3-diff-added-color);
  }

  .diff .line[data-diff='removed'] {
    background: var(--_t3-diff-removed-background);
    color: var(--_t3-diff-removed-color);
  }

  .diff .line[data-diff='hunk'] {
    color: var(--_t3-diff-hunk-color);
  }

  /* A line that goes on past the edge of its block fades there (code is always left-to-right). */
  pre.code[data-more~='end'] {
    mask-image: linear-gradient(to right, #000 calc(100% - 2.5em), transparent);
  }

  pre.code[data-more~='start'] {
    mask-image: linear-gradient(to right, transparent, #000 2.5em);
  }

  pre.code[data-more~='start'][data-more~='end'] {
    mask-image: linear-gradient(to right, transparent, #000 2.5em, #000 calc(100% - 2.5em), transparent);
  }

  .line-number {
    display: inline-block;
    min-inline-size: 3ch;
    margin-inline-end: 1ch;
    color: var(--_t3-muted-color);
    text-align: end;
    user-select: none;
  }

  .thumbnail {
    display: block;
    max-inline-size: min(16rem, 100%);
    max-block-size: 12rem;
    margin-block-start: 0.4em;
    border-radius: 4px;
    object-fit: contain;
  }

  .expand {
    margin-block-start: 0.4em;
    padding: 0.25em 0.6em;
    border: 1px solid var(--_t3-popover-border-color);
    border-radius: 6px;
    background: var(--_t3-code-background);
    color: inherit;
    font: inherit;
    cursor: pointer;
  }

  .expand:hover {
    border-color: var(--_t3-link-color);
  }

  @media (pointer: coarse) {
    .expand {
      min-block-size: 44px;
      min-inline-size: 44px;
    }
  }
`;
