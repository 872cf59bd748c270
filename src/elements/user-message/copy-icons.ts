import { html } from 'lit';

/**
 * Each icon is one path (the copy icon's rounded rectangle written as path commands): fewer SVG
 * elements per message.
 */
export const copyIcon = html`<svg viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" stroke-width="1.3" aria-hidden="true"><path
  d="M6.5 5h5.5a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5h-5.5a1.5 1.5 0 0 1-1.5-1.5v-6a1.5 1.5 0 0 1 1.5-1.5zM3 11V3.5A1.5 1.5 0 014.5 2H10" /></svg>`;

export const checkIcon = html`<svg viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" stroke-width="1.6" aria-hidden="true"><path
  d="M3 8.5l3 3 7-7" /></svg>`;
