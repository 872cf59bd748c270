import { css } from 'lit';

/** The inline editor of a message being edited, its buttons, its question and its notice. */
export const editStyles = css`
  .editing {
    display: flex;
    flex-direction: column;
    gap: 0.5em;
  }

  /* A bubble sized to its text grows to a comfortable width while it is edited. */
  .editor {
    display: block;
    inline-size: 36em;
    max-inline-size: 100%;
  }

  .edit-buttons {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 0.4em;
  }

  .edit-action {
    box-sizing: border-box;
    min-block-size: 2em;
    padding: 0.25em 0.9em;
    border: 1px solid var(--_t3-popover-border-color);
    border-radius: 6px;
    background: var(--_t3-popover-background);
    color: var(--_t3-popover-color);
    font: inherit;
    font-size: 0.9em;
    cursor: pointer;
  }

  .edit-action.primary {
    border-color: transparent;
    background: var(--_t3-link-color);
    color: light-dark(#ffffff, #111827);
  }

  .edit-action:focus-visible {
    outline: 2px solid var(--_t3-focus-ring);
    outline-offset: 1px;
  }

  .edit-action[aria-disabled='true'] {
    cursor: progress;
  }

  /* While the host saves, Save turns into a spinner beside its label. */
  .editing[aria-busy='true'] .edit-action.primary::before {
    content: '';
    display: inline-block;
    inline-size: 0.75em;
    block-size: 0.75em;
    margin-inline-end: 0.45em;
    vertical-align: -0.1em;
    border: 2px solid currentColor;
    border-inline-end-color: transparent;
    border-radius: 50%;
    animation: t3-edit-saving 0.8s linear infinite;
  }

  @media (prefers-reduced-motion: reduce) {
    .editing[aria-busy='true'] .edit-action.primary::before {
      animation-duration: 2.4s;
    }
  }

  @keyframes t3-edit-saving {
    to {
      transform: rotate(1turn);
    }
  }

  .edit-notice {
    margin: 0;
    color: var(--_t3-tone-closed);
    font-size: 0.88em;
  }

  .edit-confirm {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.4em 0.6em;
    padding: 0.4em 0.5em;
    border: 1px solid var(--_t3-popover-border-color);
    border-radius: 8px;
    background: var(--_t3-popover-background);
    color: var(--_t3-popover-color);
    font-size: 0.9em;
  }

  .edit-confirm > span:first-child {
    flex: 1 1 14em;
  }

  .edit-confirm .edit-action {
    font-size: 1em;
  }

  @media (pointer: coarse) {
    .edit-action {
      min-inline-size: 44px;
      min-block-size: 44px;
    }
  }
`;
