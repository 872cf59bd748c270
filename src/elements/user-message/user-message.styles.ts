import { css } from 'lit';
import { themeTokens } from '../shared/theme.styles.js';

export const userMessageStyles = [
  themeTokens,
  css`
    :host {
      display: block;
      --_t3-message-background: var(--t3-message-background, light-dark(#f3f5f8, #232833));
      --_t3-message-color: var(--t3-message-color, light-dark(#111827, #e5e7eb));
      font-family: var(--_t3-font-sans);
      color: var(--_t3-message-color);
    }

    .message {
      position: relative;
      box-sizing: border-box;
      padding-block: 0.6em;
      padding-inline: 0.85em;
      border-radius: var(--t3-message-radius, 12px);
      background: var(--_t3-message-background);
      line-height: 1.5;
      overflow-wrap: anywhere;
    }

    .body.plain,
    .body .raw-html,
    .body .raw-text,
    .body .plain-text {
      white-space: pre-wrap;
      /* Each line takes its direction from its own first strong character, as dir="auto" would. */
      unicode-bidi: plaintext;
      text-align: start;
    }

    /* Room for the copy control at the end of the first line, so it never covers text. The room
       sits in the first line's own block: beside a paragraph from outside it, a shrink-to-fit
       bubble would not count it and would wrap short text, or push one word under it. */
    .body.plain::before,
    .body.markdown > slot > :first-child::before {
      content: '';
      float: right;
      inline-size: 1.4em;
      block-size: 1.3em;
    }

    /* On the message's own end, where the controls are, whatever direction its first paragraph reads in. */
    :host(:dir(rtl)) .body.plain::before,
    :host(:dir(rtl)) .body.markdown > slot > :first-child::before {
      float: left;
    }

    /* An editable message's first line leaves room for the Edit control too. */
    .message.editable .body.plain::before,
    .message.editable .body.markdown > slot > :first-child::before {
      inline-size: calc(1.4em + 14px + 0.8em);
    }

    .body > slot > :first-child {
      margin-block-start: 0;
    }

    .body > slot > :last-child {
      margin-block-end: 0;
    }

    .body p,
    .body ul,
    .body ol,
    .body pre,
    .body blockquote,
    .body table {
      margin-block: 0.5em;
    }

    .body h1,
    .body h2,
    .body h3,
    .body h4,
    .body h5,
    .body h6 {
      margin-block: 0.6em 0.4em;
      line-height: 1.25;
    }

    .body h1 {
      font-size: 1.35em;
    }
    .body h2 {
      font-size: 1.2em;
    }
    .body h3 {
      font-size: 1.08em;
    }
    .body h4,
    .body h5,
    .body h6 {
      font-size: 1em;
    }

    .body ul,
    .body ol {
      padding-inline-start: 1.5em;
    }

    .body blockquote {
      margin-inline: 0;
      padding-inline-start: 0.8em;
      border-inline-start: 3px solid var(--_t3-popover-border-color);
      color: var(--_t3-muted-color);
    }

    .body code,
    .body pre {
      font-family: var(--_t3-font-mono);
      font-size: 0.92em;
      unicode-bidi: isolate;
    }

    .body :not(pre) > code {
      padding: 0.1em 0.3em;
      border-radius: 4px;
      background: var(--_t3-code-background);
    }

    .body pre {
      padding: 0.6em 0.75em;
      overflow: auto;
      border-radius: 8px;
      background: var(--_t3-code-background);
      white-space: pre;
      /* Code reads left to right on any page. */
      direction: ltr;
      text-align: left;
    }

    .body table {
      border-collapse: collapse;
      display: block;
      overflow: auto;
    }

    .body th,
    .body td {
      padding: 0.25em 0.6em;
      border: 1px solid var(--_t3-popover-border-color);
    }

    /* A column's alignment, as a class: a strict Content Security Policy refuses style attributes. */
    .body .align-left {
      text-align: left;
    }

    .body .align-center {
      text-align: center;
    }

    .body .align-right {
      text-align: right;
    }

    .body hr {
      border: none;
      border-block-start: 1px solid var(--_t3-popover-border-color);
    }

    .body a,
    .files a {
      color: var(--_t3-link-color);
    }

    .command {
      font-weight: 600;
      color: var(--_t3-link-color);
    }

    .images {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4em;
      margin-block-start: 0.5em;
    }

    .images img {
      max-inline-size: min(12em, 100%);
      max-block-size: 9em;
      border-radius: 8px;
      object-fit: cover;
      border: 1px solid var(--_t3-popover-border-color);
    }

    .files {
      list-style: none;
      margin-block: 0.5em 0;
      padding: 0;
    }

    .file {
      display: flex;
      align-items: center;
      gap: 0.4em;
      padding-block: 0.15em;
    }

    .file-icon {
      display: inline-flex;
      inline-size: 1em;
      block-size: 1em;
    }

    .file-icon > * {
      inline-size: 100%;
      block-size: 100%;
    }

    .file-meta {
      color: var(--_t3-muted-color);
      font-size: 0.88em;
    }

    .corner-control {
      all: unset;
      position: absolute;
      inset-block-start: 0.35em;
      inset-inline-end: 0.35em;
      display: inline-flex;
      padding: 0.3em;
      border-radius: 6px;
      color: var(--_t3-muted-color);
      background: var(--_t3-message-background);
      cursor: pointer;
      opacity: 0;
      transition: opacity 120ms;
    }

    /* The Edit control sits beside the copy control (14px icon plus its padding), toward the text. */
    .edit {
      inset-inline-end: calc(0.35em + 14px + 0.6em + 0.2em);
    }

    .message:hover .corner-control,
    .corner-control:focus-visible,
    :host(:focus-within) .corner-control {
      opacity: 1;
    }

    .visually-hidden {
      position: absolute;
      inline-size: 1px;
      block-size: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
      user-select: none;
    }

    .corner-control:focus-visible {
      outline: 2px solid var(--_t3-focus-ring);
    }

    /* Fingers need 44px targets: the corner controls grow, and so does the first line's room for them. */
    @media (pointer: coarse) {
      .corner-control {
        box-sizing: border-box;
        min-inline-size: 44px;
        min-block-size: 44px;
        justify-content: center;
        align-items: center;
        inset-block-start: 0;
        inset-inline-end: 0;
      }

      .edit {
        inset-inline-end: 44px;
      }

      .body.plain::before,
      .body.markdown > slot > :first-child::before {
        inline-size: calc(44px - 0.85em);
        block-size: calc(44px - 0.6em);
      }

      .message.editable .body.plain::before,
      .message.editable .body.markdown > slot > :first-child::before {
        inline-size: calc(88px - 0.85em);
      }
    }
  `,
];
