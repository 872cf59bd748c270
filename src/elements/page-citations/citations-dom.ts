import { type Citation, CITATION_CONTEXT_LENGTH, CITATION_MAX_TEXT_LENGTH } from '../../core/index.js';
import { DEFAULT_LOCALE, type T3Locale } from '../shared/locale.js';
import {
  collapseWhitespace,
  isLeftOut,
  rawOffset,
  readRenderedText,
  type RenderedText,
  type TextChunk,
} from './rendered-text.js';

/**
 * Citations in the page: making one from a selection in a rendered reply, finding its passage
 * again (also after the reply was rendered anew), and showing it.
 */

/** Where a citation's reply lives. */
export interface CitationSource {
  environmentId: string;
  threadId: string;
  messageId: string;
}

export type CitationSelectionError = 'empty' | 'spans-messages' | 'too-long';

/** Why a selection cannot be cited, with the sentence to show. */
export interface CitationSelectionFailure {
  error: CitationSelectionError;
  message: string;
}

/**
 * The citation of the selected text of one rendered reply (`container`): the text exactly as
 * selected, its offsets in the reply's rendered text with whitespace runs collapsed, and up to 32
 * characters of context on each side. A selection that is empty, reaches outside `container`, or
 * holds more than 8,000 characters gives a failure instead.
 */
export function citationFromSelection(
  selection: Selection | null,
  container: Element,
  source: CitationSource,
  locale: Partial<T3Locale> = {},
): Citation | CitationSelectionFailure {
  const strings = { ...DEFAULT_LOCALE, ...locale };
  const fail = (error: CitationSelectionError, message: string) => ({ error, message });
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return fail('empty', strings.citationEmpty);
  const range = selection.getRangeAt(0);
  if (selectsTextOutside(range, container)) return fail('spans-messages', strings.citationSpansMessages);
  const rendered = readRenderedText(container);
  const offsets = selectedOffsets(rendered, range);
  if (!offsets) return fail('empty', strings.citationEmpty);
  const quote = rendered.text.slice(offsets.start, offsets.end);
  if (quote.trim().length === 0) return fail('empty', strings.citationEmpty);
  if (quote.length > CITATION_MAX_TEXT_LENGTH) return fail('too-long', strings.citationTooLong);
  return { version: 1, ...source, ...quoteSelector(rendered.text, offsets.start, offsets.end) };
}

/**
 * Whether the range selects visible text outside `container`. An end at the very start of the next
 * reply, or in the blank between replies, selects none: a triple click on a last paragraph ends there.
 */
function selectsTextOutside(range: Range, container: Element): boolean {
  if (container.contains(range.startContainer) && container.contains(range.endContainer)) return false;
  const root = range.commonAncestorContainer;
  const walker = container.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = root instanceof Text ? root : walker.nextNode(); node; node = walker.nextNode()) {
    if (container.contains(node) || !range.intersectsNode(node)) continue;
    const text = node as Text;
    const from = text === range.startContainer ? range.startOffset : 0;
    const to = text === range.endContainer ? range.endOffset : text.length;
    if (text.data.slice(from, to).trim() !== '') return true;
  }
  return false;
}

/** Offsets in the rendered text of the selected characters, or null when none are selected. */
function selectedOffsets(rendered: RenderedText, range: Range): { start: number; end: number } | null {
  let start: number | null = null;
  let end = 0;
  for (const chunk of rendered.chunks) {
    if (!range.intersectsNode(chunk.node)) continue;
    const from = range.startContainer === chunk.node ? range.startOffset : 0;
    const to = range.endContainer === chunk.node ? range.endOffset : chunk.node.length;
    if (from >= to) continue;
    start ??= chunk.start + from;
    end = chunk.start + to;
  }
  return start === null ? null : { start, end };
}

function splitsSurrogatePair(text: string, offset: number): boolean {
  const before = text.charCodeAt(offset - 1);
  const after = text.charCodeAt(offset);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}

/** The quote as selected, with its offsets and context in the collapsed text. */
function quoteSelector(text: string, rawStart: number, rawEnd: number) {
  const collapsed = collapseWhitespace(text);
  let start = collapseWhitespace(text.slice(0, rawStart)).length;
  // A selection that starts inside a whitespace run includes that run's one space.
  if (rawStart > 0 && /\s/.test(text[rawStart - 1]!) && /\s/.test(text[rawStart]!)) start -= 1;
  const end = collapseWhitespace(text.slice(0, rawEnd)).length;
  let prefixStart = Math.max(0, start - CITATION_CONTEXT_LENGTH);
  let suffixEnd = Math.min(collapsed.length, end + CITATION_CONTEXT_LENGTH);
  // A half of a surrogate pair would reach the link as U+FFFD.
  if (splitsSurrogatePair(collapsed, prefixStart)) prefixStart += 1;
  if (splitsSurrogatePair(collapsed, suffixEnd)) suffixEnd -= 1;
  return {
    text: text.slice(rawStart, rawEnd),
    start,
    end,
    prefix: collapsed.slice(prefixStart, start),
    suffix: collapsed.slice(end, suffixEnd),
  };
}

/**
 * The quoted passage in a rendered reply, as a `Range`, or null when the reply no longer holds it.
 * The saved offsets are tried first; when the text there differs (the reply was edited or
 * rendered differently), the quote is searched for and the occurrence whose surroundings best
 * match the saved prefix and suffix wins, the nearest to the saved offset on a tie.
 */
