import { html, type TemplateResult } from 'lit';

/**
 * Line icons drawn from one path each, apart from the kind icons of `icons.ts` (and what they
 * import), so that code loaded on demand (a message's command chip) draws its icon alone.
 */
const SVG_NS = 'http://www.w3.org/2000/svg';
const SVG_ATTRIBUTES: Readonly<Record<string, string>> = {
  viewBox: '0 0 16 16',
  width: '16',
  height: '16',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': '1.3',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
  'aria-hidden': 'true',
  focusable: 'false',
};

/** One built icon per path, cloned for each use: cheaper than building or instantiating it again. */
const builtIcons = new Map<string, SVGSVGElement>();

/** A new 16×16 line icon in `currentColor` drawing one path. */
export function pathIcon(path: string): SVGSVGElement {
  let icon = builtIcons.get(path);
  if (!icon) {
    icon = document.createElementNS(SVG_NS, 'svg');
    for (const [name, value] of Object.entries(SVG_ATTRIBUTES)) icon.setAttribute(name, value);
    icon.appendChild(document.createElementNS(SVG_NS, 'path')).setAttribute('d', path);
    builtIcons.set(path, icon);
  }
  return icon.cloneNode(true) as SVGSVGElement;
}

/** `pathIcon` as a template, for a server (no DOM there): the same attributes, in the same order. */
export function pathIconTemplate(path: string): TemplateResult {
  return html`<svg
    viewBox="0 0 16 16"
    width="16"
    height="16"
    fill="none"
    stroke="currentColor"
    stroke-width="1.3"
    stroke-linecap="round"
    stroke-linejoin="round"
    aria-hidden="true"
    focusable="false"
  ><path d=${path}></path></svg>`;
}
