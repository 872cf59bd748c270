/**
 * What the benchmark page needs from a peer editor: show a draft, set one (timed by the caller),
 * put the caret where ours goes, and say how much text and how many chips it holds. Peers live in
 * the light DOM (Lexical does not support shadow roots), styled like our composer: same font,
 * width, padding and height limit.
 */
import type { DraftModel, InlineCaret } from './draft-model.js';

export interface PeerEditor {
  /** Replaces the content with `model`, synchronously as far as the editor allows. */
  setContent(model: DraftModel): void;
  clear(): void;
  /** Focuses with the caret at `caret`, or at the end. */
  focusAt(caret: InlineCaret | 'end'): void;
  selectAll(): void;
  /** The text with paragraphs joined by line feeds and a chip counted as its label. */
  textLength(): number;
  chipCount(): number;
  destroy(): void;
}

export type PeerFactory = (host: HTMLElement, changed: () => void) => PeerEditor;

const peerSheet = new CSSStyleSheet();
peerSheet.replaceSync(`
  .peer { max-block-size: 12em; overflow: auto; font: 14px/1.5 system-ui, sans-serif; border: 1px solid #ccc; border-radius: 8px; }
  .peer [contenteditable='true'] { padding: 0.55em 0.75em; outline: none; white-space: pre-wrap; overflow-wrap: break-word; }
  .peer p { margin: 0; }
  .peer .chip { display: inline-flex; padding: 0 6px; border: 1px solid #ccd; border-radius: 6px; background: #eef; }
`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, peerSheet];

/** Scrolls the peer's box so the caret is in view, as CodeMirror's `scrollIntoView` does for ours. */
export function scrollCaretIntoView(box: HTMLElement): void {
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0) return;
  const caret = selection.getRangeAt(0).getClientRects()[0] ?? selection.getRangeAt(0).getBoundingClientRect();
  const view = box.getBoundingClientRect();
  if (caret.top < view.top || caret.bottom > view.bottom) {
    box.scrollTop += caret.top - view.top - view.height / 2;
  }
  box.scrollIntoView({ block: 'nearest' });
}
