/**
 * The tokens of `marked` (`{ gfm: true, breaks: true }`) that `TokenRenderer` reads, with the
 * fields it reads: a narrower view of marked's own types, which also admit any host extension's
 * token (those reach the host's renderer, or show as their source).
 */

export type Align = 'left' | 'right' | 'center' | null;

interface Base {
  raw: string;
}

/** Inline content of a block or span; filled after the block pass, when every definition is known. */
interface WithInline extends Base {
  text: string;
  tokens: Token[];
}

export interface SpaceToken extends Base {
  type: 'space';
}
export interface HrToken extends Base {
  type: 'hr';
}
export interface BrToken extends Base {
  type: 'br';
}
export interface CodeToken extends Base {
  type: 'code';
  text: string;
  lang?: string;
  codeBlockStyle?: 'indented';
}
export interface HeadingToken extends WithInline {
  type: 'heading';
  depth: number;
}
export interface ParagraphToken extends WithInline {
  type: 'paragraph';
}
/** Block text of a tight list item (no `<p>`), or inline text (no `tokens`). */
export interface TextToken extends Base {
  type: 'text';
  text: string;
  tokens?: Token[];
}
export interface BlockquoteToken extends Base {
  type: 'blockquote';
  text: string;
  tokens: Token[];
}
export interface ListItemToken extends Base {
  type: 'list_item';
  text: string;
  task: boolean;
  checked?: boolean;
  loose: boolean;
  tokens: Token[];
}
export interface ListToken extends Base {
  type: 'list';
  ordered: boolean;
  start: number | '';
  loose: boolean;
  items: ListItemToken[];
}
export interface CheckboxToken extends Base {
  type: 'checkbox';
  checked: boolean;
}
export interface TableCell {
  text: string;
  tokens: Token[];
  header: boolean;
  align: Align;
}
export interface TableToken extends Base {
  type: 'table';
  align: Align[];
  header: TableCell[];
  rows: TableCell[][];
}
export interface HtmlToken extends Base {
  type: 'html';
  text: string;
  block: boolean;
}
export interface DefToken extends Base {
  type: 'def';
  tag: string;
  href: string;
  title?: string;
}
export interface EscapeToken extends Base {
  type: 'escape';
  text: string;
}
export interface CodespanToken extends Base {
  type: 'codespan';
  text: string;
}
export interface EmToken extends WithInline {
  type: 'em';
}
export interface StrongToken extends WithInline {
  type: 'strong';
}
export interface DelToken extends WithInline {
  type: 'del';
}
export type SpanToken = EmToken | StrongToken | DelToken;
interface LinkBase extends WithInline {
  href: string;
  title?: string | null;
  /** `<https://…>`, a bare URL or e-mail address: `text` is the literal destination. */
  autolink?: boolean;
}
export interface LinkToken extends LinkBase {
  type: 'link';
}
export interface ImageToken extends LinkBase {
  type: 'image';
}

export type Token =
  | SpaceToken
  | HrToken
  | BrToken
  | CodeToken
  | HeadingToken
  | ParagraphToken
  | TextToken
  | BlockquoteToken
  | ListToken
  | ListItemToken
  | CheckboxToken
  | TableToken
  | HtmlToken
  | DefToken
  | EscapeToken
  | CodespanToken
  | EmToken
  | StrongToken
  | DelToken
  | LinkToken
  | ImageToken;

export type TokenOfType<T extends Token['type']> = Extract<Token, { type: T }>;
