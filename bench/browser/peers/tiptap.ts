/**
 * Tiptap 3 set up as its documentation shows (tiptap.dev/docs/editor/getting-started/configure,
 * …/extensions/nodes/mention): Document, Paragraph, Text, UndoRedo and the Mention node (an atomic
 * inline node), which renders a chip as a span with its label.
 */
import { Editor, type JSONContent } from '@tiptap/core';
import Document from '@tiptap/extension-document';
import Mention from '@tiptap/extension-mention';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { UndoRedo } from '@tiptap/extensions';
import type { DraftModel, InlineCaret } from './draft-model.js';
import { type PeerEditor, type PeerFactory, scrollCaretIntoView } from './peer-editor.js';

function documentOf(model: DraftModel): JSONContent {
  return {
    type: 'doc',
    content: model.paragraphs.map((segments) => ({
      type: 'paragraph',
      ...(segments.length > 0 && {
        content: segments.map((segment) =>
          'chip' in segment
            ? { type: 'mention', attrs: { id: segment.chip.id, label: segment.chip.label } }
            : { type: 'text', text: segment.text },
        ),
      }),
    })),
  };
}

export const createTiptap: PeerFactory = (host, changed): PeerEditor => {
  host.classList.add('peer');
  const editor = new Editor({
    element: host,
    extensions: [
      Document,
      Paragraph,
      Text,
      UndoRedo,
      Mention.configure({
        HTMLAttributes: { class: 'chip' },
        renderText: ({ node }) => String(node.attrs.label),
        renderHTML: ({ options, node }) => ['span', options.HTMLAttributes, String(node.attrs.label)],
      }),
    ],
    onUpdate: changed,
  });
  const positionOf = (caret: InlineCaret | 'end'): number => {
    const { doc } = editor.state;
    if (caret === 'end') return doc.content.size - 1;
    let position = 0;
    for (let index = 0; index < caret.paragraph; index++) position += doc.child(index).nodeSize;
    return position + 1 + caret.offset;
  };
  return {
    setContent: (model) => editor.commands.setContent(documentOf(model)),
    clear: () => editor.commands.clearContent(),
    focusAt(caret) {
      editor.chain().focus().setTextSelection(positionOf(caret)).scrollIntoView().run();
      scrollCaretIntoView(host);
    },
    selectAll: () => editor.chain().focus().selectAll().run(),
    textLength: () => editor.getText({ blockSeparator: '\n' }).length,
    chipCount() {
      let chips = 0;
      editor.state.doc.descendants((node) => {
        if (node.type.name === 'mention') chips++;
      });
      return chips;
    },
    destroy() {
      editor.destroy();
      host.remove();
    },
  };
};
