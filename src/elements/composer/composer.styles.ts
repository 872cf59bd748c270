import { css } from 'lit';
import { themeTokens } from '../shared/theme.styles.js';
import { commandStyles } from './editor/atoms/command/command.styles.js';
import { queueStyles } from './sending/queue.styles.js';
import { dictationStyles } from './dictation/dictation.styles.js';
import { toolsStyles } from './tools.styles.js';
import { uploadStyles } from './attachments/uploads.styles.js';

export const composerStyles = [
  themeTokens,
  queueStyles,
  commandStyles,
  toolsStyles,
  uploadStyles,
  css`
    /* A size container, so its layout follows its own width (a phone's composer, or a narrow panel's),
       not the viewport's. Give it a width (a block, or a flex item that grows), not a shrink-to-fit box. */
    :host {
      display: block;
      container: t3-composer / inline-size;
      --_t3-composer-background: var(--t3-composer-background, light-dark(#ffffff, #1b1f27));
      --_t3-composer-border-color: var(--t3-composer-border-color, light-dark(#d5dce6, #3b4455));
      --_t3-composer-send-background: var(--t3-composer-send-background, light-dark(#2563eb, #7aa2ff));
      --_t3-composer-send-color: var(--t3-composer-send-color, light-dark(#ffffff, #111827));
      font-family: var(--_t3-font-sans);
      color: light-dark(#111827, #e5e7eb);
    }

    /* :disabled also covers a disabled ancestor fieldset (the element is form-associated). */
    :host([disabled]),
    :host(:disabled) {
      opacity: 0.6;
    }

    .frame {
      position: relative;
      border: 1px solid var(--_t3-composer-border-color);
      border-radius: 16px;
      background: var(--_t3-composer-background);
    }

    .frame:focus-within {
      border-color: var(--_t3-focus-ring);
      box-shadow: 0 0 0 1px var(--_t3-focus-ring);
    }

    /* A card: the editor across the whole width, its tools on a row beneath it. */
    .actions {
      display: flex;
      flex-direction: column;
    }

    .editor {
      min-inline-size: 0;
    }

    .editor .cm-editor {
      max-block-size: var(--t3-composer-max-height, 12em);
      font: inherit;
      line-height: 1.5;
    }

    /* A phone's browser zooms into a field whose text is under 16px when it gets focus. */
    @media (pointer: coarse) {
      .editor .cm-editor {
        font-size: max(1em, 16px);
      }
    }

    .editor .cm-editor.cm-focused {
      outline: none;
    }

    .editor .cm-scroller {
      overflow: auto;
      font: inherit;
      line-height: inherit;
    }

    .editor .cm-content {
      padding-block: 0.55em;
      padding-inline: 0.75em;
      caret-color: currentColor;
      min-block-size: 1.5em;
    }

    /* For a finger, one line of text is a target of 44px, the line centred in it. */
    @media (pointer: coarse) {
      .editor .cm-content {
        padding-block: max(0.55em, calc(22px - 0.75em));
      }
    }

    .editor .cm-line {
      padding: 0;
    }

    .editor .cm-placeholder {
      color: var(--_t3-muted-color);
    }

    /* A phone's composer, empty, is one line of text above its tools: a long placeholder ends in an ellipsis. */
    @container t3-composer (max-width: 480px) {
      /* Its unbroken line would otherwise be the text's narrowest width, and widen it. */
      .editor .cm-content {
        min-inline-size: 0;
      }

      .editor .cm-placeholder {
        max-inline-size: 100%;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
      }
    }

    .editor .cm-selectionBackground {
      background: light-dark(#cfe0ff, #2b4470) !important;
    }

    .attachments {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4em;
      padding: 0.5em 0.6em 0;
    }

    .attachment {
      position: relative;
      margin: 0;
    }

    .attachment img {
      display: block;
      inline-size: 4em;
      block-size: 4em;
      object-fit: cover;
      border-radius: 8px;
      border: 1px solid var(--_t3-composer-border-color);
    }

    .remove-attachment {
      position: absolute;
      inset-block-start: -0.4em;
      inset-inline-end: -0.4em;
      inline-size: 1.4em;
      block-size: 1.4em;
      padding: 0;
      border: 1px solid var(--_t3-composer-border-color);
      border-radius: 50%;
      background: var(--_t3-composer-background);
      color: inherit;
      cursor: pointer;
      line-height: 1;
    }

    /* The question sits in the shelf's flow, on a row of its own: it covers neither the draft nor
       falls out of view when the composer is at the bottom of the page. */
    .confirm {
      display: flex;
      flex-basis: 100%;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.4em 0.6em;
      padding: 0.4em 0.5em;
      border: 1px solid var(--_t3-popover-border-color);
      border-radius: 8px;
      background: var(--_t3-popover-background);
      font-size: 0.85em;
    }

    .confirm span {
      flex: 1 1 16em;
    }

    .confirm button {
      font: inherit;
      padding: 0.25em 0.8em;
      border: 1px solid var(--_t3-popover-border-color);
      border-radius: 6px;
      background: transparent;
      color: inherit;
      cursor: pointer;
    }

    .confirm button:focus-visible {
      outline: 2px solid var(--_t3-focus-ring);
      outline-offset: 1px;
    }

    .notice {
      padding: 0.35em 0.75em 0.5em;
      color: var(--_t3-tone-closed);
      font-size: 0.88em;
    }

    .announcer {
      position: absolute;
      inline-size: 1px;
      block-size: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }

    /* In the top layer (popover), placed at the trigger in viewport coordinates; the room
       properties are the visible area's, set while it is placed. */
    .menu {
      position: fixed;
      inset: auto;
      margin: 0;
      z-index: 3;
      box-sizing: border-box;
      inline-size: 24em;
      max-inline-size: var(--_t3-popup-room-inline, calc(100vw - 16px));
      max-block-size: min(18em, var(--_t3-popup-room-block, 18em));
      overflow: auto;
      padding-block: 0.25em;
      padding-inline: 0;
      border: 1px solid var(--_t3-popover-border-color);
      border-radius: 10px;
      background: var(--_t3-popover-background);
      color: var(--_t3-popover-color);
      box-shadow: 0 8px 28px rgb(0 0 0 / 0.18);
      font-size: 0.92em;
    }

    .menu-group {
      padding: 0.35em 0.75em 0.15em;
      color: var(--_t3-muted-color);
      font-size: 0.8em;
      text-transform: capitalize;
    }

    .menu-status {
      padding: 0.35em 0.75em;
      color: var(--_t3-muted-color);
    }

    .menu-status.error {
      color: var(--_t3-tone-closed);
    }

    .menu-option {
      display: flex;
      align-items: center;
      gap: 0.5em;
      padding: 0.35em 0.75em;
      cursor: pointer;
    }

    .menu-option[aria-selected='true'] {
      background: light-dark(#e8effc, #2a3650);
    }

    .option-icon {
      display: inline-flex;
      inline-size: 1em;
      block-size: 1em;
      flex: none;
    }

    .option-icon > * {
      inline-size: 100%;
      block-size: 100%;
    }

    .option-label {
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }

    .option-hint,
    .option-description {
      color: var(--_t3-muted-color);
      font-size: 0.88em;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }

    /* A command's name never shrinks; the description gives way before anything else does. */
    .option-name {
      flex: none;
    }

    .option-description {
      flex-shrink: 100;
      margin-inline-start: auto;
    }

    /* Fingers need targets at least 44px tall; a mouse keeps the compact sizes. */
    @media (pointer: coarse) {
      .menu-option {
        min-block-size: 44px;
        box-sizing: border-box;
      }

      .confirm button {
        min-inline-size: 44px;
        min-block-size: 44px;
      }

      .remove-attachment {
        min-inline-size: 44px;
        min-block-size: 44px;
        inset-block-start: -0.9em;
        inset-inline-end: -0.9em;
        border-color: transparent;
        background: radial-gradient(
          circle,
          var(--_t3-composer-background) 0.7em,
          var(--_t3-composer-border-color) 0.7em 0.75em,
          transparent 0.8em
        );
      }
    }
  `,
  dictationStyles,
];
