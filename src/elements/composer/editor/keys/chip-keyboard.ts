import { type EditorState, type Extension, Prec } from '@codemirror/state';
import { EditorView, keymap, ViewPlugin } from '@codemirror/view';
import type { T3ContextChip } from '../../../context-chip/context-chip.js';
import type { T3Locale } from '../../../shared/locale.js';
import { atomCountOf, atomsOf } from '../atoms/atom-index.js';

/**
 * The key that reaches a chip's own controls. Alt+Enter: the composer binds Enter with no modifier,
 * with Shift, and with Ctrl/Cmd (and Ctrl/Cmd+Shift), never with Alt; browsers give it no page
 * action; and Enter with any modifier is already held back during an IME composition.
 */
export const CHIP_CONTROLS_KEY = 'Alt-Enter';

/** A chip's own controls, in Tab order: Retry a failed upload, Edit comment and its form, Expand to text. */
const CONTROLS = [
  '[part~="retry-button"]',
  '[part~="edit-button"]',
  '[part~="comment-editor"] textarea',
  '[part~="comment-editor"] button',
  '[part~="expand"]',
].join(', ');

/**
 * Where the chip right before the caret starts, else the chip right after it, else the chip before
 * the caret across one space (where every insertion leaves the caret: a chip comes with one space
 * after it); null with no chip beside it.
 */
export function chipBesideCaret(state: EditorState): number | null {
  const { main } = state.selection;
  if (!main.empty) return null;
  const at = main.head;
  const from = Math.max(0, at - 2);
  const around = atomsOf(state, from, at + 1);
  const before = around.find((chip) => chip.to === at);
  const after = around.find((chip) => chip.from === at);
  const spaced = state.doc.sliceString(at - 1, at) === ' ' ? around.find((chip) => chip.to === at - 1) : undefined;
  return (before ?? after ?? spaced)?.from ?? null;
}

/**
 * Keyboard access to the controls of a chip in the draft (Retry, Expand to text, Edit comment): with the
 * caret beside a chip, the key opens its details and focuses its first control; Tab stays among
 * its controls, Escape closes the details and gives focus back to the editor, the caret unmoved.
 * While the draft holds chips, the editor's description tells the key.
 */
export function chipKeyboard(locale: () => T3Locale): Extension {
  return [
    // Before the composer's own keys: Escape closes details the key opened before it stops a busy host.
    Prec.highest(
      keymap.of([
        { key: CHIP_CONTROLS_KEY, run: openChipControls },
        { key: 'Escape', run: closeDetailsOpenedInPlace },
      ]),
    ),
    closeDetailsOnMove,
    EditorView.contentAttributes.of((view) =>
      hasChips(view.state) ? { 'aria-description': locale().chipControlsKey } : null,
    ),
  ];
}

/** A chip whose details the key opened while focus stayed in the editor (it has no controls). */
const openedInPlace = new WeakMap<EditorView, T3ContextChip>();

/** Such details close once the caret moves or the draft changes, as focus details do once focus leaves. */
const closeDetailsOnMove = ViewPlugin.define((view) => ({
  update(update) {
    const chip = openedInPlace.get(view);
    if (!chip || !(update.docChanged || update.selectionSet)) return;
    openedInPlace.delete(view);
    void chip.showControls(false);
  },
}));

function closeDetailsOpenedInPlace(view: EditorView): boolean {
  const chip = openedInPlace.get(view);
  if (!chip) return false;
  openedInPlace.delete(view);
  void chip.showControls(false);
  return true;
}

/** Read on every update: a count kept by the index, no list of chips built. */
function hasChips(state: EditorState): boolean {
  return atomCountOf(state) > 0;
}

function openChipControls(view: EditorView): boolean {
  const from = chipBesideCaret(view.state);
  if (from === null) return false;
  const chip = chipElementAt(view, from);
  if (!chip) return false;
  void focusControls(view, chip);
  return true;
}

function chipElementAt(view: EditorView, from: number): T3ContextChip | undefined {
  const drawn = view.contentDOM.querySelectorAll<T3ContextChip>('t3-context-chip');
  return [...drawn].find((chip) => view.posAtDOM(chip) === from);
}

async function focusControls(view: EditorView, chip: T3ContextChip): Promise<void> {
  await chip.showControls(true);
  const controls = () => [...chip.renderRoot.querySelectorAll<HTMLElement>(CONTROLS)];
  const first = controls()[0];
  // Without controls the details open while focus stays in the editor; Escape closes them there.
  if (!chip.isConnected) return;
  if (!first) {
    openedInPlace.set(view, chip);
    return;
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish();
      view.focus();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      const all = controls();
      const current = all.indexOf(chip.shadowRoot?.activeElement as HTMLElement);
      all.at((current + (event.shiftKey ? -1 : 1)) % all.length)?.focus();
    }
  };
  // Focus that leaves the chip (a control that acted, a click elsewhere) closes its details; a
  // control that goes away (the comment form's Cancel) hands focus on within the chip first.
  const onFocusOut = () => setTimeout(() => chip.matches(':focus-within') || finish());
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    chip.removeEventListener('keydown', onKeyDown, true);
    chip.removeEventListener('focusout', onFocusOut);
    void chip.showControls(false);
  };
  chip.addEventListener('keydown', onKeyDown, true);
  chip.addEventListener('focusout', onFocusOut);
  first.focus();
}
