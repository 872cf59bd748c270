import { css } from 'lit';
import { themeTokens } from '../shared/theme.styles.js';

export const chipStyles = [
  themeTokens,
  css`
    /* Isolated, so an English label in Arabic or Hebrew text (or the reverse) never reorders the text around it. */
    :host {
      display: inline;
      vertical-align: baseline;
      font: inherit;
      unicode-bidi: isolate;
      --_t3-diff-added-background: var(--t3-diff-added-background, light-dark(#dcfce7, #12361f));
      --_t3-diff-added-color: var(--t3-diff-added-color, light-dark(#14532d, #bbf7d0));
      --_t3-diff-removed-background: var(--t3-diff-removed-background, light-dark(#fee2e2, #3f1518));
      --_t3-diff-removed-color: var(--t3-diff-removed-color, light-dark(#7f1d1d, #fecaca));
      --_t3-diff-hunk-color: var(--t3-diff-hunk-color, light-dark(#1d4ed8, #93b4ff));
    }

    .chip {
      display: inline-flex;
      align-items: center;
      gap: 0.3em;
      max-inline-size: 100%;
      padding-block: 0 0.05em;
      padding-inline: 0.35em;
      border: 1px solid var(--_t3-chip-border-color);
      border-radius: var(--t3-chip-radius, 6px);
      background: var(--_t3-chip-background);
      color: var(--_t3-chip-color);
      font-size: 0.92em;
      line-height: 1.35;
      vertical-align: baseline;
      white-space: nowrap;
      cursor: default;
      user-select: all;
      box-sizing: border-box;
    }

    /* In a message a chip is a control: a click or tap activates it and selects none of its label.
       A selection dragged across it still holds it (the message copies it as a chip). */
    :host(:not([placement='composer'])) .chip {
      cursor: pointer;
      user-select: none;
      -webkit-user-select: none;
      -webkit-touch-callout: none;
    }

    .chip:focus-visible {
      outline: 2px solid var(--_t3-focus-ring);
      outline-offset: 1px;
    }

    :host([unresolved]) .chip {
      border-style: dashed;
      background: var(--_t3-chip-unresolved-background);
      color: var(--_t3-chip-unresolved-color);
    }

    :host([pending]) .chip {
      opacity: 0.7;
      animation: t3-pulse 1.2s ease-in-out infinite;
    }

    /* A file that failed to upload: the chip stays, marked, with Retry beside Remove. */
    :host([upload-failed]) .chip {
      border-style: dashed;
      border-color: var(--_t3-tone-closed);
    }

    .progress {
      display: inline-block;
      flex: none;
      align-self: center;
      inline-size: 2.2em;
      block-size: 0.3em;
      overflow: hidden;
      border-radius: 999px;
      background: var(--_t3-chip-border-color);
    }

    .progress-fill {
      display: block;
      block-size: 100%;
      inline-size: 0;
      border-radius: inherit;
      background: currentColor;
      transition: inline-size 0.2s linear;
    }

    @keyframes t3-pulse {
      50% {
        opacity: 0.45;
      }
    }

    .chip[data-tone='open'] {
      color: var(--_t3-tone-open);
    }
    .chip[data-tone='merged'] {
      color: var(--_t3-tone-merged);
    }
    .chip[data-tone='closed'] {
      color: var(--_t3-tone-closed);
    }
    .chip[data-tone='draft'] {
      color: var(--_t3-tone-draft);
    }

    .icon {
      display: inline-flex;
      flex: none;
      inline-size: 1em;
      block-size: 1em;
      opacity: 0.8;
    }

    .icon > svg,
    .icon > img {
      inline-size: 100%;
      block-size: 100%;
    }

    /* A label takes its direction from its own first strong character, so "@src/a.ts" keeps its
       "@" in front on a right-to-left page and an Arabic label reads right to left on a left-to-right one. */
    /* Baseline-aligned, so the chip's baseline is its label's and the label sits on the line of
       the text around the chip (the icon would otherwise lend the chip its bottom edge). */
    .label,
    .value {
      align-self: baseline;
      overflow: hidden;
      text-overflow: ellipsis;
      min-inline-size: 0;
      unicode-bidi: plaintext;
    }

    .label {
      max-inline-size: var(--t3-chip-max-width, 24ch);
    }

    .value {
      max-inline-size: var(--t3-chip-value-max-width, 24ch);
      opacity: 0.75;
    }

    /* The chip's round controls: Remove, Retry of a failed upload, and a citation's Edit comment. */
    .remove,
    .retry,
    .edit-comment {
      all: unset;
      display: inline-flex;
      align-items: center;
      justify-content: center;
      inline-size: 1.1em;
      block-size: 1.1em;
      border-radius: 50%;
      cursor: pointer;
      opacity: 0.7;
    }

    .remove {
      margin-inline-end: -0.15em;
    }

    .remove:hover,
    .remove:focus-visible,
    .retry:hover,
    .retry:focus-visible,
    .edit-comment:hover,
    .edit-comment:focus-visible {
      opacity: 1;
      background: var(--_t3-chip-remove-hover);
    }

    /* A finger's target is 44 × 44 px. The negative block margins keep the line's height, so the
       target reaches over the chip's top and bottom instead of spreading the lines apart; across,
       the chip grows to hold it (reaching over the text beside the chip would take the taps that
       place the caret there), the target taking in the gap before it and the chip's end padding. */
    @media (pointer: coarse) {
      .remove,
      .retry,
      .edit-comment {
        box-sizing: border-box;
        inline-size: 44px;
        block-size: 44px;
        margin-block: calc((1.1em - 44px) / 2);
        margin-inline-start: -0.3em;
        border-radius: 6px;
      }

      .remove {
        margin-inline-end: -0.35em;
      }
    }

    /* The details card's own styles come with its placement, on the first look (details-placement.ts). */

    .expanded {
      display: block;
      margin-block: 0.35em;
      padding: 0.5em 0.65em;
      border: 1px solid var(--_t3-popover-border-color);
      border-radius: 8px;
      font-size: 0.9em;
    }

    /* Paths, selectors, excerpts and diffs are left-to-right text on any page. */
    code,
    pre {
      font-family: var(--_t3-font-mono);
      font-size: 0.95em;
      direction: ltr;
      unicode-bidi: isolate;
    }

    a {
      color: var(--_t3-link-color);
    }
  `,
];
