import fc from 'fast-check';
import { formatContextReference } from '../../src/core/references.js';
import type {
  ContextRecord,
  ElementContextDetails,
  ElementContextRecord,
  PreviewAnnotationContextRecord,
  ReviewCommentContextRecord,
  TerminalContextRecord,
} from '../../src/core/types.js';

/** A chip's link for a record, under its label or another. */
export const ref = (record: ContextRecord, label = record.label) => formatContextReference({ ...record, label });

/** Legacy records as fast-check generates them, and the fields a round trip must keep of each. */
export function terminalFields(record: TerminalContextRecord) {
  return {
    terminalLabel: record.terminalLabel,
    lineStart: record.lineStart,
    lineEnd: record.lineEnd,
    text: record.text,
  };
}

export function elementFields(record: ElementContextDetails) {
  const { pageUrl, pageTitle, tagName, selector, htmlPreview, componentName, source, styles } = record;
  return { pageUrl, pageTitle, tagName, selector, htmlPreview, componentName, source, styles };
}

export function previewFields(record: PreviewAnnotationContextRecord) {
  const { annotationId, pageUrl, pageTitle, comment, targetSummary, styleChanges } = record;
  return {
    annotationId,
    pageUrl,
    pageTitle,
    comment,
    targetSummary,
    styleChanges,
    elements: record.elements?.map(elementFields),
  };
}

export function reviewFields(record: ReviewCommentContextRecord) {
  const { sectionId, sectionTitle, filePath, startIndex, endIndex, rangeLabel, text, diff } = record;
  return {
    sectionId,
    sectionTitle,
    filePath,
    startIndex,
    endIndex,
    rangeLabel,
    text,
    diff,
    fenceLanguage: record.fenceLanguage ?? 'diff',
  };
}

// Generators of records the legacy format can represent (see SPEC §3.9: single-line headers,
// trimmed fields, derived tag names, no prose that looks like a block delimiter).

export const chars = (alphabet: string, minLength = 0, maxLength = 12) =>
  fc.array(fc.constantFrom(...alphabet), { minLength, maxLength }).map((list) => list.join(''));
export const trimmed = (alphabet: string, minLength = 1, maxLength = 12) =>
  chars(alphabet, minLength, maxLength).filter((value) => value.trim() === value && value.length >= minLength);
export const lines = (line: fc.Arbitrary<string>, maxLength = 4) =>
  fc.array(line, { minLength: 1, maxLength }).map((list) => list.join('\n'));
export const PROSE = 'abcdefghij ,.';
export const WORD = 'abcdefghijklmnopqrstuvwxyz';

export const terminalRecord = fc
  .record({
    terminalLabel: trimmed(`${WORD}ABC 0123:_-`),
    lineStart: fc.nat(1_000),
    span: fc.nat(4),
    lines: fc.array(chars('ab1 |$-'), { minLength: 1, maxLength: 5 }),
    last: trimmed('ab1|$-'),
  })
  .map(({ terminalLabel, lineStart, span, lines: body, last }): Omit<TerminalContextRecord, 'contextId'> => ({
    version: 1,
    kind: 'terminal',
    label: 'terminal',
    terminalId: 'term',
    terminalLabel,
    lineStart,
    lineEnd: lineStart + span,
    text: [...body.slice(0, span), last].join('\n'),
  }));

export const elementSource = fc.option(
  fc
    .record({
      functionName: fc.constant(null),
      fileName: trimmed(`${WORD}/._`),
      lineNumber: fc.option(fc.nat(500)),
      columnNumber: fc.option(fc.nat(80)),
    })
    .map((source) => (source.lineNumber === null ? { ...source, columnNumber: null } : source)),
);

export const indentedBlock = lines(chars(' ab<>/="`:;'), 4).map((value) => value.trimEnd());

export const details: fc.Arbitrary<ElementContextDetails> = fc
  .record({
    name: fc.oneof(
      trimmed(WORD, 1, 8),
      trimmed(WORD, 0, 6).map((rest) => `X${rest}`),
    ),
    pageUrl: fc.oneof(
      fc.constant(''),
      trimmed(WORD, 1, 8).map((path) => `http://localhost:3000/${path}`),
    ),
    selector: fc.option(trimmed(`${WORD}#.> `)),
    htmlPreview: fc.oneof(fc.constant(''), indentedBlock),
    source: elementSource,
    styles: fc.oneof(fc.constant(''), indentedBlock),
  })
  .map(({ name, ...fields }) => ({
    ...fields,
    pageTitle: null,
    tagName: name.toLowerCase(),
    componentName: /[A-Z]/.test(name) ? name : null,
  }));

export const elementRecord = fc
  .tuple(details, trimmed(PROSE))
  .map(([fields, label]): Omit<ElementContextRecord, 'contextId'> => ({
    version: 1,
    kind: 'element',
    label,
    ...fields,
  }));

export const multiLine = lines(chars(PROSE), 3).map((value) => value.trim());

