import type { Extension } from '@codemirror/state';
import { Decoration, EditorView, WidgetType } from '@codemirror/view';
import { menuState } from '../menu/menu-state.js';
import { dictationField, phrasePoint } from './dictation-state.js';

/** The recognizer's guess, drawn at the dictation point but not part of the text. */
class InterimWidget extends WidgetType {
  constructor(readonly text: string) {
    super();
  }

  override eq(other: InterimWidget): boolean {
    return other.text === this.text;
  }

  override toDOM(): HTMLElement {
    const span = document.createElement('span');
    span.setAttribute('part', 'interim');
    span.className = 'interim';
    // A guess that the next result replaces: not text a screen reader should read as the draft's.
    span.setAttribute('aria-hidden', 'true');
    span.textContent = this.text;
    return span;
  }
}

/** Draws the interim text at the point where the next phrase goes; nothing while there is none. */
export const interimText: Extension = EditorView.decorations.compute([dictationField, menuState], (state) => {
  const interim = state.field(dictationField)?.interim;
  const at = phrasePoint(state);
  if (!interim || at === undefined) return Decoration.none;
  return Decoration.set([Decoration.widget({ widget: new InterimWidget(interim), side: 1 }).range(at)]);
});
