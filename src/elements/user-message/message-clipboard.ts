import { CONTEXT_CLIPBOARD_MIME, type ContextRecord } from '../../core/index.js';
import { clipboardFlavours, writeFlavours } from '../shared/clipboard-flavours.js';

/** What a copy writes: readable text, plus the records of the chips it contains. */
export interface ClipboardPayload {
  text: string;
  records: readonly ContextRecord[];
}

/**
 * Fills a clipboard event's data with `text/plain`, and, when chips were copied, `text/html`
 * carrying the fragment attribute and the custom fragment MIME type.
 */
export function writeClipboardPayload(
  data: DataTransfer,
  payload: ClipboardPayload,
  environmentId: string | undefined,
): void {
  writeFlavours(data, clipboardFlavours(payload.text, payload.records, environmentId));
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

/**
 * Copies through the asynchronous clipboard, for browsers that refuse the copy command. The
 * fragment's custom format is dropped first if the browser rejects it, then the HTML flavour.
 */
export async function copyWithClipboardApi(
  payload: ClipboardPayload,
  environmentId: string | undefined,
): Promise<boolean> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard) return false;
  const flavours = clipboardFlavours(payload.text, payload.records, environmentId);
  const attempts = [flavours, withoutType(flavours, CONTEXT_CLIPBOARD_MIME), { 'text/plain': payload.text }];
  for (const attempt of attempts) {
    try {
      if (typeof ClipboardItem === 'function' && typeof clipboard.write === 'function') {
        const blobs = Object.fromEntries(
          Object.entries(attempt).map(([type, data]) => [type, new Blob([data], { type })]),
        );
        await clipboard.write([new ClipboardItem(blobs)]);
      } else {
        await clipboard.writeText(payload.text);
      }
      return true;
    } catch {
      // Try the next, smaller set of flavours.
    }
  }
  return false;
}

function withoutType(flavours: Record<string, string>, type: string): Record<string, string> {
  const rest = { ...flavours };
  delete rest[type];
  return rest;
}

/**
 * The selection inside `root` as a copy or a drag carries it: the rendered text with each fully
 * selected chip as its canonical link (a citation chip has no record, but its link is carried),
 * and the records of those chips; undefined when it holds no chip, so the browser's own copy
 * serves.
 */
export function selectionPayload(root: ShadowRoot, records: readonly ContextRecord[]): ClipboardPayload | undefined {
  const range = selectionRangeIn(root);
  if (!range) return undefined;
  const { text, chipIds, chips } = serializeSelection(range, root);
  if (chips === 0) return undefined;
  const wanted = new Set(chipIds);
  return { text, records: records.filter((record) => wanted.has(record.contextId)) };
}

