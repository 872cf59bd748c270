import {
  type Citation,
  collectCitations,
  collectContextReferences,
  type ContextReferenceOccurrence,
} from '../../core/index.js';

/** A citation link of a message, carried through the message's rendering like a reference. */
export interface CitationLinkOccurrence extends ContextReferenceOccurrence {
  citation: Citation;
}

/**
 * The links a message shows as chips, in document order: its context references and its
 * citation links (a citation link inside a reference's label stays part of that label).
 */
export function collectMessageLinks(text: string): ContextReferenceOccurrence[] {
  const references = collectContextReferences(text);
  const citations = collectCitations(text);
  if (citations.length === 0) return references;
  const links: ContextReferenceOccurrence[] = [];
  let next = 0;
  for (const { citation, source, start, end } of citations) {
    while (next < references.length && references[next]!.end <= start) links.push(references[next++]!);
    const reference = references[next];
    if (reference && reference.start < end) continue;
    const link: CitationLinkOccurrence = {
      kind: 'citation',
      contextId: '',
      label: '',
      image: false,
      source,
      start,
      end,
      citation,
    };
    links.push(link);
  }
  return links.concat(references.slice(next));
}

export function citationOf(occurrence: ContextReferenceOccurrence): Citation | undefined {
  return (occurrence as Partial<CitationLinkOccurrence>).citation;
}

/** A citation chip of a message: activating it fires `t3-citation-activate`. */
export function createCitationChip(citation: Citation, source: string, exportParts: string): HTMLElement {
  const element = document.createElement('t3-context-chip');
  element.setAttribute('kind', 'citation');
  element.setAttribute('exportparts', exportParts);
  element.dataset.copy = source;
  element.citation = citation;
  return element;
}
