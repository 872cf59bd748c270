import { LIST_MARKER, SETEXT_UNDERLINE, THEMATIC_BREAK, htmlBlockStart, indentOf, isBlank } from './block-rules.js';
import type { BlockLexer, CheckboxToken, ListItemToken, ListToken, Token } from './tokens.js';

/**
 * Bullet and ordered lists, item by item as `marked` reads them: an item holds the lines indented
 * to its content column, blank lines, and lazy lines continuing its paragraph; the next item must
 * use the same bullet (or the same delimiter after a number).
 */

const TASK = /^\[[ xX]\][ \t]+\S/;
const TASK_PREFIX = /^\[[ xX]\][ \t]+/;
const NESTED_MARKERS = /^(?: {0,3}(?:(?:[*+-]|\d{1,9}[.)])[ \t]+|>[ \t]?))+/;

/** Leading whitespace with tabs expanded to spaces, counting columns from `column`. */
function expandTabs(line: string, column = 0): string {
  const leading = /^[ \t]*/.exec(line)![0];
  if (!leading.includes('\t')) return line;
  let expanded = '';
  for (const char of leading) {
    const width = char === '\t' ? 4 - ((column + expanded.length) % 4) : 1;
    expanded += ' '.repeat(width);
  }
  return expanded + line.slice(leading.length);
}

/** Blocks that end an item when they start left of its content column (at most three spaces in). */
function endsItem(line: string, contentColumn: number): boolean {
  const indent = /^ */.exec(line)![0].length;
  if (indent > Math.max(0, Math.min(3, contentColumn - 1))) return false;
  const rest = line.slice(indent);
  return ITEM_ENDING.test(rest) || THEMATIC_BREAK.test(rest) || htmlBlockStart(rest, true) !== undefined;
}

const ITEM_ENDING = /^(?:```|~~~|#{1,6}(?:\s|$)|>|(?:[*+-]|\d{1,9}[.)])(?:[ \t]|$))/;
const LEAF_START = /^ {0,3}(?:```|~~~|#{1,6}(?:\s|$))/;

interface Item {
  lines: string[];
  end: number;
  endsWithBlank: boolean;
}

function readItem(lines: readonly string[], i: number, markerWidth: number): Item {
  const first = expandTabs(lines[i]!.slice(markerWidth), markerWidth);
  let previousBlank = first.trim() === '';
  let contentColumn: number;
  const content: string[] = [];
  if (previousBlank) {
    contentColumn = markerWidth + 1;
    content.push('');
  } else {
    const spaces = first.search(/[^ ]/);
    const gap = spaces > 4 ? 1 : spaces;
    content.push(first.slice(gap));
    contentColumn = markerWidth + gap;
  }
  let j = i + 1;
  if (previousBlank && j < lines.length && isBlank(lines[j]!)) {
    return { lines: content, end: j + 1, endsWithBlank: true };
  }
  let previous = content[0]!;
  let lazy = false;
  for (; j < lines.length; j++) {
    const raw = lines[j]!;
    const line = expandTabs(raw);
    if (endsItem(line, contentColumn)) break;
    if (isBlank(raw) || indentOf(line) >= contentColumn) {
      content.push(isBlank(raw) ? '' : line.slice(contentColumn));
      lazy = false;
    } else {
      if (previousBlank) break;
      if (!continuesLazily(previous, content.length === 1, lazy)) break;
      content.push(SETEXT_UNDERLINE.test(raw) ? `    ${raw.trimStart()}` : raw);
      lazy = true;
    }
    previousBlank = isBlank(raw);
    previous = line.slice(contentColumn);
  }
  return { lines: content, end: j, endsWithBlank: j > i + 1 && isBlank(lines[j - 1]!) };
}

/** Whether a line left of the content column continues the item's paragraph. */
function continuesLazily(previous: string, firstLine: boolean, afterLazyLine: boolean): boolean {
  let block = previous;
  if (firstLine) {
    for (
      let m: RegExpExecArray | null;
      !THEMATIC_BREAK.test(block) && (m = /^ {0,3}(?:(?:[*+-]|\d{1,9}[.)])(?: |$)|> ?)/.exec(block));
    ) {
      block = block.slice(m[0].length);
      if (m[0].length === 0) break;
    }
    if (!block.trim()) return false;
  }
  if (indentOf(block) >= 4 || LEAF_START.test(block) || THEMATIC_BREAK.test(block)) return false;
  if (htmlBlockStart(block, true) !== undefined) return false;
  const inner = previous.replace(NESTED_MARKERS, '');
  return afterLazyLine || !(LEAF_START.test(inner) || THEMATIC_BREAK.test(inner));
}

