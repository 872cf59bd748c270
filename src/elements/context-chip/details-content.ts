import { html, nothing, type TemplateResult } from 'lit';
import { type Citation, type ContextRecord, isKnownContextRecord } from '../../core/index.js';
import type { TextPreview } from '../shared/composer-values.js';
import { adoptLateStyles } from '../shared/late-styles.js';
import type { T3Locale } from '../shared/locale.js';
import { renderRecordDetails } from './chip-details.js';
import { citationStyles, renderCitationDetails } from './citation-details.js';
import { detailsContentStyles } from './details-content.styles.js';
import { renderFileText, renderThumbnail } from './read-back-view.js';

export { watchCodeOverflow } from './code-overflow.js';
export { DetailsCard } from './details-placement.js';

/**
 * What a resolved chip's details show when no host draws them: a citation's quote, or the built-in
 * details of a known record. A chip draws them only once hovered, focused or expanded, so they are a
 * chunk of their own, with their styles; a page whose chips are never looked into loads none of it.
 */

/** The chip as its details read it. */
export interface DetailsSource {
  citation?: Citation;
  sourceUnavailable: boolean;
  record?: ContextRecord;
  relatedRecords: readonly ContextRecord[];
  textPreview?: TextPreview;
  /** Where an image or file chip's attachment is served (in a sent message): its thumbnail or text comes from it. */
  attachmentUrl?: string;
  placement: string;
  locale: T3Locale;
  /** Draws the chip again (what was read back has come). */
  update(): void;
}

/** The details, or null when the chip has none; gives `root` (the chip's shadow root) their styles. */
export function renderResolvedDetails(root: Element | DocumentFragment, chip: DetailsSource): unknown {
  adoptLateStyles(root, detailsContentStyles);
  adoptLateStyles(root, citationStyles);
  if (chip.citation) return renderCitationDetails(chip.citation, chip.locale, chip.sourceUnavailable);
  return chip.record ? renderBuiltInDetails(chip.record, chip) : null;
}

function renderBuiltInDetails(record: ContextRecord, chip: DetailsSource): unknown {
  if (!isKnownContextRecord(record)) return null;
  const details = renderRecordDetails(record, chip.relatedRecords);
  if (details === nothing) return null;
  if (record.kind === 'image') return html`${details}${renderThumbnail(chip)}`;
  return record.kind === 'file' ? html`${details}${renderFileText(record, chip)}${renderExpandButton(chip)}` : details;
}

/** In the composer, a pasted-text file chip offers Expand to text: the composer puts its text back in its place. */
function renderExpandButton(chip: DetailsSource): TemplateResult | typeof nothing {
  if (chip.placement !== 'composer' || !chip.textPreview) return nothing;
  return html`<button part="expand" class="expand" type="button" tabindex="-1">${chip.locale.expandText}</button>`;
}
