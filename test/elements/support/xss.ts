import { expect } from '@open-wc/testing';
import { safeImageUrl } from '../../../src/elements/shared/urls.js';

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

/**
 * Classic XSS payloads. Each one, if it ever ran, would call `alert` or set `window.__xss`; tests
 * replace `alert` with a trap that sets `window.__xss` too.
 */
export const XSS_PAYLOADS: readonly string[] = [
  // Script elements.
  '<script>window.__xss = 1</script>',
  '<SCRIPT>alert(1)</SCRIPT>',
  '<script src="data:text/javascript,alert(1)"></script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '</p><script>alert(1)</script><p>',
  '<div>\n<script>alert(1)</script>\n</div>',
  // Event handler attributes.
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="window.__xss=1">',
  '<IMG SRC=x OnErRoR=alert(1)>',
  '<img/src=x/onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<div style="width: expression(alert(1))">css</div>',
  '<a href="#" onclick="alert(1)">click</a>',
  // javascript: and friends in HTML form.
  '<a href="javascript:alert(1)">html link</a>',
  '<a href="JaVaScRiPt:alert(1)">case</a>',
  '<a href="jav&#x09;ascript:alert(1)">entity tab</a>',
  '<a href=" javascript:alert(1)">leading space</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">go</button>',
  '<math><a xlink:href="javascript:alert(1)">m</a></math>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  // javascript: and friends in Markdown form.
  '[link](javascript:alert(1))',
  '[link](JAVASCRIPT:alert(1))',
  '[link](  javascript:alert(1)  )',
  '[link](<javascript:alert(1)>)',
  '[link](jav&#x09;ascript:alert(1))',
  '[link](jav&#9;ascript:alert(1))',
  '[link](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))',
  '[link](&#x6A;avascript:alert(1))',
  '[a](javascript&colon;alert(1))',
  '[a](javascript&#58;alert(1))',
  '[a](java\\tscript:alert(1))',
  '[a](\u0001javascript:alert(1))',
  '[a](vbscript:msgbox(1))',
  '[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[a](data:text/html,<script>alert(1)</script>)',
  '[a][ref]\n\n[ref]: javascript:alert(1)',
  '[a][ref]\n\n[ref]: jav&#x09;ascript:alert(1) "t"',
  '<javascript:alert(1)>',
  '[a](http://example.com "title\\" onmouseover=\\"alert(1)")',
  '[a](http://example.com" onmouseover="alert(1))',
  '[a](https://example.com/"><script>alert(1)</script>)',
  // Images.
  '![x](javascript:alert(1))',
  '![x](x" onerror="alert(1))',
  '![x" onerror="alert(1)](https://example.com/a.png)',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '![x](https://example.com/a.png "\\" onerror=\\"alert(1)")',
  // Template and attribute breaking.
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '`}${alert(1)}${`',
  '{{constructor.constructor("alert(1)")()}}',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  // t3-context links with hostile labels and hrefs.
  '[<img src=x onerror=alert(1)>](t3-context://v1/file/ctx_xss)',
  '[<script>alert(1)</script>](t3-context://v1/terminal/ctx_t)',
  '![" onerror="alert(1)](t3-context://v1/image/ctx_i)',
  '[javascript:alert(1)](t3-context://v1/mention/ctx_m)',
  '[x](t3-context://v1/file/a"onmouseover="alert(1))',
  '[x](t3-context://v1/javascript:alert(1)/a)',
  '[x](t3-context:javascript:alert(1))',
  '[[a](t3-context://v1/file/a)](javascript:alert(1))',
  '[a](javascript:[b](t3-context://v1/file/b))',
];
