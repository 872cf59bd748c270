/**
 * Finger targets: every control an element shows, found by walking it (its light DOM, so slotted
 * host controls count, and every open shadow root below it) rather than listed by hand, so a
 * control added later is measured too.
 */

/** What a finger can press or type into. */
const CONTROL = [
  'button',
  'a[href]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="option"]',
  '[role="checkbox"]',
  '[role="menuitem"]',
  '[role="tab"]',
  '[contenteditable="true"]',
].join(', ');

/** Every rendered control in `host` and below it, in document order (a closed popover's are not rendered). */
export function controlsIn(host: Element): Element[] {
  const found: Element[] = [];
  const visit = (root: Element | ShadowRoot) => {
    if (root instanceof Element && root.matches(CONTROL)) found.push(root);
    for (const element of root.querySelectorAll('*')) {
      if (element.matches(CONTROL)) found.push(element);
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(host);
  if (host.shadowRoot) visit(host.shadowRoot);
  // Shown on hover or focus (opacity 0 until then) still counts: a finger can land on it.
  return found.filter((element) => element.checkVisibility({ visibilityProperty: true }));
}

/**
 * A target inside a sentence, which WCAG 2.5.8 lets keep the text's size: a chip's face in a
 * message's text and a link in it. Its own controls (a chip's Remove) are targets like any other.
 */
export function inSentence(element: Element): boolean {
  const root = element.getRootNode();
  const host = root instanceof ShadowRoot ? root.host : null;
  if (host?.localName === 't3-context-chip' && element.matches('[part~="base"]')) return true;
  return element.localName === 'a' && !!element.closest('[part~="body"], .body');
}

/** How a control reads in a failure: its tag, part or class, name, and the element whose shadow it is in. */
export function describeControl(element: Element): string {
  const root = element.getRootNode();
  const where = root instanceof ShadowRoot ? ` in <${root.host.localName}>` : '';
  const part = element.getAttribute('part');
  const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 24) ?? '';
  const what = part ? `[part=${part}]` : element.className ? `.${String(element.className).split(' ')[0]}` : '';
  return `<${element.localName}>${what} "${name}"${where}`;
}

/** The controls of `hosts` (inline ones apart) whose box is under `min` × `min` px, with their size. */
export function undersizedTargets(hosts: readonly Element[], min = 44): string[] {
  return hosts
    .flatMap(controlsIn)
    .filter((element) => !inSentence(element))
    .flatMap((element) => {
      const box = element.getBoundingClientRect();
      const [width, height] = [Math.round(box.width * 10) / 10, Math.round(box.height * 10) / 10];
      return width >= min && height >= min ? [] : [`${describeControl(element)}: ${width} × ${height}`];
    });
}