export const previewRecord = fc
  .record({
    annotationId: trimmed(`${WORD}0123-`, 0, 8),
    page: fc.oneof(
      trimmed(WORD, 1, 8).map((path) => ({ pageUrl: `https://example.com/${path}`, pageTitle: null })),
      trimmed(`${WORD} `, 1, 10).map((title) => ({ pageUrl: '', pageTitle: title })),
    ),
    comment: multiLine,
    targetSummary: multiLine,
    styleChanges: fc.array(chars('abc:12 →'), { maxLength: 3 }),
    elements: fc.array(details, { maxLength: 2 }),
    label: trimmed(PROSE),
  })
  .map(({ page, elements, ...fields }): Omit<PreviewAnnotationContextRecord, 'contextId'> => {
    // With a title page the URL is read back from the first element, so it must agree.
    const agreeing =
      page.pageTitle !== null && elements.length > 0
        ? [{ ...elements[0]!, pageUrl: '' }, ...elements.slice(1)]
        : elements;
    return {
      version: 1,
      kind: 'preview-annotation',
      ...fields,
      ...page,
      ...(agreeing.length > 0 ? { elements: agreeing } : {}),
    };
  });

export const attributeValue = trimmed(`${WORD}&<>"' 01/`, 1, 10);

/** Review comment markup and escapes of it, which a review body carries encoded. */
export const reviewMarkup = fc.constantFrom(
  '</review_comment>',
  '<review_comment sectionId="x" filePath="evil.ts">',
  '&lt;/review_comment>',
  '&amp;lt;',
  '&LT;/REVIEW_COMMENT&gt;',
  '<Review_Comment>',
  '&lt;review_commentſ',
  '&',
);
export const withMarkup = (value: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 3, arbitrary: value },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.oneof(chars(PROSE, 1, 6), reviewMarkup), { minLength: 1, maxLength: 4 })
        .map((pieces) => pieces.join('\n').trim()),
    },
  );

export const reviewRecord = fc
  .record({
    sectionId: trimmed(`${WORD}0123_-`),
    sectionTitle: attributeValue,
    filePath: attributeValue.map((path) => `src/${path}`),
    start: fc.nat(200),
    span: fc.nat(20),
    rangeLabel: attributeValue,
    text: withMarkup(multiLine),
    diff: withMarkup(lines(chars('+- ab`</>_\r'), 4)).filter((diff) => diff.length > 0),
    fenceLanguage: fc.option(trimmed(WORD, 1, 6), { nil: undefined }),
  })
  .map(({ start, span, fenceLanguage, ...fields }): Omit<ReviewCommentContextRecord, 'contextId'> => ({
    version: 1,
    kind: 'review-comment',
    label: 'review',
    ...fields,
    startIndex: start,
    endIndex: start + span,
    ...(fenceLanguage === undefined ? {} : { fenceLanguage }),
  }));

export const legacyMessage = fc
  .record({
    terminals: fc.array(fc.tuple(terminalRecord, fc.boolean()), { maxLength: 3 }),
    elements: fc.array(fc.tuple(elementRecord, fc.boolean()), { maxLength: 3 }),
    previews: fc.array(fc.tuple(previewRecord, fc.boolean()), { maxLength: 2 }),
    reviews: fc.array(reviewRecord, { maxLength: 3 }),
    prose: fc.array(trimmed(PROSE), { minLength: 1, maxLength: 8 }),
    order: fc.array(fc.nat(), { maxLength: 12 }),
  })
  .map(({ terminals, elements, previews, reviews, prose, order }) => {
    const withId = <R extends { kind: string }>(record: R, index: number) => ({
      ...record,
      contextId: `${record.kind}_${index}`,
    });
    const t = terminals.map(([record, referenced], i) => ({ record: withId(record, i) as ContextRecord, referenced }));
    const e = elements.map(([record, referenced], i) => ({ record: withId(record, i) as ContextRecord, referenced }));
    const p = previews.map(([record, referenced], i) => ({ record: withId(record, i) as ContextRecord, referenced }));
    const r = reviews.map((record, i) => ({ record: withId(record, i) as ContextRecord, referenced: true }));
    const referenced = [...t, ...e, ...p].filter((entry) => entry.referenced).map((entry) => entry.record);
    // Reviews keep their relative order (they are numbered by position); the rest is shuffled in.
    const pieces: string[] = [...prose];
    for (const [index, record] of referenced.entries())
      pieces.splice((order[index] ?? index) % (pieces.length + 1), 0, ref(record));
    let cursor = 0;
    for (const entry of r) {
      cursor = Math.min(pieces.length, cursor + 1 + ((order[cursor] ?? 0) % 2));
      pieces.splice(cursor, 0, ref(entry.record));
      cursor++;
    }
    return {
      text: pieces.join(' '),
      records: [...t, ...e, ...p, ...r].map((entry) => entry.record),
    };
  });
