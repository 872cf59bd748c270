import { expect } from '@open-wc/testing';
import { safeImageUrl } from '../../../src/elements/shared/urls.js';

export { XSS_PAYLOADS } from '../../../support/xss-payloads.js';

/** Attributes that hold a URL a browser may navigate to, submit to or load. */
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href'];
const FORBIDDEN_ELEMENTS = new Set(['script', 'iframe', 'frame', 'object', 'embed']);
/** Browsers ignore these inside a scheme, so `java\tscript:` is still `javascript:`. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this must find
const IGNORED_IN_URLS = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/g;
const DANGEROUS_URL = /^(?:javascript|vbscript):|^data:text/i;

function describeElement(element: Element): string {
  return `<${element.localName}> ${element.outerHTML.slice(0, 200)}`;
}

function* composedElements(root: Node): Generator<Element> {
  const pending: Node[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node instanceof Element) {
      yield node;
      if (node.shadowRoot) pending.push(node.shadowRoot);
    }
    for (let child = node.lastChild; child; child = child.previousSibling) pending.push(child);
  }
}

/**
 * Fails on anything in the composed tree (open shadow roots included) that could run script: an
 * `on*` attribute, a `javascript:`/`vbscript:`/`data:text` URL, a `<script>`, `<iframe>`,
 * `<object>` or `<embed>`, an `<img>` whose `src` is not a safe image URL, or a CSS expression.
 */
export function assertNoScriptSurface(root: Node): void {
  for (const element of composedElements(root)) {
    expect(FORBIDDEN_ELEMENTS.has(element.localName), `forbidden element ${describeElement(element)}`).to.be.false;
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      expect(name.startsWith('on'), `event handler attribute ${name} on ${describeElement(element)}`).to.be.false;
      if (URL_ATTRIBUTES.includes(name)) {
        const url = attribute.value.replace(IGNORED_IN_URLS, '');
        expect(DANGEROUS_URL.test(url), `dangerous ${name}="${attribute.value}" on ${describeElement(element)}`).to.be
          .false;
      }
      if (name === 'style') {
        expect(/expression\s*\(|javascript:/i.test(attribute.value), `script in style on ${describeElement(element)}`)
          .to.be.false;
      }
    }
    if (element.localName === 'img') {
      const src = element.getAttribute('src');
      expect(src === null || safeImageUrl(src) !== undefined, `unsafe image ${describeElement(element)}`).to.be.true;
    }
  }
}
