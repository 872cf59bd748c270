import { css } from 'lit';

/** The picked command's token and its argument slots in the editor. */
export const commandStyles = css`
  .editor .cm-t3-command {
    display: inline-flex;
    align-items: center;
    gap: 0.25em;
    margin-inline-end: 0.3em;
    padding-inline: 0.35em;
    border-radius: 0.35em;
    background: light-dark(#e8efff, #24324d);
    color: light-dark(#1d4ed8, #a9c1ff);
    font-weight: 600;
    vertical-align: baseline;
    unicode-bidi: isolate;
  }

  .editor .cm-t3-command svg {
    flex: none;
  }

  .editor .cm-t3-argument {
    outline: 1px dashed light-dark(#7c8aa5, #8a96ad);
    outline-offset: 1px;
    border-radius: 0.25em;
  }

  .editor .cm-t3-argument-empty {
    display: inline-block;
    padding-inline: 0.3em;
    color: var(--_t3-muted-color);
    font-style: italic;
    user-select: none;
  }

  .editor .cm-t3-argument-empty[data-required]::after {
    content: '*';
  }

  .editor .cm-t3-argument-active {
    outline: 1.5px dashed light-dark(#2563eb, #7aa2ff);
  }
`;
