import { kindIcon } from '../shared/icons.js';

/**
 * A chip's face when the host does not render its own: the kind icon, the label and a host kind's
 * value, built as DOM nodes (the chip keeps them with `guard` while none of them changes, so a
 * chip needs no template instances for them: a transcript mounts chips by the thousand).
 */
export function chipFace(
  kind: string,
  icons: Readonly<Record<string, string>>,
  label: string,
  value: string | undefined,
): DocumentFragment {
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
