import type { EditorState, Extension, Range } from '@codemirror/state';
import { StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, WidgetType } from '@codemirror/view';
import type { Citation } from '../../../core/index.js';
import type { T3ContextChip } from '../../context-chip/context-chip.js';
import { citationIndex } from './citation-chips.js';

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

function buildDecorations(state: EditorState): DecorationSet {
  const removable = !state.readOnly;
  const ranges: Range<Decoration>[] = [];
  state.field(citationIndex).between(0, state.doc.length, (from, to, { citation, source }) => {
    ranges.push(Decoration.replace({ widget: new CitationWidget(citation, source, removable) }).range(from, to));
  });
  return Decoration.set(ranges);
}

/**
 * Drawn again after each edit of a draft that holds citations (few, and a widget equal to the
 * one before keeps its element), and when read-only changes.
 */
const citationDecorations = StateField.define<DecorationSet>({
  create: buildDecorations,
  update(decorations, transaction) {
    const { startState, state } = transaction;
    const citations = startState.field(citationIndex).size > 0 || state.field(citationIndex).size > 0;
    if ((transaction.docChanged && citations) || startState.readOnly !== state.readOnly) return buildDecorations(state);
    return decorations;
  },
});

/** The citation chips in the editor: indexed, drawn, and atomic for the caret, selection and deletion. */
export function citationChipExtension(): Extension {
  return [
    citationIndex,
    citationDecorations,
    EditorView.decorations.from(citationDecorations),
    EditorView.atomicRanges.of((view) => view.state.field(citationIndex)),
  ];
}