export function findCitation(container: Element, citation: Citation): Range | null {
  if (!citation || typeof citation.text !== 'string') return null;
  const rendered = readRenderedText(container);
  const collapsed = collapseWhitespace(rendered.text);
  const quote = collapseWhitespace(citation.text);
  if (quote.trim().length === 0) return null;
  const match = matchAtOffsets(collapsed, quote, citation) ?? bestQuoteMatch(collapsed, quote, citation);
  if (!match) return null;
  return rangeOf(container, rendered, rawOffset(rendered.text, match), rawOffset(rendered.text, match + quote.length));
}

/** The saved offsets, when the quote and its whole context are still there (the same words alone may have moved). */
function matchAtOffsets(collapsed: string, quote: string, citation: Citation): number | null {
  const { start, end } = citation;
  const prefix = collapseWhitespace(citation.prefix ?? '');
  const suffix = collapseWhitespace(citation.suffix ?? '');
  const exact = Number.isSafeInteger(start) && start >= 0 && end - start === quote.length;
  return exact &&
    collapsed.slice(start, end) === quote &&
    collapsed.slice(Math.max(0, start - prefix.length), start) === prefix &&
    collapsed.slice(end, end + suffix.length) === suffix
    ? start
    : null;
}

function bestQuoteMatch(collapsed: string, quote: string, citation: Citation): number | null {
  const prefix = collapseWhitespace(citation.prefix ?? '');
  const suffix = collapseWhitespace(citation.suffix ?? '');
  let best: { at: number; score: number; distance: number } | null = null;
  for (let at = collapsed.indexOf(quote); at !== -1; at = collapsed.indexOf(quote, at + 1)) {
    const score =
      commonSuffixLength(collapsed.slice(Math.max(0, at - prefix.length), at), prefix) +
      commonPrefixLength(collapsed.slice(at + quote.length, at + quote.length + suffix.length), suffix);
    const distance = Math.abs(at - citation.start);
    if (!best || score > best.score || (score === best.score && distance < best.distance)) {
      best = { at, score, distance };
    }
  }
  return best ? best.at : null;
}

function commonPrefixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

function commonSuffixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

function rangeOf(container: Element, rendered: RenderedText, start: number, end: number): Range | null {
  const first = rendered.chunks.find((chunk) => chunk.end > start);
  let last: TextChunk | undefined;
  for (const chunk of rendered.chunks) if (chunk.start < end) last = chunk;
  if (!first || !last) return null;
  const range = container.ownerDocument.createRange();
  range.setStart(first.node, Math.max(0, start - first.start));
  range.setEnd(last.node, Math.min(last.node.length, end - last.start));
  return range.collapsed || isLeftOut(range.startContainer) ? null : range;
}

/** The names of the two highlights: the passage just shown, then the same, fading. */
export const CITATION_HIGHLIGHT = 't3-citation';
export const CITATION_HIGHLIGHT_FADING = 't3-citation-fading';

const HIGHLIGHT_RULES = `::highlight(${CITATION_HIGHLIGHT}) {
  background-color: var(--t3-citation-highlight, rgb(250 204 21 / 0.55));
}
::highlight(${CITATION_HIGHLIGHT_FADING}) {
  background-color: var(--t3-citation-highlight-fading, rgb(250 204 21 / 0.22));
}`;

const styledRoots = new WeakSet<Document | ShadowRoot>();
let fadeTimers: ReturnType<typeof setTimeout>[] = [];

/** The highlight rules, once per document or shadow root, through the CSSOM (no inline style). */
function ensureHighlightRules(root: Document | ShadowRoot): void {
  if (styledRoots.has(root)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(HIGHLIGHT_RULES);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  styledRoots.add(root);
}

export interface HighlightOptions {
  /** How long the passage stays fully highlighted before it fades, in ms (default 4000). */
  duration?: number;
}

/**
 * Scrolls the passage into view and highlights it through the CSS Custom Highlight API, without
 * changing the page's DOM or the selection; the highlight fades, then goes. Returns false where
 * the browser has no custom highlights (the passage is still scrolled into view).
 */
export function highlightCitation(range: Range, { duration = 4000 }: HighlightOptions = {}): boolean {
  const anchor = range.startContainer.parentElement;
  anchor?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  const registry = typeof CSS !== 'undefined' ? CSS.highlights : undefined;
  if (!registry || typeof Highlight !== 'function') return false;
  const root = range.startContainer.getRootNode();
  if (root instanceof Document || root instanceof ShadowRoot) ensureHighlightRules(root);
  for (const timer of fadeTimers) clearTimeout(timer);
  registry.delete(CITATION_HIGHLIGHT_FADING);
  registry.set(CITATION_HIGHLIGHT, new Highlight(range.cloneRange()));
  fadeTimers = [
    setTimeout(() => {
      const shown = registry.get(CITATION_HIGHLIGHT);
      registry.delete(CITATION_HIGHLIGHT);
      if (shown) registry.set(CITATION_HIGHLIGHT_FADING, shown);
    }, duration),
    setTimeout(() => registry.delete(CITATION_HIGHLIGHT_FADING), duration + 1500),
  ];
  return true;
}
