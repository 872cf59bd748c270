import { css } from 'lit';

/** The row of tools beneath the editor (the host's controls, dictation, send and stop) and the round buttons. */
export const toolsStyles = css`
  /* The host's controls at the start, dictation and send (or stop) at the end. The spacing is on
     the controls, so a row with none (a message's inline editor) takes no room at all. */
  .tools {
    display: flex;
    align-items: center;
    gap: 0.25em;
    padding-inline: 0.4em;
  }

  .tools-end {
    display: flex;
    align-items: center;
    gap: 0.25em;
    margin-inline-start: auto;
  }

  .tools ::slotted(*),
  .action-button {
    margin-block-end: 0.4em;
  }

  .action-button {
    display: inline-grid;
    flex: none;
    place-items: center;
    inline-size: 2.1em;
    block-size: 2.1em;
    padding: 0;
    border: none;
    border-radius: 50%;
    background: var(--_t3-composer-send-background);
    color: var(--_t3-composer-send-color);
    cursor: pointer;
  }

  .action-button svg {
    inline-size: 1.1em;
    block-size: 1.1em;
  }

  .action-button:disabled {
    background: light-dark(#e5e7eb, #2f3542);
    color: var(--_t3-muted-color);
    cursor: default;
  }

  .action-button:focus-visible {
    outline: 2px solid var(--_t3-focus-ring);
    outline-offset: 2px;
  }

  /* Fingers need larger targets than a mouse pointer; a host's own controls in the row too, unless it sizes them. */
  @media (pointer: coarse) {
    /* A round button shows a 36px disc in its 44px target. */
    .action-button {
      inline-size: 44px;
      block-size: 44px;
      padding: 4px;
      background-clip: content-box;
    }

    .tools ::slotted(button),
    .tools ::slotted(select),
    .tools ::slotted(a),
    .tools ::slotted(input),
    .tools ::slotted([role='button']) {
      box-sizing: border-box;
      min-inline-size: 44px;
      min-block-size: 44px;
    }
  }
`;
