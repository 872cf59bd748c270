import { decodeEntities } from '../../src/elements/user-message/entities.js';

/**
 * A token tree reduced to what `TokenRenderer` reads, so our lexer's tokens and `marked`'s can be
 * compared: `space` tokens dropped, adjacent plain text joined, text as the renderer shows it
 * (character references decoded) and as a reader sees it (Markdown text flows with
 * `white-space: normal`: runs of spaces and line breaks collapse, and vanish at a block's edges),
 * code without its trailing line breaks (invisible in `<pre>`).
 */

type AnyToken = Record<string, unknown> & { type: string };
export type Normalized = Record<string, unknown>;

const trimNewlines = (value: string) => value.replace(/\n+$/, '');

export function normalizeTokens(tokens: readonly unknown[]): Normalized[] {
  const result: Normalized[] = [];
  for (const token of tokens as AnyToken[]) {
    const normalized = normalizeToken(token);
    if (normalized === undefined) continue;
    const last = result.at(-1);
    if (last?.type === 'text' && normalized.type === 'text')
      last.text = `${last.text as string}${normalized.text as string}`;
    else result.push(normalized);
  }
  for (const token of result) if (token.type === 'text') token.text = (token.text as string).replace(/[ \t\n]+/g, ' ');
  return result;
}

/** A block's inline tokens without the whitespace at its edges, which no reader sees. */
function trimEdges(tokens: Normalized[]): Normalized[] {
  const first = tokens[0];
  if (first?.type === 'text') first.text = (first.text as string).trimStart();
  const last = tokens.at(-1);
  if (last?.type === 'text') last.text = (last.text as string).trimEnd();
  return tokens.filter((token) => token.type !== 'text' || token.text !== '');
}

function normalizeToken(token: AnyToken): Normalized | undefined {
  const children = (key = 'tokens') => normalizeTokens((token[key] as unknown[] | undefined) ?? []);
  switch (token.type) {
    case 'space':
      return undefined;
    case 'hr':
    case 'br':
      return { type: token.type };
    case 'text':
    case 'escape':
      if (token.type === 'text' && token.tokens) return { type: 'block-text', tokens: trimEdges(children()) };
      return { type: 'text', text: token.type === 'escape' ? token.text : decodeEntities(token.text as string) };
    case 'paragraph':
    case 'heading':
      return { type: token.type, depth: token.depth, tokens: trimEdges(children()) };
    case 'blockquote':
    case 'em':
    case 'strong':
    case 'del':
      return { type: token.type, tokens: children() };
    case 'code':
      return { type: 'code', lang: token.lang ?? '', text: trimNewlines(token.text as string) };
    case 'codespan':
      return { type: 'codespan', text: token.text };
    case 'html':
      return { type: 'html', block: token.block === true, text: trimNewlines(token.text as string) };
    case 'list':
      return {
        type: 'list',
        ordered: token.ordered,
        start: token.start,
        loose: token.loose,
        items: (token.items as AnyToken[]).map((item) => ({
          task: item.task,
          checked: item.checked,
          tokens: normalizeTokens(item.tokens as unknown[]),
        })),
      };
    case 'checkbox':
      return { type: 'checkbox', checked: token.checked };
    case 'table':
      return {
        type: 'table',
        align: token.align,
        header: (token.header as AnyToken[]).map((cell) => trimEdges(normalizeTokens(cell.tokens as unknown[]))),
        rows: (token.rows as AnyToken[][]).map((row) =>
          row.map((cell) => trimEdges(normalizeTokens(cell.tokens as unknown[]))),
        ),
      };
    case 'link':
    case 'image':
      return {
        type: token.type,
        raw: token.raw,
        href: token.href,
        title: token.title || undefined,
        tokens: children(),
      };
    case 'def':
      return { type: 'def', raw: trimNewlines(token.raw as string), href: token.href, title: token.title || undefined };
    default:
      return { type: token.type, raw: token.raw };
  }
}