export function lexList(
  lexer: BlockLexer,
  lines: readonly string[],
  i: number,
  previous: Token | undefined,
): { token: ListToken; next: number } | null {
  const first = LIST_MARKER.exec(lines[i]!);
  if (!first) return null;
  const marker = first[2]!;
  if (previous?.type === 'text' && !/^ {0,3}(?:[*+-]|1[.)])[ \t]+[^ \t]/.test(lines[i]!)) return null;
  const ordered = marker.length > 1 || /\d/.test(marker);
  const sameKind = (candidate: string) =>
    ordered ? /\d/.test(candidate) && candidate.at(-1) === marker.at(-1) : candidate === marker;
  const list: ListToken = {
    type: 'list',
    raw: '',
    ordered,
    start: ordered ? Number(marker.slice(0, -1)) : '',
    loose: false,
    items: [],
  };
  const itemLines: string[][] = [];
  let j = i;
  let blankBefore = false;
  while (j < lines.length) {
    const match = LIST_MARKER.exec(lines[j]!);
    if (!match || !sameKind(match[2]!) || THEMATIC_BREAK.test(lines[j]!)) break;
    if (blankBefore) list.loose = true;
    const item = readItem(lines, j, match[0].length);
    itemLines.push(item.lines);
    list.items.push({
      type: 'list_item',
      raw: lines.slice(j, item.end).join('\n'),
      task: false,
      loose: false,
      text: '',
      tokens: [],
    });
    blankBefore = item.endsWithBlank;
    j = item.end;
  }
  let end = j;
  while (end > i && isBlank(lines[end - 1]!)) end--;
  const last = itemLines.at(-1)!;
  while (last.length > 1 && isBlank(last.at(-1)!)) last.pop();
  list.items.at(-1)!.raw = list.items.at(-1)!.raw.trimEnd();
  list.raw = lines.slice(i, end).join('\n');
  list.items.forEach((item, index) => fillItem(lexer, item, itemLines[index]!));
  if (!list.loose) list.loose = list.items.some((item) => item.tokens.some((token) => token.type === 'space'));
  for (const item of list.items) addCheckbox(item, list.loose);
  if (list.loose) {
    for (const item of list.items) {
      item.loose = true;
      for (const token of item.tokens) if (token.type === 'text') (token as Token).type = 'paragraph';
    }
  }
  return { token: list, next: j };
}

function fillItem(lexer: BlockLexer, item: ListItemToken, lines: string[]): void {
  item.text = lines.join('\n').trimEnd();
  item.task = TASK.test(item.text);
  item.tokens = lexer.blocks(lines, false);
}

/** A task item's `[ ]` or `[x]` becomes a checkbox token before the item's first text. */
function addCheckbox(item: ListItemToken, loose: boolean): void {
  const first = item.tokens[0];
  if (!item.task) return;
  if (first?.type !== 'text' && first?.type !== 'paragraph') {
    item.task = false;
    return;
  }
  const box = /\[[ xX]\]/.exec(item.text)![0];
  item.text = item.text.replace(TASK_PREFIX, '');
  first.text = first.text.replace(TASK_PREFIX, '');
  first.raw = first.raw.replace(TASK_PREFIX, '');
  const checkbox: CheckboxToken = { type: 'checkbox', raw: `${box} `, checked: box !== '[ ]' };
  item.checked = checkbox.checked;
  if (loose) first.tokens!.unshift(checkbox);
  else item.tokens.unshift(checkbox);
}
