/**
 * A draft as the peers hold it: paragraphs of prose runs and chips, read from our draft text (the
 * `[label](t3-context://…)` references become chips), so every editor shows the same text and chips.
 * Offsets into our text map to a paragraph and an inline offset in which a chip counts as one.
 */
import { collectContextReferences } from '../../../src/core/index.js';

export type Segment = { text: string } | { chip: { id: string; label: string } };

export interface DraftModel {
  paragraphs: Segment[][];
  chips: number;
}

/** A caret in the peers' terms: the paragraph, and the offset in it where a chip counts as one. */
export interface InlineCaret {
  paragraph: number;
  offset: number;
}

/** Paragraphs split at line feeds, references turned into chips. */
export function draftModel(text: string): DraftModel {
  const paragraphs: Segment[][] = [];
  let chips = 0;
  for (const line of text.split('\n')) {
    const segments: Segment[] = [];
    let at = 0;
    for (const reference of collectContextReferences(line)) {
      if (reference.start > at) segments.push({ text: line.slice(at, reference.start) });
      segments.push({ chip: { id: reference.contextId, label: reference.label } });
      chips++;
      at = reference.end;
    }
    if (at < line.length) segments.push({ text: line.slice(at) });
    paragraphs.push(segments);
  }
  return { paragraphs, chips };
}

/** Where `sourceOffset` of our text falls in the model (an offset inside a reference snaps to its start). */
export function inlineCaret(text: string, sourceOffset: number): InlineCaret {
  const before = text.slice(0, sourceOffset);
  const paragraph = before.split('\n').length - 1;
  const line = before.slice(before.lastIndexOf('\n') + 1);
  let offset = 0;
  let at = 0;
  for (const reference of collectContextReferences(line)) {
    offset += reference.start - at + 1;
    at = reference.end;
  }
  return { paragraph, offset: offset + Math.max(0, line.length - at) };
}
