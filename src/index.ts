/** Everything the package offers: the core wire contract and the element classes, with no registration side effects. */
export * from './core/index.js';
export * from './message.js';
export * from './composer.js';
export {
  citationFromSelection,
  type CitationSelectionError,
  type CitationSelectionFailure,
  type CitationSource,
  findCitation,
  highlightCitation,
  type HighlightOptions,
} from './elements/page-citations/citations-dom.js';
