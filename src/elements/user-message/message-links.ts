import { collectCitations, collectContextReferences, type ContextReferenceOccurrence } from '../../core/index.js';
import type { CitationLinkOccurrence } from './citation-links.js';

/**
 * The links a message shows as chips, in document order: its context references and its
 * citation links (a citation link inside a reference's label stays part of that label). With the
 * citation grammar, it loads with the Markdown renderer, or on its own for a message in
 * `format="text"` whose text may hold a citation link.
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
