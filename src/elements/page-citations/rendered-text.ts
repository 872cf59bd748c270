/**
 * The text a person reads in a rendered message, as citations count it: text nodes in DOM order,
 * one line break between blocks and at `<br>`, controls and hidden parts left out. It reads no
 * layout and no generated content, so reflowing the page never moves an offset.
 */

const CONTROLS = 'button, input, textarea, select, [role=button], [contenteditable]';
const LEFT_OUT = `${CONTROLS}, [hidden], [aria-hidden=true], script, style, template, noscript, svg`;
const BLOCKS =
  'address, article, aside, blockquote, dd, div, dl, dt, figcaption, figure, footer, h1, h2, h3, h4, h5, h6, ' +
  'header, hr, li, main, nav, ol, p, pre, section, table, td, th, tr, ul';

/** One text node and where its characters sit in the rendered text. */
export interface TextChunk {
  node: Text;
  start: number;
  end: number;
}

export interface RenderedText {
  text: string;
  chunks: TextChunk[];
}

export function readRenderedText(root: Element): RenderedText {
  const parts: string[] = [];
  const chunks: TextChunk[] = [];
  let length = 0;
  let lineBreakPending = false;
  const visit = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node as Text;
      if (text.length === 0) return;
      // Indentation between blocks is markup, not text (it collapses to the same one space anyway).
      if ((lineBreakPending || length === 0) && text.data.trim() === '') return;
      if (lineBreakPending && length > 0) {
        parts.push('\n');
        length += 1;
      }
      lineBreakPending = false;
      chunks.push({ node: text, start: length, end: length + text.length });
      parts.push(text.data);
      length += text.length;
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    if (element.matches(LEFT_OUT)) return;
    const block = element.matches(BLOCKS);
    if (block || element.localName === 'br') lineBreakPending = true;
    for (const child of element.childNodes) visit(child);
    if (block) lineBreakPending = true;
  };
  visit(root);
  return { text: parts.join(''), chunks };
}

/** Whether `node` lies in a part the rendered text leaves out. */
export function isLeftOut(node: Node): boolean {
  const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
  return !!element?.closest(LEFT_OUT);
}

/** Each whitespace run as one space: the text citation offsets count in. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** The offset in `text` of offset `collapsed` of its collapsed form (the end of a whitespace run it falls in). */
export function rawOffset(text: string, collapsed: number): number {
  let counted = 0;
  for (const match of text.matchAll(/\s+|\S+/g)) {
    const run = match[0];
    const whitespace = /\s/.test(run[0]!);
    const length = whitespace ? 1 : run.length;
    if (collapsed <= counted + length) {
      return match.index + (whitespace && collapsed > counted ? run.length : collapsed - counted);
    }
    counted += length;
  }
  return text.length;
}
