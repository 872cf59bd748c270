import {
  ATX_HEADING,
  QUOTE_MARKER,
  SETEXT_UNDERLINE,
  THEMATIC_BREAK,
  closesFence,
  dedent,
  fenceOpening,
  htmlBlockStart,
  indentOf,
  interruptsParagraph,
  isBlank,
  LIST_MARKER,
} from './block-rules.js';
import { lexList } from './lists.js';
import { lexTable } from './tables.js';
import { type BlockLexer, type Token, normalizeLabel } from './tokens.js';

/**
 * The block pass: lines into block tokens, one line at a time (containers lex their own lines
 * again, one level deeper). Inline content is queued and lexed once every definition is known.
 */

/**
 * Quotes and lists nested deeper than this show their markers as text: each level lexes its lines
 * again, so the bound keeps deep nesting linear, and the renderer draws 64 token levels (a list
 * level takes two).
 */
const MAX_CONTAINER_DEPTH = 32;

/** Lexes `lines` into block tokens; `top` is false inside list items, where paragraphs are `text`. */
export function lexBlocks(lexer: BlockLexer, lines: readonly string[], top: boolean): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      let end = i;
      while (end < lines.length && isBlank(lines[end]!)) end++;
      addSpace(tokens, end - i);
      i = end;
      continue;
    }
    i = lexBlockAt(lexer, lines, i, top, tokens);
  }
  return tokens;
}

/**
 * Blank lines after a block show as a `space` token where `marked` has one (it tells a loose list
 * item): headings, rules and tables take the line breaks after them, a fence its own.
 */
function addSpace(tokens: Token[], blankLines: number): void {
  const last = tokens.at(-1);
  if (last === undefined || last.type === 'heading' || last.type === 'hr' || last.type === 'table') return;
  const fenced = last.type === 'code' && last.codeBlockStyle === undefined;
  const count = fenced ? blankLines : blankLines + 1;
  if (count >= 2) tokens.push({ type: 'space', raw: '\n'.repeat(count) });
}

function lexBlockAt(lexer: BlockLexer, lines: readonly string[], i: number, top: boolean, tokens: Token[]): number {
  const line = lines[i]!;
  if (indentOf(line) >= 4) return lexIndentedCode(lines, i, tokens);
  const fence = fenceOpening(line);
  if (fence) return lexFence(lines, i, fence, tokens);
  const heading = ATX_HEADING.exec(line);
  if (heading) {
    tokens.push(
      inline(lexer, { type: 'heading', raw: line, depth: heading[1]!.length, text: headingText(heading[2]) }),
    );
    return i + 1;
  }
  if (THEMATIC_BREAK.test(line)) {
    tokens.push({ type: 'hr', raw: line });
    return i + 1;
  }
  const nestable = lexer.depth < MAX_CONTAINER_DEPTH;
  if (nestable && QUOTE_MARKER.test(line)) return lexBlockquote(lexer, lines, i, tokens);
  const list = nestable ? lexList(lexer, lines, i, tokens.at(-1)) : null;
  if (list) {
    tokens.push(list.token);
    return list.next;
  }
  const htmlEnd = htmlBlockStart(line, false);
  if (htmlEnd !== undefined) return lexHtml(lines, i, htmlEnd, tokens);
  const definition = lexDefinition(lexer, lines, i);
  if (definition) {
    tokens.push(definition.token);
    return definition.next;
  }
  const table = lexTable(lexer, lines, i);
  if (table) {
    tokens.push(table.token);
    return table.next;
  }
  return lexParagraph(lexer, lines, i, top, tokens);
}

type InlineBlock = Extract<Token, { type: 'heading' | 'paragraph' | 'text' }>;

