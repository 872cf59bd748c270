/**
 * Registers a tag once. A second registration of the same class is a no-op; a different class
 * under a taken tag (two copies of the package on one page) keeps the first and warns.
 */
export function defineElement(tagName: string, elementClass: CustomElementConstructor): void {
  if (typeof customElements === 'undefined') return;
  const existing = customElements.get(tagName);
  if (existing === undefined) customElements.define(tagName, elementClass);
  else if (existing !== elementClass) {
    console.warn(`[t3-composer] <${tagName}> is already defined by another copy of the package; keeping the first.`);
  }
}
