/**
 * Line classifiers for the block pass: each tests one line (no regex here spans lines or nests
 * quantifiers, so every test is linear in the line's length).
 */

export const isBlank = (line: string) => /^[ \t]*$/.test(line);

/** The line's indentation in columns, tabs to the next multiple of four. */
export function indentOf(line: string): number {
  let column = 0;
  for (const char of line) {
    if (char === ' ') column++;
    else if (char === '\t') column += 4 - (column % 4);
    else break;
  }
  return column;
}

/** The line without its first `columns` columns of indentation (a tab split as spaces). */
export function dedent(line: string, columns: number): string {
  let column = 0;
  let i = 0;
  while (i < line.length && column < columns) {
    const char = line[i];
    if (char === ' ') column++;
    else if (char === '\t') {
      const width = 4 - (column % 4);
      if (column + width > columns) return ' '.repeat(column + width - columns) + line.slice(i + 1);
      column += width;
    } else break;
    i++;
  }
  return line.slice(i);
}

export const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;

export function fenceOpening(line: string): { indent: number; fence: string; info: string } | undefined {
  const match = FENCE.exec(line);
  if (!match) return undefined;
  const [, indent, fence, info] = match as unknown as [string, string, string, string];
  if (fence[0] === '`' && info.includes('`')) return undefined;
  return { indent: indent.length, fence, info };
}

export function closesFence(line: string, fence: string): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  return !!match && match[1]![0] === fence[0] && match[1]!.length >= fence.length;
}

export const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*)|[ \t]*)$/;
export const THEMATIC_BREAK = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})$/;
export const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
export const QUOTE_MARKER = /^ {0,3}>[ \t]?/;
export const LIST_MARKER = /^( {0,3})([*+-]|\d{1,9}[.)])(?=[ \t]|$)/;
/** A list item that may interrupt a paragraph: a bullet or `1.`, with content. */
const INTERRUPTING_ITEM = /^ {0,3}(?:[*+-]|1[.)])[ \t]+[^ \t]/;

const BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|' +
  'dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|' +
  'menu|menuitem|meta|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|' +
  'thead|title|tr|track|ul';

/** The HTML block starts that may interrupt a paragraph (kinds 1 to 6 of CommonMark). */
const HTML_INTERRUPTING = new RegExp(
  `^ {0,3}(?:</?(?:${BLOCK_TAGS})(?:[ \\t]+|$|/?>)|<(?:script|pre|style|textarea)(?:[ \\t>]|$)|<!--|<\\?|<![A-Za-z]|<!\\[CDATA\\[)`,
  'i',
);
const ATTRIBUTE = `[ \\t]+[a-zA-Z:_][\\w.:-]*(?:[ \\t]*=[ \\t]*(?:"[^"]*"|'[^']*'|[^\\s"'=<>\`]+))?`;
/** A complete open or closing tag alone on its line (kind 7: it cannot interrupt a paragraph). */
const HTML_LONE_TAG = new RegExp(
  `^ {0,3}(?:<(?!(?:script|pre|style|textarea)\\b)[a-zA-Z][a-zA-Z0-9-]*(?:${ATTRIBUTE})*[ \\t]*/?>|</[a-zA-Z][a-zA-Z0-9-]*[ \\t]*>)[ \\t]*$`,
);

export type HtmlBlockEnd = 'blank' | RegExp;

/** How an HTML block starting on this line ends, or undefined when no HTML block starts here. */
export function htmlBlockStart(line: string, interruptingOnly: boolean): HtmlBlockEnd | undefined {
  const raw = /^ {0,3}<(script|pre|style|textarea)(?:[ \t>]|$)/i.exec(line);
  if (raw) return new RegExp(`</${raw[1]}>`, 'i');
  if (/^ {0,3}<!--/.test(line)) return /-->/;
  if (/^ {0,3}<\?/.test(line)) return /\?>/;
  if (/^ {0,3}<![A-Za-z]/.test(line)) return />/;
  if (/^ {0,3}<!\[CDATA\[/.test(line)) return /\]\]>/;
  if (HTML_INTERRUPTING.test(line)) return 'blank';
  if (!interruptingOnly && HTML_LONE_TAG.test(line)) return 'blank';
  return undefined;
}

export const TABLE_DELIMITER = /^ {0,3}((?:\| *)?:?-+:? *(?:\| *:?-+:? *)*(?:\| *)?)$/;

export function isTableStart(header: string | undefined, delimiter: string | undefined): boolean {
  if (header === undefined || delimiter === undefined || /^ *$/.test(header) || /^ {4}/.test(header)) return false;
  const match = TABLE_DELIMITER.exec(delimiter);
  return !!match && /[:|]/.test(match[1]!);
}

/** Whether the line starts a block that ends a paragraph above it. */
export function interruptsParagraph(line: string, next: string | undefined): boolean {
  return (
    fenceOpening(line) !== undefined ||
    ATX_HEADING.test(line) ||
    THEMATIC_BREAK.test(line) ||
    QUOTE_MARKER.test(line) ||
    INTERRUPTING_ITEM.test(line) ||
    htmlBlockStart(line, true) !== undefined ||
    isTableStart(line, next)
  );
}
