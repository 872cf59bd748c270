/**
 * What the server rendering figure checks before it trusts a timing: the HTML of each side holds
 * every message, each message's words in their order, and the chips it should draw, by label. So
 * neither side can be timed skipping work (a message body left for the browser, chips dropped).
 */
import { collectContextReferences } from '../../src/core/index.js';
import type { ChatMessage } from '../browser/fixtures.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    return String.fromCodePoint(
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
    );
  });
}

const words = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/** The words a reader sees in a message's Markdown: without link destinations and code fences' info strings. */
function sourceWords(markdown: string): string[] {
  return words(markdown.replace(/\]\([^)\s]*\)/g, '] ').replace(/^```\S*$/gm, ''));
}

/** Whether `expected` appears in `actual` in its order (extra words in between allowed). */
function inOrder(expected: readonly string[], actual: readonly string[]): string | undefined {
  let at = 0;
  for (const word of expected) {
    while (at < actual.length && actual[at] !== word) at++;
    if (at === actual.length) return word;
    at++;
  }
  return undefined;
}

const sorted = (labels: readonly string[]) => [...labels].sort().join(' | ');

export interface ThreadCheck {
  /** How each message opens in the HTML: its element's start tag, or the React message's `<div>`. */
  messageOpening: string;
  /**
   * Which of a message's chips this side draws: ours a chip for each link `collectContextReferences`
   * finds; a CommonMark renderer makes a link written inside another link's label text of the outer
   * link, so it draws the inner one only.
   */
  chips: 'references' | 'commonmark';
}

/** A message's chips a CommonMark renderer draws: those whose whole link is in the text as written. */
function commonMarkChips(message: ChatMessage): string[] {
  return message.context.records
    .filter((record) => message.text.includes(`[${record.label}](t3-context://v1/${record.kind}/${record.contextId})`))
    .map((record) => record.label);
}

/** Throws unless `html` holds every message of `messages`, with its words and chips; returns the chips drawn. */
export function checkThread(html: string, messages: readonly ChatMessage[], check: ThreadCheck): number {
  const parts = html.split(check.messageOpening).slice(1);
  if (parts.length !== messages.length) {
    throw new Error(`${parts.length} messages in the HTML, ${messages.length} rendered`);
  }
  let chips = 0;
  parts.forEach((part, index) => {
    const message = messages[index]!;
    const visible = part.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '').replace(/<!--[\s\S]*?-->/g, '');
    const labels = [...visible.matchAll(/<span[^>]*\bclass="label"[^>]*>([^<]*)<\/span\s*>/g)].map(([, label]) =>
      decode(label!).trim(),
    );
    const expected =
      check.chips === 'references'
        ? collectContextReferences(message.text).map((reference) => reference.label)
        : commonMarkChips(message);
    if (sorted(labels) !== sorted(expected)) {
      throw new Error(`message ${index}: chips ${sorted(labels)}, expected ${sorted(expected)}`);
    }
    chips += labels.length;
    const missing = inOrder(sourceWords(message.text), words(decode(visible.replace(/<[^>]*>/g, ' '))));
    if (missing !== undefined) throw new Error(`message ${index}: its text is not all there (from "${missing}")`);
  });
  return chips;
}
