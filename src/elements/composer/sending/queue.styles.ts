import { css } from 'lit';

/** The queue of follow-ups above the editor: its header, its entries and their buttons (the composer's tokens). */
export const queueStyles = css`
    .queue {
      display: flex;
      flex-direction: column;
      gap: 0.25em;
      margin: 0;
      padding: 0.3em 0.5em 0;
      list-style: none;
    }

    .queue-header {
      display: flex;
      align-items: center;
      gap: 0.5em;
      padding: 0.4em 0.6em 0;
      color: var(--_t3-muted-color);
      font-size: 0.82em;
    }

    .queue-resume {
      padding: 0.15em 0.7em;
      border: 1px solid var(--_t3-composer-border-color);
      border-radius: 999px;
      background: transparent;
      color: inherit;
      font: inherit;
      cursor: pointer;
    }

    .queue-resume:focus-visible {
      outline: 2px solid var(--_t3-focus-ring);
      outline-offset: 2px;
    }

    .queue-handle {
      cursor: grab;
      touch-action: none;
    }

    .queue-entry.dragging {
      position: relative;
      z-index: 1;
      box-shadow: 0 4px 12px rgb(0 0 0 / 0.18);
    }

    .queue-entry {
      display: flex;
      align-items: center;
      gap: 0.25em;
      min-inline-size: 0;
      padding-block: 0.15em;
      padding-inline: 0.6em 0.2em;
      border: 1px solid var(--_t3-composer-border-color);
      border-radius: 8px;
      background: light-dark(#f6f8fb, #222733);
      font-size: 0.88em;
    }

    .queue-text {
      flex: 1 1 auto;
      min-inline-size: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }

    .queue-button {
      display: inline-grid;
      flex: none;
      place-items: center;
      inline-size: 2em;
      block-size: 2em;
      padding: 0;
      border: none;
      border-radius: 6px;
      background: transparent;
      color: var(--_t3-muted-color);
      cursor: pointer;
    }

    .queue-button:hover {
      background: var(--_t3-chip-remove-hover);
      color: inherit;
    }

    .queue-button svg {
      inline-size: 1.1em;
      block-size: 1.1em;
    }

    .queue-button:focus-visible {
      outline: 2px solid var(--_t3-focus-ring);
      outline-offset: 2px;
    }

    /* Fingers need targets of 44 × 44 px. */
    @media (pointer: coarse) {
      .queue-button {
        inline-size: 44px;
        block-size: 44px;
      }

      .queue-resume {
        min-inline-size: 44px;
        min-block-size: 44px;
      }
    }
`;
