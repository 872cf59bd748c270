import { formatContextReference } from '../references.js';
import type { TerminalContextRecord } from '../types.js';
import { inlineTerminalLabel } from './blocks.js';
import {
  codePointBefore,
  firstRangeEndingAfter,
  insertRange,
  overlapsRange,
  type CharacterReader,
} from '../text-scan.js';
import type { TextRange } from '../text-walk.js';
import type { PieceText } from './pieces.js';

/**
 * Binding terminals to the `@slug:range` labels the old send path wrote in place of their
 * placeholders. Terminals are taken in order; each replaces the first standalone occurrence of its
 * label in the body as it stands after the earlier replacements.
 */

const WORD_BEFORE_LABEL = /^[\p{L}\p{N}\p{M}_@.-]$/u;
const WORD_AFTER_LABEL = /^[\p{L}\p{N}\p{M}_-]$/u;
const DOT = 0x2e;
const AT = 0x40;

/** A label occurrence replaced by a terminal's link: `[start, end)` of the body before any binding. */
interface Claim extends TextRange {
  terminal: TerminalContextRecord;
}

/** A terminal with the `@slug:range` label the old send path wrote for it. */
interface LabelledTerminal {
  terminal: TerminalContextRecord;
  label: string;
}

function labelled(terminals: readonly TerminalContextRecord[]): LabelledTerminal[] {
  return terminals.map((terminal) => ({ terminal, label: inlineTerminalLabel(terminal) }));
}

/**
 * Replaces, for each terminal in order, the first standalone occurrence of its label by its link;
 * returns the new body (as pieces, joined by the caller) and the terminals placed.
 *
 * One scan over the body finds every occurrence of every label, so binding costs the body's
 * length once rather than once per terminal. That is exact as long as no label can match text
 * inside another terminal's inserted link: a link holds an `@` only when its label (the terminal's
 * header) does, and a match can run into a link from before it only when the label holds the
 * link's opening `[`. For such contrived headers the replacements are made one by one.
 */
export function bindTerminalLabels(
  body: PieceText,
  terminals: readonly TerminalContextRecord[],
): { pieces: readonly string[]; placed: Set<TerminalContextRecord> } {
  if (terminals.length === 0) return { pieces: body.pieces, placed: new Set() };
  const bindings = labelled(terminals);
  const linksCanHoldLabels = bindings.some(
    ({ terminal, label }) => terminal.label.includes('@') || label.includes('['),
  );
  if (!linksCanHoldLabels) return bindInOneScan(body, bindings);
  const bound = bindOneByOne(body.pieces.join(''), bindings);
  return { pieces: [bound.body], placed: bound.placed };
}

function bindInOneScan(
  body: PieceText,
  bindings: readonly LabelledTerminal[],
): { pieces: string[]; placed: Set<TerminalContextRecord> } {
  const occurrences = findLabelOccurrences(
    body,
    bindings.map(({ label }) => label),
  );
  const claims: Claim[] = [];
  bindings.forEach(({ terminal, label }) => {
    for (const start of occurrences.get(label) ?? []) {
      const end = start + label.length;
      if (overlapsRange(claims, start, end)) continue;
      if (continuesWordBefore(body, start, claims) || continuesWordAfter(body, end, claims)) continue;
      insertRange(claims, { start, end, terminal });
      break;
    }
  });
  const links = claims.map((claim) => ({
    start: claim.start,
    end: claim.end,
    text: formatContextReference(claim.terminal),
  }));
  return { pieces: body.replaced(links), placed: new Set(claims.map((claim) => claim.terminal)) };
}

/**
 * Every start of every label (overlapping ones included), in order. Labels all begin with `@`, so
 * only the `@`s of the body are tried, each against the labels sharing its first few characters.
 */
function findLabelOccurrences(body: PieceText, labels: readonly string[]): Map<string, number[]> {
  const occurrences = new Map<string, number[]>();
  const distinct = [...new Set(labels)].filter((label) => label.startsWith('@'));
  if (distinct.length === 0) return occurrences;
  const keyLength = Math.min(...distinct.map((label) => label.length));
  const byKey = new Map<string, string[]>();
  for (const label of distinct) {
    const key = label.slice(0, keyLength);
    byKey.set(key, [...(byKey.get(key) ?? []), label]);
  }
  for (let at = body.indexOfUnit('@', 0); at !== -1; at = body.indexOfUnit('@', at + 1)) {
    for (const label of byKey.get(body.slice(at, at + keyLength)) ?? []) {
      if (!body.startsWith(label, at)) continue;
      const starts = occurrences.get(label);
      if (starts) starts.push(at);
      else occurrences.set(label, [at]);
    }
  }
  return occurrences;
}

function claimEndsAt(claims: readonly Claim[], position: number): boolean {
  return claims[firstRangeEndingAfter(claims, position - 1)]?.end === position;
}

function claimStartsAt(claims: readonly Claim[], position: number): boolean {
  return claims[firstRangeEndingAfter(claims, position)]?.start === position;
}

/** As in the body with the claims replaced: a link ends with `)`, which continues no word. */
function continuesWordBefore(body: CharacterReader, index: number, claims: readonly Claim[]): boolean {
  if (claimEndsAt(claims, index)) return false;
  const codePoint = codePointBefore(body, index);
  return codePoint !== undefined && WORD_BEFORE_LABEL.test(String.fromCodePoint(codePoint));
}

/** As in the body with the claims replaced: a link starts with `[`, which continues no word. */
function continuesWordAfter(body: CharacterReader, index: number, claims: readonly Claim[]): boolean {
  let next = index;
  for (;;) {
    if (claimStartsAt(claims, next)) return false;
    const code = body.charCodeAt(next);
    if (code !== DOT && code !== AT) break;
    next++;
  }
  const codePoint = body.codePointAt(next);
  return codePoint !== undefined && WORD_AFTER_LABEL.test(String.fromCodePoint(codePoint));
}

/**
 * The reference behaviour, one replacement at a time (quadratic on long texts). Used for labels
 * that may match inside links, and exported as the oracle the fuzzer compares the fast path with.
 */
export function bindTerminalLabelsOneByOne(
  body: string,
  terminals: readonly TerminalContextRecord[],
): { body: string; placed: Set<TerminalContextRecord> } {
  return bindOneByOne(body, labelled(terminals));
}

function bindOneByOne(
  body: string,
  bindings: readonly LabelledTerminal[],
): { body: string; placed: Set<TerminalContextRecord> } {
  const placed = new Set<TerminalContextRecord>();
  let result = body;
  bindings.forEach(({ terminal, label }) => {
    const at = findStandaloneOccurrence(result, label);
    if (at === -1) return;
    result = result.slice(0, at) + formatContextReference(terminal) + result.slice(at + label.length);
    placed.add(terminal);
  });
  return { body: result, placed };
}

/** The first occurrence of `label` in `text` that continues no word on either side. */
function findStandaloneOccurrence(text: string, label: string): number {
  if (label === '') return -1;
  for (let at = text.indexOf(label); at !== -1; at = text.indexOf(label, at + 1)) {
    if (!continuesWordBefore(text, at, []) && !continuesWordAfter(text, at + label.length, [])) return at;
  }
  return -1;
}
