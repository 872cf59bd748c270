import { css } from 'lit';

/** A thumbnail's upload (its progress bar, or Retry once it failed) and the wait of a send for uploads. */
export const uploadStyles = css`
  .upload-progress {
    position: absolute;
    inset-inline: 0.35em;
    inset-block-end: 0.35em;
    block-size: 0.3em;
    overflow: hidden;
    border-radius: 999px;
    background: color-mix(in srgb, var(--_t3-composer-background) 70%, transparent);
  }

  .upload-progress-fill {
    display: block;
    block-size: 100%;
    inline-size: 0;
    border-radius: inherit;
    background: var(--_t3-composer-send-background);
    transition: inline-size 0.2s linear;
  }

  .attachment[data-upload-failed] img {
    outline: 2px dashed var(--_t3-tone-closed);
    outline-offset: -2px;
    opacity: 0.6;
  }

  .retry-upload {
    position: absolute;
    inset: 50% auto auto 50%;
    translate: -50% -50%;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    inline-size: 1.8em;
    block-size: 1.8em;
    padding: 0;
    border: 1px solid var(--_t3-composer-border-color);
    border-radius: 50%;
    background: var(--_t3-composer-background);
    color: var(--_t3-tone-closed);
    cursor: pointer;
  }

  .retry-upload:focus-visible {
    outline: 2px solid var(--_t3-focus-ring);
    outline-offset: 1px;
  }

  /* A send waiting for its uploads, beside Stop: a short bar and the percentage. */
  .upload-wait {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
    margin-inline-end: 0.3em;
    color: var(--_t3-muted-color);
    font-size: 0.82em;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }

  .upload-wait-bar {
    display: inline-block;
    inline-size: 3em;
    block-size: 0.3em;
    overflow: hidden;
    border-radius: 999px;
    background: var(--_t3-composer-border-color);
  }

  .upload-wait-fill {
    display: block;
    block-size: 100%;
    inline-size: 0;
    background: var(--_t3-composer-send-background);
    transition: inline-size 0.2s linear;
  }

  @media (pointer: coarse) {
    .retry-upload {
      min-inline-size: 44px;
      min-block-size: 44px;
    }
  }
`;
