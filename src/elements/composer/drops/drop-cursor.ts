import type { Extension } from '@codemirror/state';
import { dropCursor, ViewPlugin } from '@codemirror/view';

/**
 * CodeMirror's drop cursor, the point a drop lands on while dragging over the editor, which also
 * goes when a drag from the page ends elsewhere or is cancelled (Escape). The browser tells such
 * an ending to the drag's source (`dragend`) and not always to the editor the drag was over, so
 * the editor is told the drag left it, the one signal its drop cursor follows.
 */
export function dropPointCursor(): Extension {
  return [
    dropCursor(),
    ViewPlugin.define((view) => {
      const document = view.dom.ownerDocument;
      const ended = () => view.contentDOM.dispatchEvent(new DragEvent('dragleave'));
      document.addEventListener('dragend', ended, true);
      return { destroy: () => document.removeEventListener('dragend', ended, true) };
    }),
  ];
}
