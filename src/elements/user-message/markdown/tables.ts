import { indentOf, interruptsParagraph, isBlank, isTableStart, TABLE_DELIMITER } from './block-rules.js';
import type { Align, BlockLexer, TableCell, TableToken } from './tokens.js';

/** GFM tables: a header row, a delimiter row with the alignments, and body rows up to a blank line or a block. */

export function lexTable(
  lexer: BlockLexer,
  lines: readonly string[],
  i: number,
): { token: TableToken; next: number } | null {
  const headerLine = lines[i]!;
  if (!isTableStart(headerLine, lines[i + 1])) return null;
  const header = splitCells(headerLine.trimStart());
  const delimiter = TABLE_DELIMITER.exec(lines[i + 1]!)![1]!;
  const align = delimiter
    .replace(/^\||\| *$/g, '')
    .split('|')
    .map(alignmentOf);
  if (header.length !== align.length) return null;
  let j = i + 2;
  for (; j < lines.length; j++) {
    const line = lines[j]!;
    if (isBlank(line) || indentOf(line) >= 4 || interruptsParagraph(line, undefined)) break;
  }
  const cell = (text: string, isHeader: boolean, column: number): TableCell => {
    const tableCell: TableCell = { text, tokens: [], header: isHeader, align: align[column] ?? null };
    lexer.inlineQueue.push(tableCell);
    return tableCell;
  };
  const token: TableToken = {
    type: 'table',
    raw: lines.slice(i, j).join('\n'),
    align,
    header: header.map((text, column) => cell(text, true, column)),
    rows: lines
      .slice(i + 2, j)
      .map((line) => splitCells(line, header.length).map((text, column) => cell(text, false, column))),
  };
  return { token, next: j };
}

function alignmentOf(delimiter: string): Align {
  if (/^ *-+: *$/.test(delimiter)) return 'right';
  if (/^ *:-+: *$/.test(delimiter)) return 'center';
  if (/^ *:-+ *$/.test(delimiter)) return 'left';
  return null;
}

/** A row's cells: split at pipes not escaped by a backslash, outer pipes dropped, padded or cut to `count`. */
export function splitCells(row: string, count?: number): string[] {
  let split = '';
  let backslashes = 0;
  for (const char of row) {
    if (char === '|') split += backslashes % 2 === 1 ? '|' : ' |';
    else split += char;
    backslashes = char === '\\' ? backslashes + 1 : 0;
  }
  const cells = split.split(/ \|/);
  if (!cells[0]!.trim()) cells.shift();
  if (cells.length > 0 && !cells.at(-1)!.trim()) cells.pop();
  if (count !== undefined) {
    if (cells.length > count) cells.splice(count);
    while (cells.length < count) cells.push('');
  }
  return cells.map((cell) => cell.trim().replace(/\\\|/g, '|'));
}
