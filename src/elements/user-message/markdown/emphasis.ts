import type { Token } from './tokens.js';

/**
 * Emphasis, strong emphasis and strikethrough by the delimiter-run rules of CommonMark and GFM:
 * runs of `*`, `_` and `~` are collected while the inline pass walks the text, then paired in one
 * pass with a stack (bounded per delimiter kind, so the pairing is linear), and the tokens built
 * around the pairs.
 */

export interface DelimiterRun {
  readonly kind: 'delimiter';
  readonly char: '*' | '_' | '~';
  /** Source offset of the run and its length, as written. */
  readonly start: number;
  readonly length: number;
  readonly canOpen: boolean;
  readonly canClose: boolean;
  /** Characters not yet used, at `[left, right)` of the run. */
  left: number;
  right: number;
  /** Spans this run opens (outermost first once paired) and closes (innermost first). */
  readonly opens: { type: 'em' | 'strong' | 'del'; start: number; width: number }[];
  readonly closes: { end: number; width: number }[];
}

export type InlineNode = Token | DelimiterRun;

export const isDelimiter = (node: InlineNode): node is DelimiterRun => 'kind' in node;

const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;

/** A run of `char` at `start` in `source`, with its flanking judged from the characters around it. */
export function delimiterRun(source: string, start: number, length: number, char: '*' | '_' | '~'): DelimiterRun {
  const before = codePointBefore(source, start);
  const after = codePointAt(source, start + length);
  const beforeSpace = before === '' || WHITESPACE.test(before);
  const afterSpace = after === '' || WHITESPACE.test(after);
  // For `*`, GFM's `~` counts as a letter, not as punctuation (as `marked` has it).
  const isPunctuation = (value: string) => PUNCTUATION.test(value) && !(char === '*' && value === '~');
  const beforePunct = isPunctuation(before);
  const afterPunct = isPunctuation(after);
  const leftFlanking = !afterSpace && (!afterPunct || beforeSpace || beforePunct);
  const rightFlanking = !beforeSpace && (!beforePunct || afterSpace || afterPunct);
  const canOpen = char === '_' ? leftFlanking && (!rightFlanking || beforePunct) : leftFlanking;
  const canClose = char === '_' ? rightFlanking && (!leftFlanking || afterPunct) : rightFlanking;
  return { kind: 'delimiter', char, start, length, canOpen, canClose, left: 0, right: length, opens: [], closes: [] };
}

function codePointBefore(source: string, index: number): string {
  if (index <= 0) return '';
  const low = source.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) return source.slice(index - 2, index);
  return source[index - 1]!;
}

function codePointAt(source: string, index: number): string {
  if (index >= source.length) return '';
  return String.fromCodePoint(source.codePointAt(index)!);
}

const remaining = (run: DelimiterRun) => run.right - run.left;

/** Pairs the runs of `nodes` (process_emphasis of CommonMark, with GFM's `~` and `~~`). */
export function pairDelimiters(nodes: readonly InlineNode[]): void {
  const stack: DelimiterRun[] = [];
  // The lowest stack index an opener may sit at, per closer kind: below it no opener can match.
  const bottoms = new Map<string, number>();
  for (const node of nodes) {
    if (!isDelimiter(node)) continue;
    const run = node;
    if (run.canClose) closeWith(run, stack, bottoms);
    if (run.canOpen && remaining(run) > 0) stack.push(run);
  }
}

function closeWith(closer: DelimiterRun, stack: DelimiterRun[], bottoms: Map<string, number>): void {
  const key = `${closer.char}${closer.canOpen ? 1 : 0}${closer.length % 3}`;
  while (remaining(closer) > 0) {
    const bottom = bottoms.get(key) ?? 0;
    let index = stack.length - 1;
    for (; index >= bottom; index--) if (matches(stack[index]!, closer)) break;
    if (index < bottom) {
      bottoms.set(key, stack.length);
      return;
    }
    const opener = stack[index]!;
    const width = opener.char === '~' ? remaining(opener) : remaining(opener) >= 2 && remaining(closer) >= 2 ? 2 : 1;
    const type = opener.char === '~' ? 'del' : width === 2 ? 'strong' : 'em';
    opener.right -= width;
    opener.opens.push({ type, start: opener.start + opener.right, width });
    closer.closes.push({ end: closer.start + closer.left + width, width });
    closer.left += width;
    // Delimiters between the pair can no longer match anything.
    stack.length = remaining(opener) > 0 ? index + 1 : index;
    for (const [other, bottom] of bottoms) if (bottom > stack.length) bottoms.set(other, stack.length);
  }
}

function matches(opener: DelimiterRun, closer: DelimiterRun): boolean {
  if (opener.char !== closer.char || remaining(opener) === 0) return false;
  if (opener.char === '~') return remaining(opener) === remaining(closer) && opener.length <= 2;
  const oddMatch = (opener.canClose || closer.canOpen) && (opener.length + closer.length) % 3 === 0;
  return !oddMatch || (opener.length % 3 === 0 && closer.length % 3 === 0);
}

/** The tokens of `nodes` with their pairs built into spans; unused delimiter characters stay text. */
export function buildSpans(source: string, nodes: readonly InlineNode[]): Token[] {
  const root: Token[] = [];
  const frames: { type: 'em' | 'strong' | 'del'; start: number; width: number; tokens: Token[] }[] = [];
  const current = () => frames.at(-1)?.tokens ?? root;
  for (const node of nodes) {
    if (!isDelimiter(node)) {
      pushToken(current(), node);
      continue;
    }
    for (const close of node.closes) {
      const frame = frames.pop()!;
      const raw = source.slice(frame.start, close.end);
      const span: Token = { type: frame.type, raw, text: raw.slice(frame.width, -frame.width), tokens: frame.tokens };
      pushToken(current(), span);
    }
    const literal = source.slice(node.start + node.left, node.start + node.right);
    if (literal) pushToken(current(), { type: 'text', raw: literal, text: literal });
    for (const open of [...node.opens].reverse()) frames.push({ ...open, tokens: [] });
  }
  return root;
}

/** Appends a token, joining plain text to plain text before it, as `marked` does. */
export function pushToken(tokens: Token[], token: Token): void {
  const last = tokens.at(-1);
  if (token.type === 'text' && last?.type === 'text' && !last.tokens && !token.tokens) {
    last.raw += token.raw;
    last.text += token.text;
    return;
  }
  tokens.push(token);
}
