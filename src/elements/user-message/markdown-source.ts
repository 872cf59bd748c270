import { type ContextReferenceOccurrence, walkAroundRanges } from '../../core/index.js';

/**
 * A message's Markdown source ready to lex: references are swapped for private placeholders (a
 * private-use sentinel absent from the text, the occurrence index, the sentinel again), so chips
 * land exactly where `collectContextReferences` found them, code included.
 */

export interface PreparedSource {
  /** What to lex. */
  readonly source: string;
  /** Brackets each placeholder's occurrence index. */
  readonly sentinel: string;
}

/** The source to lex, or undefined when the text leaves no private-use character free. */
export function prepareMarkdownSource(
  text: string,
  occurrences: readonly ContextReferenceOccurrence[],
): PreparedSource | undefined {
  const sentinel = pickPrivateCharacter(text);
  if (sentinel === undefined) return undefined;
  return { source: withPlaceholders(text, occurrences, sentinel), sentinel };
}

const PRIVATE_USE_FIRST = 0xe000;
const PRIVATE_USE_LAST = 0xf8ff;
const NUMERIC_REFERENCE = /&#(?:(\d{1,7})|[xX]([0-9a-fA-F]{1,6}));/g;

/**
 * The first private-use character that neither occurs in the text nor can come out of one of its
 * numeric character references (the renderer decodes those in text), or undefined.
 */
function pickPrivateCharacter(text: string): string | undefined {
  const taken = new Uint8Array(PRIVATE_USE_LAST - PRIVATE_USE_FIRST + 1);
  const take = (code: number) => {
    if (code >= PRIVATE_USE_FIRST && code <= PRIVATE_USE_LAST) taken[code - PRIVATE_USE_FIRST] = 1;
  };
  for (let i = 0; i < text.length; i++) take(text.charCodeAt(i));
  if (text.includes('&#')) {
    for (const [, decimal, hex] of text.matchAll(NUMERIC_REFERENCE)) {
      take(decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16));
    }
  }
  const free = taken.indexOf(0);
  return free === -1 ? undefined : String.fromCharCode(PRIVATE_USE_FIRST + free);
}

function withPlaceholders(text: string, occurrences: readonly ContextReferenceOccurrence[], sentinel: string): string {
  let result = '';
  walkAroundRanges(
    text,
    occurrences,
    (between) => (result += between),
    (_occurrence, index) => (result += sentinel + index + sentinel),
  );
  return result;
}
