import type { Citation, ContextReferenceOccurrence } from '../../core/index.js';

/** A citation link of a message, carried through the message's rendering like a reference. */
export interface CitationLinkOccurrence extends ContextReferenceOccurrence {
  citation: Citation;
}

/**
 * Whether `text` may hold a citation link: every link T3 Code's grammar accepts starts with this,
 * so a message without it shows its references alone and never loads the citation grammar.
 */
export function mayHoldCitationLinks(text: string): boolean {
  return text.includes('[Assistant quote](t3-citation:');
}

export function citationOf(occurrence: ContextReferenceOccurrence): Citation | undefined {
  return (occurrence as Partial<CitationLinkOccurrence>).citation;
}
