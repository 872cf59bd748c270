import { css } from 'lit';

/**
 * The declarations every card opening over the page shares (a chip's details, a citation's comment
 * form): placed by its controller in the top layer, on the popover surface of the theme.
 */
export const popupCard = css`
  position: fixed;
  inset: auto;
  margin: 0;
  box-sizing: border-box;
  border: 1px solid var(--_t3-popover-border-color);
  border-radius: 8px;
  background: var(--_t3-popover-background);
  color: var(--_t3-popover-color);
  box-shadow: 0 6px 24px rgb(0 0 0 / 0.18);
`;
