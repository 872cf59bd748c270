import { css } from 'lit';

/** Design tokens with light and dark defaults; hosts override any `--t3-*` property. */
export const themeTokens = css`
  :host {
    --t3-font-sans: var(--t3-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --t3-font-mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    --t3-chip-background: light-dark(#eef2f7, #2a3140);
    --t3-chip-color: light-dark(#1f2937, #e5e7eb);
    --t3-chip-border-color: light-dark(#d5dce6, #3b4455);
    --t3-chip-unresolved-background: light-dark(#f6f6f6, #24262b);
    --t3-chip-unresolved-color: light-dark(#7b8190, #9096a3);
    --t3-chip-remove-hover: light-dark(rgb(0 0 0 / 0.08), rgb(255 255 255 / 0.12));
    --t3-popover-background: light-dark(#ffffff, #1c2029);
    --t3-popover-color: light-dark(#1f2937, #e5e7eb);
    --t3-popover-border-color: light-dark(#dde2ea, #353c4a);
    --t3-code-background: light-dark(#f4f6f9, #151922);
    --t3-muted-color: light-dark(#6b7280, #9ca3af);
    --t3-link-color: light-dark(#2563eb, #7aa2ff);
    --t3-focus-ring: light-dark(#2563eb, #7aa2ff);
    --t3-tone-open: light-dark(#15803d, #4ade80);
    --t3-tone-merged: light-dark(#7e22ce, #c084fc);
    --t3-tone-closed: light-dark(#b91c1c, #f87171);
    --t3-tone-draft: light-dark(#6b7280, #9ca3af);
    color-scheme: light dark;
  }
`;
