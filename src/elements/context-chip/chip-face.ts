import { html, nothing } from 'lit';
import { kindIcon, kindIconTemplate } from '../shared/icons.js';

/**
 * A chip's face when the host does not render its own: the kind icon, the label and a host kind's
 * value, built as DOM nodes (the chip keeps them with `guard` while none of them changes, so a
 * chip needs no template instances for them: a transcript mounts chips by the thousand). With
 * `asTemplate` (a server, where there is no DOM, and a chip hydrating what a server drew), the
 * same elements as a template.
 */
export function chipFace(
  kind: string,
  icons: Readonly<Record<string, string>>,
  label: string,
  value: string | undefined,
  asTemplate = false,
): unknown {
  if (asTemplate) return chipFaceTemplate(kind, icons, label, value);
  const nodes = document.createDocumentFragment();
  partSpan(nodes, 'icon').appendChild(kindIcon(kind, icons));
  partSpan(nodes, 'label').textContent = label;
  if (value) {
    // The space (no box in the flex chip) keeps the visible text "label value", as its name reads.
    nodes.append(' ');
    partSpan(nodes, 'value').textContent = value;
  }
  return nodes;
}

function partSpan(parent: Node, name: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.setAttribute('part', name);
  span.className = name;
  return parent.appendChild(span);
}

function chipFaceTemplate(
  kind: string,
  icons: Readonly<Record<string, string>>,
  label: string,
  value: string | undefined,
): unknown {
  return html`<span part="icon" class="icon">${kindIconTemplate(kind, icons)}</span><span part="label" class="label"
      >${label}</span
    >${value ? html` <span part="value" class="value">${value}</span>` : nothing}`;
}
