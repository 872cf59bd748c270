import { css } from 'lit';

/**
 * The `--t3-*` tokens of every element, read through private `--_t3-*` copies. A public
 * token is never declared on `:host`: a declaration there would beat the value a host page sets
 * on an ancestor (a scope, a message, `:root`), and chips inside a message's shadow root could
 * then never be themed. Each default applies only when no ancestor sets the token.
 */
export const themeTokens = css`
  :host {
    color-scheme: light dark;
    --_t3-font-sans: var(--t3-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_t3-font-mono: var(--t3-font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    --_t3-chip-background: var(--t3-chip-background, light-dark(#eef2f7, #2a3140));
    --_t3-chip-color: var(--t3-chip-color, light-dark(#1f2937, #e5e7eb));
    --_t3-chip-border-color: var(--t3-chip-border-color, light-dark(#d5dce6, #3b4455));
    --_t3-chip-unresolved-background: var(--t3-chip-unresolved-background, light-dark(#f6f6f6, #24262b));
    --_t3-chip-unresolved-color: var(--t3-chip-unresolved-color, light-dark(#626875, #9096a3));
    --_t3-chip-remove-hover: var(--t3-chip-remove-hover, light-dark(rgb(0 0 0 / 0.08), rgb(255 255 255 / 0.12)));
    --_t3-popover-background: var(--t3-popover-background, light-dark(#ffffff, #1c2029));
    --_t3-popover-color: var(--t3-popover-color, light-dark(#1f2937, #e5e7eb));
    --_t3-popover-border-color: var(--t3-popover-border-color, light-dark(#dde2ea, #353c4a));
    --_t3-code-background: var(--t3-code-background, light-dark(#f4f6f9, #151922));
    --_t3-muted-color: var(--t3-muted-color, light-dark(#5b6472, #9ca3af));
    --_t3-link-color: var(--t3-link-color, light-dark(#2563eb, #7aa2ff));
    --_t3-focus-ring: var(--t3-focus-ring, light-dark(#2563eb, #7aa2ff));
    --_t3-tone-open: var(--t3-tone-open, light-dark(#15763a, #4ade80));
    --_t3-tone-merged: var(--t3-tone-merged, light-dark(#7e22ce, #c084fc));
    --_t3-tone-closed: var(--t3-tone-closed, light-dark(#b91c1c, #f87171));
    --_t3-tone-draft: var(--t3-tone-draft, light-dark(#5b6472, #9ca3af));
  }
`;
