import { kindIcon } from '../shared/icons.js';

/**
 * A chip's face when the host does not render its own: the kind icon, the label and a host kind's
 * value, built as DOM nodes. The same fragment is handed out while none of them changed, so Lit
 * leaves the nodes alone, and a chip needs no template instances for them (a transcript mounts
 * chips by the thousand).
 */
export class ChipFace {
  private key: readonly unknown[] = [];
  private nodes?: DocumentFragment;

  nodesFor(
    kind: string,
    icons: Readonly<Record<string, string>>,
    label: string,
    value: string | null,
  ): DocumentFragment {
    const key = [kind, icons, label, value];
    if (this.nodes && key.every((part, index) => part === this.key[index])) return this.nodes;
    this.key = key;
    const nodes = document.createDocumentFragment();
    partSpan(nodes, 'icon').appendChild(kindIcon(kind, icons));
    partSpan(nodes, 'label').textContent = label;
    if (value) {
      // The space (no box in the flex chip) keeps the visible text "label value", as its name reads.
      nodes.append(' ');
      partSpan(nodes, 'value').textContent = value;
    }
    return (this.nodes = nodes);
  }

  /** The face was taken out of the chip (the host's own face replaced it): build it anew next time. */
  forget(): void {
    this.nodes = undefined;
  }
}

function partSpan(parent: Node, name: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.setAttribute('part', name);
  span.className = name;
  return parent.appendChild(span);
}
