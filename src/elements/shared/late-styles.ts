import { adoptStyles, type CSSResult, supportsAdoptingStyleSheets } from 'lit';

const adoptedInFallback = new WeakMap<ShadowRoot, Set<CSSResult>>();

/**
 * Adds styles to an element's shadow root after its own, once: the styles of a chunk loaded on
 * demand come with that chunk rather than with the element. Through the CSSOM (adopted style
 * sheets), or Lit's own nonce-carrying `<style>` where a browser cannot adopt sheets.
 */
export function adoptLateStyles(root: Element | DocumentFragment, styles: CSSResult): void {
  // A server (`t3-composer/ssr`) has no shadow roots to add to: it writes each element's own styles.
  if (typeof ShadowRoot === 'undefined' || !(root instanceof ShadowRoot)) return;
  if (supportsAdoptingStyleSheets && styles.styleSheet) {
    const sheet = styles.styleSheet;
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const adopted = adoptedInFallback.get(root) ?? new Set<CSSResult>();
  adoptedInFallback.set(root, adopted);
  if (adopted.has(styles)) return;
  adopted.add(styles);
  adoptStyles(root, [styles]);
}
