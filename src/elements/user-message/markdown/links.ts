/**
 * The link syntaxes of the inline pass: inline destinations and titles, autolinks in angle
 * brackets, and GFM's bare URLs and e-mail addresses with their trailing-punctuation rule.
 */

const ESCAPED = /\\([\p{P}\p{S}])/gu;
export const unescapePunctuation = (value: string) => value.replace(ESCAPED, '$1');

export interface Destination {
  href: string;
  title: string | null;
  /** Offset just past the closing parenthesis. */
  end: number;
}

const isPunctuation = (char: string | undefined) => char !== undefined && /[\p{P}\p{S}]/u.test(char);
const isSpaceOrTab = (char: string | undefined) => char === ' ' || char === '\t';

/** Balanced parentheses of the whole text, so a destination skips a group without rescanning it. */
export interface ParenScan {
  /** The `)` closing the `(` at `open`, or -1. */
  closing(open: number): number;
  /** The first whitespace or control character at or after `from`, or the text's length. */
  nextBreak(from: number): number;
}

/** The `(destination "title")` starting at `start` (just past the opening parenthesis), or null. */
export function parseDestination(source: string, start: number, parens: ParenScan): Destination | null {
  let i = skipWhitespace(source, start, true);
  let href: string;
  if (source[i] === '<') {
    let end = i + 1;
    for (; end < source.length && source[end] !== '>'; end++) {
      if (source[end] === '\\') end++;
      else if (source[end] === '\n' || source[end] === '<') return null;
    }
    if (end >= source.length) return null;
    href = source.slice(i + 1, end);
    i = end + 1;
  } else {
    let end = i;
    for (; end < source.length; end++) {
      const code = source.charCodeAt(end);
      // A backslash escapes punctuation only: before a space it is a character, and the space ends the destination.
      if (code === 92 && isPunctuation(source[end + 1])) {
        end++;
        continue;
      }
      if (code <= 32 || code === 41) break;
      if (code === 40) {
        // A group must close before the destination ends; it is skipped whole.
        const close = parens.closing(end);
        if (close === -1 || close > parens.nextBreak(end)) return null;
        end = close;
      }
    }
    href = source.slice(i, end);
    i = end;
  }
  let title: string | null = null;
  const afterHref = skipWhitespace(source, i, false);
  const opener = source[afterHref];
  if (afterHref > i && (opener === '"' || opener === "'" || opener === '(')) {
    const closer = opener === '(' ? ')' : opener;
    let end = afterHref + 1;
    for (; end < source.length && source[end] !== closer; end++) if (source[end] === '\\') end++;
    if (end < source.length) {
      const after = skipWhitespace(source, end + 1, true);
      if (source[after] === ')') {
        title = unescapePunctuation(source.slice(afterHref + 1, end));
        return { href: unescapePunctuation(href.trim()), title: title || null, end: after + 1 };
      }
    }
  }
  i = skipWhitespace(source, i, true);
  if (source[i] !== ')') return null;
  return { href: unescapePunctuation(href.trim()), title, end: i + 1 };
}

/** Spaces and tabs, with at most one line break among them unless `anyBreaks`. */
function skipWhitespace(source: string, i: number, anyBreaks: boolean): number {
  let breaks = 0;
  for (; i < source.length; i++) {
    const char = source[i];
    if (char === '\n') {
      if (!anyBreaks && ++breaks > 1) break;
    } else if (!isSpaceOrTab(char)) break;
  }
  return i;
}

const AUTOLINK_URI = /<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s\p{Cc}<>]*)>/uy;
const DOMAIN_LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const AUTOLINK_EMAIL = new RegExp(
  String.raw`<([a-zA-Z0-9.!#$%&'*+/=?^_${'`'}{|}~-]+@${DOMAIN_LABEL}(?:\.${DOMAIN_LABEL})+)(?![-_])>`,
  'y',
);

