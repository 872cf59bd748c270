/**
 * Lexical set up as its documentation shows for plain JavaScript
 * (lexical.dev/docs/getting-started/quick-start, lexical.dev/docs/concepts/decorators): an editor on
 * a content-editable root with rich-text behaviour (the one that copies and pastes decorator nodes)
 * and history, and a mention as a DecoratorNode whose decoration, a span with the label, is mounted
 * into the node's host element by a decorator listener, the way framework bindings mount theirs.
 */
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { registerRichText } from '@lexical/rich-text';
import {
  $applyNodeReplacement,
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $isElementNode,
  $isTextNode,
  $selectAll,
  createEditor,
  DecoratorNode,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { DraftModel, InlineCaret } from './draft-model.js';
import { type PeerEditor, type PeerFactory, scrollCaretIntoView } from './peer-editor.js';

type SerializedChipNode = Spread<{ id: string; label: string }, SerializedLexicalNode>;

class ChipNode extends DecoratorNode<HTMLElement> {
  __id: string;
  __label: string;

  static override getType(): string {
    return 'chip';
  }

  static override clone(node: ChipNode): ChipNode {
    return new ChipNode(node.__id, node.__label, node.__key);
  }

  static override importJSON(json: SerializedChipNode): ChipNode {
    return $createChipNode(json.id, json.label);
  }

  constructor(id: string, label: string, key?: NodeKey) {
    super(key);
    this.__id = id;
    this.__label = label;
  }

  override exportJSON(): SerializedChipNode {
    return { ...super.exportJSON(), id: this.__id, label: this.__label };
  }

  override createDOM(): HTMLElement {
    return document.createElement('span');
  }

  override updateDOM(): false {
    return false;
  }

  override getTextContent(): string {
    return this.__label;
  }

  override decorate(): HTMLElement {
    const chip = document.createElement('span');
    chip.className = 'chip';
    chip.textContent = this.__label;
    return chip;
  }
}

function $createChipNode(id: string, label: string): ChipNode {
  return $applyNodeReplacement(new ChipNode(id, label));
}

const $isChipNode = (node: LexicalNode | null | undefined): node is ChipNode => node instanceof ChipNode;

function $fill(model: DraftModel): void {
  const paragraphs = model.paragraphs.map((segments) =>
    $createParagraphNode().append(
      ...segments.map((segment) =>
        'chip' in segment ? $createChipNode(segment.chip.id, segment.chip.label) : $createTextNode(segment.text),
      ),
    ),
  );
  $getRoot()
    .clear()
    .append(...paragraphs);
}

function $select(caret: InlineCaret | 'end'): void {
  const root = $getRoot();
  if (caret === 'end') {
    root.selectEnd();
    return;
  }
  const paragraph = root.getChildAtIndex(caret.paragraph);
  if (!$isElementNode(paragraph)) return void root.selectEnd();
  let left = caret.offset;
  for (const [index, child] of paragraph.getChildren().entries()) {
    const size = $isTextNode(child) ? child.getTextContentSize() : 1;
    if ($isTextNode(child) && left <= size) return void child.select(left, left);
    if (left === 0) return void paragraph.select(index, index);
    left -= size;
  }
  paragraph.selectEnd();
}

export const createLexical: PeerFactory = (host, changed): PeerEditor => {
  host.classList.add('peer');
  const root = document.createElement('div');
  root.contentEditable = 'true';
  host.append(root);
  const editor = createEditor({
    namespace: 'bench',
    nodes: [ChipNode],
    theme: {},
    onError: (error) => {
      throw error;
    },
  });
  editor.setRootElement(root);
  const cleanups = [
    registerRichText(editor),
    registerHistory(editor, createEmptyHistoryState(), 300),
    editor.registerDecoratorListener<HTMLElement>((decorators) => {
      for (const [key, chip] of Object.entries(decorators)) {
        const element = editor.getElementByKey(key);
        if (element && element.firstChild !== chip) element.replaceChildren(chip);
      }
    }),
    editor.registerUpdateListener(({ dirtyElements, dirtyLeaves }) => {
      if (dirtyElements.size > 0 || dirtyLeaves.size > 0) changed();
    }),
  ];
  const read = <T>(reader: () => T): T => editor.getEditorState().read(reader);
  return {
    setContent: (model) => editor.update(() => $fill(model), { discrete: true }),
    clear: () => editor.update(() => $fill({ paragraphs: [[]], chips: 0 }), { discrete: true }),
    focusAt(caret) {
      root.focus({ preventScroll: true });
      editor.update(() => $select(caret), { discrete: true });
      scrollCaretIntoView(host);
    },
    selectAll() {
      root.focus({ preventScroll: true });
      editor.update(() => void $selectAll(), { discrete: true });
    },
    textLength: () =>
      read(() => {
        const blocks = $getRoot().getChildren();
        return blocks.reduce((sum, block) => sum + block.getTextContentSize(), blocks.length - 1);
      }),
    chipCount: () =>
      read(() =>
        $getRoot()
          .getChildren()
          .reduce(
            (sum, paragraph) =>
              sum + ($isElementNode(paragraph) ? paragraph.getChildren().filter($isChipNode).length : 0),
            0,
          ),
      ),
    destroy() {
      for (const cleanup of cleanups) cleanup();
      editor.setRootElement(null);
      host.remove();
    },
  };
};
