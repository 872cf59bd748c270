import { buildSpans, delimiterRun, type InlineNode, isDelimiter, pairDelimiters } from './emphasis.js';
import {
  BacktickRuns,
  ForwardSearch,
  LinkStarts,
  RunEnds,
  backtickRunLength,
  lastNonSpace,
  matchBrackets,
  matchParentheses,
} from './inline-scan.js';
import {
  type ParenScan,
  type UrlScan,
  matchAutolink,
  matchBareEmail,
  matchBareUrl,
  parseDestination,
} from './links.js';
import { type ImageToken, type LinkDefinitions, type LinkToken, type Token, normalizeLabel } from './tokens.js';

/**
 * The inline pass: one walk over a block's text that emits code spans, escapes, breaks, HTML,
 * links and images as tokens and collects delimiter runs, which are paired afterwards. Every
 * look-ahead is answered from a forward index (`inline-scan.ts`), so the walk stays linear.
 */

/** Link labels nested deeper than this show as text rather than be lexed once more per level. */
const MAX_LINK_NESTING = 16;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
/** Characters that may continue an e-mail address's local part: an address starts after none of them. */
const EMAIL_TEXT = /[a-zA-Z0-9.!#$%&'*+/=?_`{|}~-]/;
const URL_FIRST = /[hHfFw]/;
const PLAIN_TEXT = /[^\\\n `<![*_~]+/y;
const EMAIL_FIRST = /[A-Za-z0-9._+-]/;
const ATTRIBUTE = String.raw`\s+[a-zA-Z:_][\w.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>${'`'}]+))?`;
const HTML_TAG = new RegExp(
  String.raw`<\/[a-zA-Z][a-zA-Z0-9-]*\s*>|<[a-zA-Z][a-zA-Z0-9-]*(?:${ATTRIBUTE})*\s*\/?>`,
  'y',
);

export interface InlineResult {
  tokens: Token[];
  /** A link (not an image) was emitted: a link around these tokens would nest links. */
  linkEmitted: boolean;
}

export function lexInline(source: string, definitions: LinkDefinitions, inLink = false, depth = 0): InlineResult {
  return new InlineLexer(source, definitions, inLink, depth).lex();
}

class InlineLexer {
  private readonly nodes: InlineNode[] = [];
  private runs?: BacktickRuns;
  /** Where a bare URL or e-mail address may start: elsewhere, ordinary characters are plain text. */
  private readonly linkStarts: LinkStarts;
  private readonly search: ForwardSearch;
  private readonly lastContent: number;
  private brackets?: Map<number, number>;
  private textStart = 0;
  private linkEmitted = false;
  /** Inside an HTML `<a …>` tag's content: no bare URLs there. */
  private inHtmlLink = false;
  private parentheses?: Map<number, number>;
  private readonly urlRuns: RunEnds;
  private readonly breaks: RunEnds;
  private readonly localParts: RunEnds;
  private failedAt = -1;
  private readonly urlScan: UrlScan = {
    runEnd: (from) => this.urlRuns.from(from),
    next: (char, from) => this.search.indexOf(char, from),
  };
  private readonly parenScan: ParenScan = {
    closing: (open) => (this.parentheses ??= matchParentheses(this.source)).get(open) ?? -1,
    nextBreak: (from) => this.breaks.from(from),
  };

  constructor(
    private readonly source: string,
    private readonly definitions: LinkDefinitions,
    private readonly inLink: boolean,
    private readonly depth: number,
  ) {
    this.linkStarts = new LinkStarts(source);
    this.search = new ForwardSearch(source);
    this.lastContent = lastNonSpace(source);
    this.urlRuns = new RunEnds(source, /[^\s<]*/y);
    this.breaks = new RunEnds(source, /[^\p{Cc} ]*/uy);
    this.localParts = new RunEnds(source, /[A-Za-z0-9._+-]*/y);
  }

  lex(): InlineResult {
    const { source } = this;
    let i = 0;
    while (i < source.length) {
      // Runs of ordinary characters are plain text, up to where a bare URL or address may start
      // (right before one, stepping is cheaper than the search).
      const linkStart = this.linkStarts.from(i);
      if (linkStart > i + 1) {
        PLAIN_TEXT.lastIndex = i;
        if (PLAIN_TEXT.test(source)) i = Math.min(PLAIN_TEXT.lastIndex, linkStart);
        if (i >= source.length) break;
      }
      const end = this.tokenAt(i);
      if (end === undefined) {
        i++;
      } else {
        i = end;
        this.textStart = i;
      }
    }
    this.flushText(source.length);
    pairDelimitersOf(this.nodes);
    return { tokens: buildSpans(source, this.nodes), linkEmitted: this.linkEmitted };
  }

  /** Emits the token starting at `i` and returns where it ends, or undefined when `i` is plain text. */
  private tokenAt(i: number): number | undefined {
    const { source } = this;
    const char = source[i]!;
    switch (char) {
      case '\\':
        return this.escape(i);
      case '\n':
        return this.lineBreak(i, i);
      case ' ':
        return this.spacesBeforeBreak(i);
      case '`':
        return this.codeSpan(i);
      case '<':
        return this.angleBracket(i);
      case '!':
        return source[i + 1] === '[' ? this.link(i, true) : undefined;
      case '[':
        return this.link(i, false);
      case '*':
      case '_':
      case '~':
        return this.delimiter(i, char);
      default:
        return this.bareLink(i);
    }
  }

  private emit(start: number, token: Token, end: number): number {
    this.flushText(start);
    this.nodes.push(token);
    return end;
  }

  private flushText(end: number): void {
    if (end <= this.textStart) return;
    const text = this.source.slice(this.textStart, end);
    const last = this.nodes.at(-1);
    if (last !== undefined && !isDelimiter(last) && last.type === 'text' && !last.tokens) {
      last.raw += text;
      last.text += text;
    } else {
      this.nodes.push({ type: 'text', raw: text, text });
    }
    this.textStart = end;
  }

  private escape(i: number): number | undefined {
    const next = this.source[i + 1];
    if (next === '\n') return this.lineBreak(i, i + 1);
    if (next === undefined || !ASCII_PUNCTUATION.test(next)) return undefined;
    return this.emit(i, { type: 'escape', raw: `\\${next}`, text: next }, i + 2);
  }

  /** Every line break the user typed is a `br` (`breaks`), with the spaces around it, unless only blanks follow. */
  private lineBreak(start: number, newline: number): number | undefined {
    if (this.lastContent <= newline) return undefined;
    let end = newline + 1;
    while (this.source[end] === ' ' || this.source[end] === '\t') end++;
    return this.emit(start, { type: 'br', raw: this.source.slice(start, end) }, end);
  }

  private spacesBeforeBreak(i: number): number | undefined {
    if (i > this.textStart && this.source[i - 1] === ' ') return undefined;
    let end = i;
    while (this.source[end] === ' ') end++;
    return this.source[end] === '\n' ? this.lineBreak(i, end) : undefined;
  }

  private codeSpan(i: number): number {
    const length = backtickRunLength(this.source, i);
    const closer = (this.runs ??= new BacktickRuns(this.source)).closer(i + length, length);
    if (closer === -1) {
      this.flushText(i + length);
      return i + length;
    }
    let text = this.source.slice(i + length, closer).replace(/\n/g, ' ');
    if (/[^ ]/.test(text) && text.startsWith(' ') && text.endsWith(' ')) text = text.slice(1, -1);
    return this.emit(i, { type: 'codespan', raw: this.source.slice(i, closer + length), text }, closer + length);
  }

  private angleBracket(i: number): number | undefined {
    const autolink = matchAutolink(this.source, i);
    if (autolink) {
      const raw = this.source.slice(i, autolink.end);
      return this.emit(i, this.autolinkToken(raw, autolink.text, autolink.href), autolink.end);
    }
    const end = this.htmlEnd(i);
    if (end === undefined) return undefined;
    const raw = this.source.slice(i, end);
    if (/^<a /i.test(raw)) this.inHtmlLink = true;
    else if (/^<\/a>/i.test(raw)) this.inHtmlLink = false;
    return this.emit(i, { type: 'html', raw, text: raw, block: false }, end);
  }

  private htmlEnd(i: number): number | undefined {
    const { source, search } = this;
    const closing = (opening: string, closer: string) => {
      if (!source.startsWith(opening, i)) return undefined;
      const at = search.indexOf(closer, i + opening.length);
      return at === -1 ? undefined : at + closer.length;
    };
    if (source.startsWith('<!--', i)) {
      if (source.startsWith('<!-->', i)) return i + 5;
      if (source.startsWith('<!--->', i)) return i + 6;
      return closing('<!--', '-->');
    }
    if (source[i + 1] === '?') return closing('<?', '?>');
    if (source.startsWith('<![CDATA[', i)) return closing('<![CDATA[', ']]>');
    if (/^<![a-zA-Z]+\s/.test(source.slice(i, i + 40))) return closing('<!', '>');
    HTML_TAG.lastIndex = i;
    return HTML_TAG.test(source) ? HTML_TAG.lastIndex : undefined;
  }

  private delimiter(i: number, char: '*' | '_' | '~'): number {
    let end = i;
    while (this.source[end] === char) end++;
    this.flushText(i);
    this.nodes.push(delimiterRun(this.source, i, end - i, char));
    return end;
  }

  private bareLink(i: number): number | undefined {
    if (this.inLink || this.inHtmlLink || this.linkStarts.none) return undefined;
    const { source } = this;
    const char = source[i]!;
    const previous = i > this.textStart ? source[i - 1]! : '';
    let found: { text: string; href: string } | null = null;
    if (URL_FIRST.test(char) && (char !== 'w' || previous === '' || /[\s*_~(]/.test(previous))) {
      found = matchBareUrl(source, i, this.urlScan);
    }
    if (!found && EMAIL_FIRST.test(char) && (previous === '' || !EMAIL_TEXT.test(previous))) found = this.email(i);
    if (!found) return undefined;
    const end = i + found.text.length;
    return this.emit(i, this.autolinkToken(found.text, found.text, found.href), end);
  }

  /**
   * An e-mail address at `i`. An address's domain does not depend on where its local part starts, so
   * once the `@` ending a run fails, no later start in the same run is tried again.
   */
  private email(i: number): { text: string; href: string } | null {
    const { source } = this;
    if (source.startsWith('mailto:', i) || source.startsWith('xmpp:', i)) return matchBareEmail(source, i);
    const at = this.localParts.from(i);
    if (source[at] !== '@' || this.failedAt === at) return null;
    const found = matchBareEmail(source, i);
    if (!found) this.failedAt = at;
    return found;
  }

  private autolinkToken(raw: string, text: string, href: string): LinkToken {
    return { type: 'link', raw, text, href, autolink: true, tokens: [{ type: 'text', raw: text, text }] };
  }

  private link(i: number, image: boolean): number | undefined {
    if (this.depth >= MAX_LINK_NESTING) return undefined;
    this.brackets ??= matchBrackets(this.source);
    const open = image ? i + 1 : i;
    const close = this.brackets.get(open);
    if (close === undefined) return undefined;
    const { source } = this;
    let target: { href: string; title: string | null; end: number } | null = null;
    if (source[close + 1] === '(') target = parseDestination(source, close + 2, this.parenScan);
    if (!target && this.definitions.size > 0) target = this.reference(open, close);
    if (!target) return undefined;
    const label = source.slice(open + 1, close);
    const inner = lexInline(label, this.definitions, true, this.depth + 1);
    if (!image && inner.linkEmitted) return undefined;
    if (!image) this.linkEmitted = true;
    const raw = source.slice(i, target.end);
    const token: LinkToken | ImageToken = {
      type: image ? ('image' as const) : ('link' as const),
      raw,
      href: target.href,
      title: target.title,
      text: label,
      tokens: inner.tokens,
    };
    return this.emit(i, token, target.end);
  }

  /** `[label][ref]`, `[label][]` and `[label]` through the document's definitions. */
  private reference(open: number, close: number): { href: string; title: string | null; end: number } | null {
    const { source } = this;
    if (close - open > 1000) return null;
    const label = source.slice(open + 1, close);
    let key = label;
    let end = close + 1;
    if (source[close + 1] === '[') {
      const refClose = this.brackets!.get(close + 1);
      if (refClose !== undefined && refClose - close <= 1000) {
        const ref = source.slice(close + 2, refClose);
        if (ref.trim() !== '') key = ref;
        else if (/[[\]]/.test(label)) return null;
        end = refClose + 1;
      }
    } else if (/[[\]]/.test(label.replace(/\\./g, ''))) {
      return null;
    }
    if (key.trim() === '' || key.length > 999) return null;
    const definition = this.definitions.get(normalizeLabel(key));
    return definition ? { href: definition.href, title: definition.title || null, end } : null;
  }
}

function pairDelimitersOf(nodes: InlineNode[]): void {
  if (nodes.some(isDelimiter)) pairDelimiters(nodes);
}
