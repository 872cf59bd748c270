import {
  CONTEXT_CLIPBOARD_MIME,
  type ContextClipboardFragment,
  type ContextRecord,
  encodeClipboardFragment,
  encodeClipboardHtml,
} from '../../core/index.js';

/** Environment id written into fragments when the host configured none. */
const UNKNOWN_ENVIRONMENT = 'unknown';

/** What a copy writes: readable text, plus the records of the chips it contains. */
export interface ClipboardPayload {
  text: string;
  records: readonly ContextRecord[];
}

/**
 * Fills a clipboard event's data with `text/plain`, and, when chips were copied, `text/html`
 * carrying the fragment attribute and the custom fragment MIME type.
 */
export function writeClipboardPayload(data: DataTransfer, payload: ClipboardPayload, environmentId: string | undefined): void {
  data.setData('text/plain', payload.text);
  if (payload.records.length === 0) return;
  const fragment: ContextClipboardFragment = {
    version: 1,
    source: { environmentId: environmentId || UNKNOWN_ENVIRONMENT },
    records: [...payload.records],
  };
  const json = encodeClipboardFragment(fragment);
  const htmlFlavour = encodeClipboardHtml(fragment, { text: payload.text });
  if (json) data.setData(CONTEXT_CLIPBOARD_MIME, json);
  if (htmlFlavour) data.setData('text/html', htmlFlavour);
}

/**
 * Copies through the platform's copy command from a click, so all three flavours are written in
 * the same way as a keyboard copy. Returns false when the browser refused.
 */
export function copyWithCommand(payload: ClipboardPayload, environmentId: string | undefined): boolean {
  const onCopy = (event: ClipboardEvent) => {
    if (!event.clipboardData) return;
    event.preventDefault();
    writeClipboardPayload(event.clipboardData, payload, environmentId);
  };
  document.addEventListener('copy', onCopy, { capture: true, once: true });
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    document.removeEventListener('copy', onCopy, { capture: true });
  }
}

/** The current selection inside `root` as a live range, or null when nothing of it is selected there. */
export function selectionRangeIn(root: ShadowRoot): Range | null {
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  let range: Range | null = null;
  if (typeof selection.getComposedRanges === 'function') {
    const [composed] = selection.getComposedRanges({ shadowRoots: [root] });
    if (composed && !composed.collapsed) {
      range = document.createRange();
      range.setStart(composed.startContainer, composed.startOffset);
      range.setEnd(composed.endContainer, composed.endOffset);
    }
  } else {
    range = selection.getRangeAt(0);
  }
  if (!range || range.collapsed) return null;
  return root.contains(range.commonAncestorContainer) || range.commonAncestorContainer === root ? range : null;
}

const BLOCK_ELEMENTS = new Set(['P', 'DIV', 'LI', 'PRE', 'BLOCKQUOTE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'TR', 'UL', 'OL', 'TABLE', 'HR']);

/**
 * The selected part of a rendered message as text: selected text as shown, every fully selected
 * chip as its `data-copy` text (the canonical link), line breaks between blocks. Elements marked
 * `data-copy-skip` (controls) are left out.
 */
export function serializeSelection(range: Range, root: Node): { text: string; chipIds: string[] } {
  let text = '';
  const chipIds: string[] = [];
  const breakLine = () => {
    if (text !== '' && !text.endsWith('\n')) text += '\n';
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      if (node instanceof Element && node.hasAttribute('data-copy-skip')) return NodeFilter.FILTER_REJECT;
      return range.intersectsNode(node) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
    },
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text) {
      const start = node === range.startContainer ? range.startOffset : 0;
      const end = node === range.endContainer ? range.endOffset : node.data.length;
      text += node.data.slice(start, end);
    } else if (node instanceof Element) {
      const copy = node.getAttribute('data-copy');
      if (copy !== null) {
        if (containsWholeNode(range, node)) {
          text += copy;
          const contextId = node.getAttribute('context-id');
          if (contextId) chipIds.push(contextId);
        }
        continue;
      }
      if (node.tagName === 'BR') text += '\n';
      else if (node.tagName === 'TD' || node.tagName === 'TH') {
        if (node.previousElementSibling) text += '\t';
      } else if (BLOCK_ELEMENTS.has(node.tagName)) breakLine();
    }
  }
  return { text, chipIds };
}

function containsWholeNode(range: Range, node: Node): boolean {
  const nodeRange = document.createRange();
  nodeRange.selectNode(node);
  return (
    range.compareBoundaryPoints(Range.START_TO_START, nodeRange) <= 0 &&
    range.compareBoundaryPoints(Range.END_TO_END, nodeRange) >= 0
  );
}
