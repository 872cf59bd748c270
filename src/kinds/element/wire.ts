import { boundedString, nonNegativeInt, nullable, struct, type FieldTable } from '../../core/record-fields.js';
import type { ElementContextDetails, ElementSource } from '../../core/types.js';
import {
  NAME_MAX_CHARS,
  indent,
  indentedSection,
  nullableShortString,
  shortString,
  type KindDefinition,
  type KindReaders,
} from '../../core/kinds/kind.js';

/** A picked page element; its details are also what a preview annotation holds per element. */

const elementSourceField = struct<ElementSource>({
  functionName: nullableShortString,
  fileName: nullableShortString,
  lineNumber: nullable(nonNegativeInt),
  columnNumber: nullable(nonNegativeInt),
});

/** `ElementContextDetails`, in schema order. */
export function elementDetailsFields({ trimmed }: KindReaders): FieldTable<ElementContextDetails> {
  return {
    pageUrl: shortString,
    pageTitle: nullableShortString,
    tagName: trimmed(NAME_MAX_CHARS),
    selector: nullableShortString,
    htmlPreview: boundedString(8_000),
    componentName: nullableShortString,
    source: nullable(elementSourceField),
    styles: boundedString(8_000),
  };
}

export const elementKind: KindDefinition<'element'> = {
  fields: elementDetailsFields,
  providerBody: formatElementBody,
};

/** `url:` and `tag:`, then the lines that have a value, the HTML and the styles indented. */
export function formatElementBody(element: ElementContextDetails): string {
  let body = `url: ${element.pageUrl}\ntag: ${element.tagName}`;
  if (element.pageTitle) body += `\ntitle: ${element.pageTitle}`;
  if (element.selector) body += `\nselector: ${element.selector}`;
  if (element.componentName) body += `\ncomponent: ${element.componentName}`;
  const location = element.source ? formatSourceLocation(element.source) : null;
  if (location) body += `\nsource: ${location}`;
  return (
    body + indentedSection('html:', element.htmlPreview.trim()) + indentedSection('styles:', element.styles.trim())
  );
}

function formatSourceLocation({ fileName, lineNumber, columnNumber }: ElementSource): string | null {
  if (!fileName) return null;
  if (lineNumber == null) return fileName;
  return columnNumber == null ? `${fileName}:${lineNumber}` : `${fileName}:${lineNumber}:${columnNumber}`;
}

/** `element N:` (1-based) with the element's lines indented, for each element of an annotation. */
export function formatNestedElements(elements: readonly ElementContextDetails[]): string {
  let body = '';
  elements.forEach((element, index) => {
    body += `\nelement ${index + 1}:\n${indent(formatElementBody(element))}`;
  });
  return body;
}