/** A block whose inline tokens the inline pass fills in. */
function inline(lexer: BlockLexer, token: DistributiveOmit<InlineBlock, 'tokens'>): Token {
  const block = { ...token, tokens: [] } as InlineBlock & { tokens: Token[] };
  lexer.inlineQueue.push(block);
  return block;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function headingText(content: string | undefined): string {
  let text = (content ?? '').trim();
  if (text.endsWith('#')) {
    const stripped = text.replace(/#+$/, '');
    if (stripped === '' || /[ \t]$/.test(stripped)) text = stripped.trim();
  }
  return text;
}

/** A first line `marked` takes for a table row, which no setext underline can turn into a heading. */
const PIPE_ROW = /^ {0,3}\|?(?:[:\- ]*\|)+[:\- ]*$/;

function lexParagraph(lexer: BlockLexer, lines: readonly string[], i: number, top: boolean, tokens: Token[]): number {
  const content = [lines[i]!];
  let j = i + 1;
  for (; j < lines.length; j++) {
    const line = lines[j]!;
    if (isBlank(line)) break;
    if (SETEXT_UNDERLINE.test(line) && !PIPE_ROW.test(content[0]!)) {
      const text = content.join('\n').trim();
      const depth = line.trim()[0] === '=' ? 1 : 2;
      tokens.push(inline(lexer, { type: 'heading', raw: [...content, line].join('\n'), depth, text }));
      return j + 1;
    }
    if (interruptsParagraph(line, lines[j + 1])) break;
    content.push(line);
  }
  const text = content.join('\n');
  tokens.push(inline(lexer, top ? { type: 'paragraph', raw: text, text } : { type: 'text', raw: text, text }));
  return j;
}

function lexIndentedCode(lines: readonly string[], i: number, tokens: Token[]): number {
  let end = i;
  let last = i;
  for (; end < lines.length; end++) {
    const line = lines[end]!;
    if (isBlank(line)) continue;
    if (indentOf(line) < 4) break;
    last = end;
  }
  const body = lines.slice(i, last + 1);
  const text = body.map((line) => dedent(line, 4)).join('\n');
  tokens.push({ type: 'code', raw: body.join('\n'), codeBlockStyle: 'indented', text });
  return end;
}

function lexFence(
  lines: readonly string[],
  i: number,
  fence: { indent: number; fence: string; info: string },
  tokens: Token[],
): number {
  let end = i + 1;
  while (end < lines.length && !closesFence(lines[end]!, fence.fence)) end++;
  const body = lines.slice(i + 1, end).map((line) => dedent(line, Math.min(fence.indent, indentOf(line))));
  const raw = lines.slice(i, Math.min(end + 1, lines.length)).join('\n');
  const lang = fence.info.trim().replace(/\\([!-/:-@[-`{-~])/g, '$1');
  tokens.push({ type: 'code', raw, lang, text: body.join('\n') });
  return end + 1;
}

function lexHtml(lines: readonly string[], i: number, end: 'blank' | RegExp, tokens: Token[]): number {
  let last = i;
  if (end === 'blank') {
    while (last + 1 < lines.length && !isBlank(lines[last + 1]!)) last++;
  } else {
    while (last < lines.length - 1 && !end.test(lines[last]!)) last++;
  }
  const raw = lines.slice(i, last + 1).join('\n');
  tokens.push({ type: 'html', raw, text: raw, block: true });
  return last + 1;
}

/**
 * A quote's lines without their markers: marked lines, and lazy lines that continue a paragraph
 * inside it. Its content is lexed as blocks of their own.
 */
function lexBlockquote(lexer: BlockLexer, lines: readonly string[], i: number, tokens: Token[]): number {
  const content: string[] = [];
  let openFence: string | undefined;
  let paragraphOpen = false;
  let j = i;
  for (; j < lines.length; j++) {
    const line = lines[j]!;
    const marker = QUOTE_MARKER.exec(line);
    let inner: string;
    if (marker) {
      inner = line.slice(marker[0].length);
    } else if (paragraphOpen && !isBlank(line) && !LIST_MARKER.test(line) && !interruptsParagraph(line, lines[j + 1])) {
      inner = lazyLine(line);
    } else {
      break;
    }
    content.push(inner);
    if (openFence !== undefined) {
      if (closesFence(inner, openFence)) openFence = undefined;
      paragraphOpen = false;
      continue;
    }
    const fence = fenceOpening(inner);
    if (fence) openFence = fence.fence;
    paragraphOpen = !fence && continuesParagraph(inner, marker ? paragraphOpen : true);
  }
  const raw = lines.slice(i, j).join('\n');
  tokens.push({ type: 'blockquote', raw, text: content.join('\n'), tokens: lexer.blocks(content, true) });
  return j;
}

/** A lazy line continues a paragraph as text: indented, an underline of `-` or `=` cannot make it a heading. */
const lazyLine = (line: string) => (SETEXT_UNDERLINE.test(line) ? `    ${line.trimStart()}` : line);

const CONTAINER_MARKERS = /^(?: {0,3}(?:(?:[*+-]|\d{1,9}[.)])(?:[ \t]+|$)|>[ \t]?))+/;

/** Whether a quote's line leaves a paragraph open inside it, which a lazy line may continue. */
function continuesParagraph(inner: string, paragraphBefore: boolean): boolean {
  const content = inner.replace(CONTAINER_MARKERS, '');
  if (isBlank(content) || ATX_HEADING.test(content) || THEMATIC_BREAK.test(content)) return false;
  return content === inner && indentOf(inner) >= 4 ? paragraphBefore : true;
}

const TITLE = String.raw`"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\((?:\\.|[^()\\])*\)`;
const DEFINITION = new RegExp(
  String.raw`^ {0,3}\[((?:\\.|[^[\]\\])+)\]:[ \t]*(<(?:\\.|[^\n<>\\])*>|[^<\s]\S*)(?:[ \t]+(${TITLE}))?[ \t]*$`,
);
const DEFINITION_TITLE_LINE = new RegExp(String.raw`^[ \t]*(${TITLE})[ \t]*$`);
const ESCAPED_PUNCTUATION = /\\([!-/:-@[-`{-~])/g;

function lexDefinition(lexer: BlockLexer, lines: readonly string[], i: number): { token: Token; next: number } | null {
  const match = DEFINITION.exec(lines[i]!);
  if (!match || match[1]!.trim() === '' || match[1]!.length > 999) return null;
  const [, label, destination] = match as unknown as [string, string, string];
  if (!destination.startsWith('<') && !balancedParentheses(destination)) return null;
  let title = match[3];
  let next = i + 1;
  const titleLine = title === undefined && i + 1 < lines.length ? DEFINITION_TITLE_LINE.exec(lines[i + 1]!) : null;
  if (titleLine) {
    title = titleLine[1];
    next++;
  }
  const tag = normalizeLabel(label);
  const href = destination.replace(/^<(.*)>$/, '$1').replace(ESCAPED_PUNCTUATION, '$1');
  const titleText = title?.slice(1, -1).replace(ESCAPED_PUNCTUATION, '$1');
  if (!lexer.definitions.has(tag)) lexer.definitions.set(tag, { href, title: titleText });
  const raw = lines.slice(i, next).join('\n');
  return { token: { type: 'def', raw, tag, href, title: titleText }, next };
}

function balancedParentheses(value: string): boolean {
  let depth = 0;
  for (let i = 0; i < value.length; i++) {
    const char = value[i];
    if (char === '\\') i++;
    else if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0;
}