/** `<scheme:…>` or `<address@domain>` at `start`: the literal text and its destination. */
export function matchAutolink(source: string, start: number): { text: string; href: string; end: number } | null {
  AUTOLINK_URI.lastIndex = start;
  const uri = AUTOLINK_URI.exec(source);
  if (uri) return { text: uri[1]!, href: uri[1]!, end: start + uri[0].length };
  AUTOLINK_EMAIL.lastIndex = start;
  const email = AUTOLINK_EMAIL.exec(source);
  if (email) return { text: email[1]!, href: `mailto:${email[1]!}`, end: start + email[0].length };
  return null;
}

const URL_START = /(?:[hH][tT][tT][pP][sS]?|[fF][tT][pP]):\/\/[a-zA-Z0-9-]|www\.[a-zA-Z0-9-]/y;
const EMAIL = /[A-Za-z0-9._+-]+@[a-zA-Z0-9_-]+(?:\.[a-zA-Z0-9_-]*[a-zA-Z0-9])+(?![\w-])/y;
const EMAIL_PROTOCOL = /(?:mailto|xmpp):[A-Za-z0-9._+-]+@[a-zA-Z0-9_-]+(?:\.[a-zA-Z0-9_-]*[a-zA-Z0-9])+(?![\w-])/y;

/** What a bare URL needs to know about the text after it, answered without rescanning it. */
export interface UrlScan {
  /** The end of the run of characters other than whitespace and `<` around `from`. */
  runEnd(from: number): number;
  /** The next offset of `char` at or after `from`, or -1. */
  next(char: '(' | ')', from: number): number;
}

/** A bare URL (`https://…`, `www.…`) at `start` without its trailing punctuation, or null. */
export function matchBareUrl(source: string, start: number, scan: UrlScan): { text: string; href: string } | null {
  URL_START.lastIndex = start;
  if (!URL_START.test(source)) return null;
  const text = source.slice(start, urlEnd(source, start, scan));
  return { text, href: /^www\./.test(text) ? `http://${text}` : text };
}

export function matchBareEmail(source: string, start: number): { text: string; href: string } | null {
  EMAIL_PROTOCOL.lastIndex = start;
  const withProtocol = EMAIL_PROTOCOL.exec(source);
  if (withProtocol) return { text: withProtocol[0], href: withProtocol[0] };
  EMAIL.lastIndex = start;
  const email = EMAIL.exec(source);
  return email ? { text: email[0], href: `mailto:${email[0]}` } : null;
}

const TRAILING = new Set([...`?!.,:;*_'"~)`]);
const TRAILING_REFERENCE = /&[a-zA-Z0-9]+;$/;
/** Longer than any character reference's name: the search for a trailing one stops there. */
const MAX_REFERENCE = 40;

/**
 * GFM's end of a bare URL: it stops before a `(` that no `)` closes, and loses trailing
 * punctuation (a `)` closing a `(` in it excepted) and a trailing character reference.
 */
function urlEnd(source: string, start: number, scan: UrlScan): number {
  let end = scan.runEnd(start);
  const groupEnds = new Set<number>();
  for (let open = scan.next('(', start); open !== -1 && open < end; open = scan.next('(', open + 1)) {
    const close = scan.next(')', open + 1);
    if (close === -1 || close >= end) {
      end = open;
      break;
    }
    groupEnds.add(close);
    open = close;
  }
  for (let changed = true; changed;) {
    changed = false;
    while (end > start && TRAILING.has(source[end - 1]!) && !groupEnds.has(end - 1)) {
      end--;
      changed = true;
    }
    let ampersand = end - 1;
    while (ampersand >= start && source[ampersand] !== '&' && end - ampersand <= MAX_REFERENCE) ampersand--;
    const reference = source[ampersand] === '&' ? TRAILING_REFERENCE.exec(source.slice(ampersand, end)) : null;
    if (reference) {
      end = ampersand;
      changed = true;
    }
  }
  return end;
}
