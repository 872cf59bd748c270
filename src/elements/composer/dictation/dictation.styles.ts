import { css } from 'lit';

/** The microphone button while it listens, and the recognizer's guess in the text. */
export const dictationStyles = css`
  .action-button.dictation {
    background: transparent;
    color: var(--_t3-muted-color);
  }

  .action-button.dictation[aria-pressed='true'] {
    background: var(--_t3-composer-send-background);
    color: var(--_t3-composer-send-color);
  }

  .interim {
    color: var(--_t3-muted-color);
    font-style: italic;
  }
`;
