import { type ContextReferenceOccurrence, walkAroundRanges } from '../../core/index.js';

/**
 * Building a message body as DOM nodes: text, elements and chips. Shared by the Markdown renderer
 * (loaded only when a message needs it) and the bodies that show text verbatim.
 */

export type CreateChip = (occurrence: ContextReferenceOccurrence, index: number) => Node;

/** Appends text to `parent`, joined to a text node already last in it. */
export function appendText(parent: Node, value: string): void {
  if (value === '') return;
  const last = parent.lastChild;
  if (last?.nodeType === Node.TEXT_NODE) (last as Text).appendData(value);
  else parent.appendChild(document.createTextNode(value));
}

/** A new element of `tag` (with `className`, if any) appended to `parent`. */
export function appendElement<K extends keyof HTMLElementTagNameMap>(
  parent: Node,
  tag: K,
  className?: string,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  parent.appendChild(element);
  return element;
}

/** Verbatim text with a chip at each occurrence, appended to `parent`. */
export function appendTextWithChips(
  parent: Node,
  text: string,
  occurrences: readonly ContextReferenceOccurrence[],
  createChip: CreateChip,
): void {
  walkAroundRanges(
    text,
    occurrences,
    (between) => appendText(parent, between),
    (occurrence, index) => parent.appendChild(createChip(occurrence, index)),
  );
}
