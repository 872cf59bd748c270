import { WidgetType } from '@codemirror/view';
import type { Citation } from '../../../../../core/index.js';
import type { T3ContextChip } from '../../../../context-chip/context-chip.js';
import type { TextAtomView } from '../atom-kinds.js';
import { type CitationRange, citationAtoms } from './citation-atom.js';

/** A citation link drawn as one chip. */
class CitationWidget extends WidgetType {
  constructor(
    readonly citation: Citation,
    readonly source: string,
    readonly removable: boolean,
  ) {
    super();
  }

  override eq(other: CitationWidget): boolean {
    return other.source === this.source && other.removable === this.removable;
  }

  override toDOM(): HTMLElement {
    const element = document.createElement('t3-context-chip');
    this.show(element);
    return element;
  }

  override updateDOM(dom: HTMLElement): boolean {
    if (dom.localName !== 't3-context-chip') return false;
    this.show(dom as T3ContextChip);
    return true;
  }

  private show(element: T3ContextChip): void {
    element.kind = 'citation';
    element.citation = this.citation;
    element.placement = 'composer';
    element.removable = this.removable;
    element.setAttribute('contenteditable', 'false');
  }

  /** As a context chip: the editor takes presses on the body; the chip keeps its buttons and its form. */
  override ignoreEvent(event: Event): boolean {
    if (event.type === 'mousedown') return event.composedPath().some(isChipControl);
    return event.type !== 'dragstart';
  }
}

function isChipControl(target: EventTarget): boolean {
  return target instanceof Element && target.matches('[part~="remove-button"], [part~="edit-button"], form, form *');
}

/** A citation drawn as a chip, removable unless the draft is read-only. */
export const citationView: TextAtomView<CitationRange> = {
  kind: citationAtoms,
  widget: (state, { citation, source }) => new CitationWidget(citation, source, !state.readOnly),
  redraw: ({ startState, state }) => startState.readOnly !== state.readOnly,
};