/** The current selection inside `root` as a live range, or null when nothing of it is selected there. */
function selectionRangeIn(root: ShadowRoot): Range | null {
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

/** Blocks set apart by a blank line, like paragraphs in Markdown (one line break inside a list item). */
const PARAGRAPH_LIKE = new Set([
  'P',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'PRE',
  'BLOCKQUOTE',
  'UL',
  'OL',
  'TABLE',
  'HR',
]);
/** Blocks that start on a line of their own. */
const LINE_LIKE = new Set(['LI', 'TR', 'DIV', 'THEAD', 'TBODY', 'DL', 'DT', 'DD']);

type WhiteSpace = 'collapse' | 'preserve' | 'preserve-breaks';

/**
 * Builds the text/plain of a selection the way `innerText` lays out rendered text: whitespace
 * collapsed where CSS collapses it, kept where it is preserved (code, annotation-driven text),
 * one line break between lines and a blank line between paragraphs, never at the very start or end.
 */
class PlainTextWriter {
  private text = '';
  private pendingBreaks = 0;
  private pendingSpace = false;

  /** Text as rendered: collapsible whitespace becomes one space, and none at the start of a line. */
  writeText(value: string, whiteSpace: WhiteSpace): void {
    if (value === '') return;
    if (whiteSpace === 'preserve') return this.writeLiteral(value);
    const lines = whiteSpace === 'preserve-breaks' ? value.split('\n') : [value.replace(/[\n\r]/g, ' ')];
    lines.forEach((line, index) => {
      if (index > 0) this.writeLiteral('\n');
      this.writeCollapsed(line);
    });
  }

  /** Text written as it is: a chip's canonical link, a line break, preserved whitespace. */
  writeLiteral(value: string): void {
    if (value === '') return;
    this.flush();
    this.text += value;
  }

  /** Asks for `count` line breaks before the next content (the largest request wins). */
  requireBreaks(count: number): void {
    if (this.text === '') return;
    this.pendingBreaks = Math.max(this.pendingBreaks, count);
    this.pendingSpace = false;
  }

  /** A cell separator: a tab between cells of one row. */
  writeTab(): void {
    if (this.text === '' || this.pendingBreaks > 0 || this.text.endsWith('\n')) return;
    this.pendingSpace = false;
    this.text += '\t';
  }

  toString(): string {
    return this.text;
  }

  private writeCollapsed(value: string): void {
    const collapsed = value.replace(/[ \t\f]+/g, ' ');
    const leading = collapsed.startsWith(' ');
    const trailing = collapsed.endsWith(' ');
    const words = collapsed.trim();
    if (words === '') {
      if (collapsed !== '' && !this.atLineStart()) this.pendingSpace = true;
      return;
    }
    if (leading && !this.atLineStart()) this.pendingSpace = true;
    this.flush();
    this.text += words;
    if (trailing) this.pendingSpace = true;
  }

  private atLineStart(): boolean {
    return this.text === '' || this.pendingBreaks > 0 || this.text.endsWith('\n');
  }

  private flush(): void {
    if (this.pendingBreaks > 0) {
      const present = /\n*$/.exec(this.text)![0].length;
      this.text += '\n'.repeat(Math.max(0, this.pendingBreaks - present));
    } else if (this.pendingSpace && !/\s$/.test(this.text) && this.text !== '') {
      this.text += ' ';
    }
    this.pendingBreaks = 0;
    this.pendingSpace = false;
  }
}

/**
 * The selected part of a rendered message as text: selected text as shown, every fully selected
 * chip as its `data-copy` text (the canonical link), line breaks between blocks. Elements marked
 * `data-copy-skip` (controls, announcements) are left out.
 */
function serializeSelection(range: Range, root: Node): { text: string; chipIds: string[]; chips: number } {
  const writer = new PlainTextWriter();
  const chipIds: string[] = [];
  let chips = 0;
  const whiteSpaceOf = whiteSpaceReader();
  const visit = (node: Node): void => {
    if (!range.intersectsNode(node)) return;
    if (node instanceof Text) {
      const start = node === range.startContainer ? range.startOffset : 0;
      const end = node === range.endContainer ? range.endOffset : node.data.length;
      writer.writeText(node.data.slice(start, end), whiteSpaceOf(node.parentElement));
      return;
    }
    if (!(node instanceof Element)) {
      node.childNodes.forEach(visit);
      return;
    }
    if (node.hasAttribute('data-copy-skip')) return;
    const copy = node.getAttribute('data-copy');
    if (copy !== null) {
      if (containsWholeNode(range, node)) {
        writer.writeLiteral(copy);
        chips++;
        const contextId = node.getAttribute('context-id');
        if (contextId) chipIds.push(contextId);
      }
      return;
    }
    visitElement(node, writer, () => node.childNodes.forEach(visit));
  };
  root.childNodes.forEach(visit);
  return { text: writer.toString(), chipIds, chips };
}

function visitElement(element: Element, writer: PlainTextWriter, visitChildren: () => void): void {
  const tag = element.tagName;
  if (tag === 'BR') return writer.writeLiteral('\n');
  if (tag === 'TD' || tag === 'TH') {
    if (element.previousElementSibling) writer.writeTab();
    return visitChildren();
  }
  const breaks = PARAGRAPH_LIKE.has(tag)
    ? element.parentElement?.tagName === 'LI'
      ? 1
      : 2
    : LINE_LIKE.has(tag)
      ? 1
      : 0;
  writer.requireBreaks(breaks);
  visitChildren();
  writer.requireBreaks(breaks);
}

/** Reads each parent's CSS whitespace handling once. */
function whiteSpaceReader(): (element: Element | null) => WhiteSpace {
  const cache = new Map<Element, WhiteSpace>();
  return (element) => {
    if (!element) return 'collapse';
    let mode = cache.get(element);
    if (mode === undefined) {
      mode = whiteSpaceFromStyle(getComputedStyle(element));
      cache.set(element, mode);
    }
    return mode;
  };
}

function whiteSpaceFromStyle(style: CSSStyleDeclaration): WhiteSpace {
  const collapse = style.getPropertyValue('white-space-collapse');
  if (collapse) {
    if (collapse === 'collapse') return 'collapse';
    return collapse === 'preserve-breaks' ? 'preserve-breaks' : 'preserve';
  }
  const whiteSpace = style.whiteSpace;
  if (whiteSpace === 'pre-line') return 'preserve-breaks';
  return whiteSpace.startsWith('pre') || whiteSpace === 'break-spaces' ? 'preserve' : 'collapse';
}

function containsWholeNode(range: Range, node: Node): boolean {
  const nodeRange = document.createRange();
  nodeRange.selectNode(node);
  return (
    range.compareBoundaryPoints(Range.START_TO_START, nodeRange) <= 0 &&
    range.compareBoundaryPoints(Range.END_TO_END, nodeRange) >= 0
  );
}
