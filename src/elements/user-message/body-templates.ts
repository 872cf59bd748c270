import { html, nothing, type TemplateResult } from 'lit';
import { isTemplateResult } from 'lit/directive-helpers.js';
import { html as staticHtml, literal, type StaticValue } from 'lit/static-html.js';
import { type BodyAttributes, type BodyTag, type BodyTarget, CHIP_EXPORT_PARTS } from './body-target.js';

/**
 * The server's body target: the same elements the browser's target makes, as Lit templates, which
 * `@lit-labs/ssr` renders to HTML and the chips in it to declarative shadow DOM. Each element is
 * one template with a binding per possible attribute (an absent one renders no attribute), and
 * its children, text escaped by Lit, in one part: no HTML string is ever made from content.
 */

interface BodyElement {
  readonly tag: BodyTag;
  readonly attributes: BodyAttributes;
  readonly children: unknown[];
}

interface BodyFragment {
  readonly children: unknown[];
}

const TAGS: Readonly<Record<Exclude<BodyTag, 'hr' | 'br'>, StaticValue>> = {
  p: literal`p`,
  h1: literal`h1`,
  h2: literal`h2`,
  h3: literal`h3`,
  h4: literal`h4`,
  h5: literal`h5`,
  h6: literal`h6`,
  blockquote: literal`blockquote`,
  ul: literal`ul`,
  ol: literal`ol`,
  li: literal`li`,
  table: literal`table`,
  thead: literal`thead`,
  tbody: literal`tbody`,
  tr: literal`tr`,
  th: literal`th`,
  td: literal`td`,
  pre: literal`pre`,
  code: literal`code`,
  em: literal`em`,
  strong: literal`strong`,
  del: literal`del`,
  a: literal`a`,
};

function children(parent: object): unknown[] {
  return (parent as BodyFragment).children;
}

function elementTemplate({ tag, attributes: a, children: content }: BodyElement): TemplateResult {
  if (tag === 'hr') return html`<hr />`;
  if (tag === 'br') return html`<br />`;
  const name = TAGS[tag];
  // One line: whitespace inside the template would show inside a code block.
  return staticHtml`<${name} class=${a.class ?? nothing} dir=${a.dir ?? nothing} href=${a.href ?? nothing} title=${a.title ?? nothing} target=${a.target ?? nothing} rel=${a.rel ?? nothing} start=${a.start ?? nothing} data-language=${a['data-language'] ?? nothing}>${content.map(templateOf)}</${name}>`;
}

function templateOf(child: unknown): unknown {
  return typeof child === 'object' && child !== null && 'tag' in child ? elementTemplate(child as BodyElement) : child;
}

export const templateTarget: BodyTarget = {
  fragment: (): BodyFragment => ({ children: [] }),
  element(parent, tag, attributes = {}) {
    const element: BodyElement = { tag, attributes, children: [] };
    children(parent).push(element);
    return element;
  },
  text(parent, value) {
    if (value === '') return;
    const siblings = children(parent);
    const last = siblings.length - 1;
    // Adjacent text is one part, as it is one text node in the browser.
    if (typeof siblings[last] === 'string') siblings[last] += value;
    else siblings.push(value);
  },
  checkbox: (parent, checked) =>
    void children(parent).push(html`<input type="checkbox" disabled ?checked=${checked} />`),
  append: (parent, piece) => void children(parent).push(piece),
  appendHostContent(parent, content) {
    if (!isTemplateResult(content)) return false;
    children(parent).push(content);
    return true;
  },
  chip: (chip) =>
    html`<t3-context-chip
      kind=${chip.kind}
      context-id=${chip.contextId}
      label=${chip.label}
      exportparts=${CHIP_EXPORT_PARTS}
      draggable="true"
      data-copy=${chip.copy}
      .record=${chip.record}
      .reference=${chip.reference}
      .relatedRecords=${chip.related}
    ></t3-context-chip>`,
  citationChip: (citation, source) =>
    html`<t3-context-chip
      kind="citation"
      exportparts=${CHIP_EXPORT_PARTS}
      draggable="true"
      data-copy=${source}
      .citation=${citation}
    ></t3-context-chip>`,
  finish: (fragment) => children(fragment).map(templateOf),
};
