import { describe, it, expect } from 'vitest';
import { decodeContextRecord } from '../../src/core/records.js';
import type { KnownContextKind } from '../../src/core/types.js';
import { fullPreviewAnnotation, fullReviewComment, minimalRecord } from '../../support/record-arbitraries.js';
import { elementDetails } from '../../support/records.js';
import {
  chars,
  decodeError,
  decodeOk,
  DELETE,
  fieldPathOf,
  items,
  type Json,
  withElements,
  withField,
  withPullRequest,
  withSource,
} from './record-decoding.js';

const wrongTypes: [Json, (string | number)[], unknown, string][] = [
  [minimalRecord('image'), ['attachmentId'], 42, 'image.attachmentId: expected a string'],
  [minimalRecord('image'), ['attachmentId'], 'att 1', 'image.attachmentId: must contain only letters, digits, _ and -'],
  [minimalRecord('image'), ['name'], 42, 'image.name: expected a string'],
  [minimalRecord('image'), ['mimeType'], null, 'image.mimeType: expected a string'],
  [minimalRecord('image'), ['sizeBytes'], '1', 'image.sizeBytes: expected a non-negative integer'],
  [minimalRecord('image'), ['sizeBytes'], -1, 'image.sizeBytes: expected a non-negative integer'],
  [minimalRecord('image'), ['sizeBytes'], 1.5, 'image.sizeBytes: expected a non-negative integer'],
  [minimalRecord('image'), ['sizeBytes'], Number.NaN, 'image.sizeBytes: expected a non-negative integer'],
  [minimalRecord('image'), ['sizeBytes'], Number.POSITIVE_INFINITY, 'image.sizeBytes: expected a non-negative integer'],
  [minimalRecord('file'), ['attachmentId'], DELETE, 'file.attachmentId: expected a string'],
  [minimalRecord('file'), ['name'], ['x'], 'file.name: expected a string'],
  [minimalRecord('file'), ['mimeType'], 1, 'file.mimeType: expected a string'],
  [minimalRecord('file'), ['sizeBytes'], DELETE, 'file.sizeBytes: expected a non-negative integer'],
  [minimalRecord('terminal'), ['terminalId'], 1, 'terminal.terminalId: expected a string'],
  [minimalRecord('terminal'), ['terminalLabel'], null, 'terminal.terminalLabel: expected a string'],
  [minimalRecord('terminal'), ['lineStart'], '3', 'terminal.lineStart: expected a non-negative integer'],
  [minimalRecord('terminal'), ['lineEnd'], 4.5, 'terminal.lineEnd: expected a non-negative integer'],
  [minimalRecord('terminal'), ['text'], 1, 'terminal.text: expected a string'],
  [minimalRecord('element'), ['pageUrl'], null, 'element.pageUrl: expected a string'],
  [minimalRecord('element'), ['pageTitle'], 1, 'element.pageTitle: expected a string or null'],
  [minimalRecord('element'), ['pageTitle'], DELETE, 'element.pageTitle: expected a string or null'],
  [minimalRecord('element'), ['tagName'], 1, 'element.tagName: expected a string'],
  [minimalRecord('element'), ['selector'], DELETE, 'element.selector: expected a string or null'],
  [minimalRecord('element'), ['htmlPreview'], null, 'element.htmlPreview: expected a string'],
  [minimalRecord('element'), ['componentName'], DELETE, 'element.componentName: expected a string or null'],
  [minimalRecord('element'), ['source'], 'Pay.tsx', 'element.source: expected an object or null'],
  [minimalRecord('element'), ['source'], DELETE, 'element.source: expected an object or null'],
  [minimalRecord('element'), ['source'], [], 'element.source: expected an object or null'],
  [minimalRecord('element'), ['styles'], null, 'element.styles: expected a string'],
  [withSource, ['source', 'functionName'], 1, 'element.source.functionName: expected a string or null'],
  [withSource, ['source', 'fileName'], DELETE, 'element.source.fileName: expected a string or null'],
  [withSource, ['source', 'lineNumber'], -1, 'element.source.lineNumber: expected a non-negative integer or null'],
  [withSource, ['source', 'columnNumber'], '7', 'element.source.columnNumber: expected a non-negative integer or null'],
  [minimalRecord('preview-annotation'), ['annotationId'], null, 'preview-annotation.annotationId: expected a string'],
  [minimalRecord('preview-annotation'), ['pageUrl'], 1, 'preview-annotation.pageUrl: expected a string'],
  [
    minimalRecord('preview-annotation'),
    ['pageTitle'],
    DELETE,
    'preview-annotation.pageTitle: expected a string or null',
  ],
  [minimalRecord('preview-annotation'), ['comment'], null, 'preview-annotation.comment: expected a string'],
  [minimalRecord('preview-annotation'), ['targetSummary'], 1, 'preview-annotation.targetSummary: expected a string'],
  [minimalRecord('preview-annotation'), ['styleChanges'], 'x', 'preview-annotation.styleChanges: expected an array'],
  [minimalRecord('preview-annotation'), ['styleChanges'], [1], 'preview-annotation.styleChanges[0]: expected a string'],
  [withElements, ['elements'], {}, 'preview-annotation.elements: expected an array'],
  [withElements, ['elements', 0], 'x', 'preview-annotation.elements[0]: expected an object'],
  [withElements, ['elements', 0, 'tagName'], '  ', 'preview-annotation.elements[0].tagName: must not be empty'],
  [
    withElements,
    ['elements', 0, 'source', 'lineNumber'],
    1.5,
    'preview-annotation.elements[0].source.lineNumber: expected a non-negative integer or null',
  ],
  [withElements, ['elementIds'], [null], 'preview-annotation.elementIds[0]: expected a string'],
  [withElements, ['styleChangeDetails'], 'x', 'preview-annotation.styleChangeDetails: expected an array'],
  [
    withElements,
    ['styleChangeDetails', 0, 'targetId'],
    1,
    'preview-annotation.styleChangeDetails[0].targetId: expected a string',
  ],
  [
    withElements,
    ['styleChangeDetails', 0, 'selector'],
    DELETE,
    'preview-annotation.styleChangeDetails[0].selector: expected a string or null',
  ],
  [
    withElements,
    ['styleChangeDetails', 0, 'property'],
    null,
    'preview-annotation.styleChangeDetails[0].property: expected a string',
  ],
  [
    withElements,
    ['styleChangeDetails', 0, 'previousValue'],
    1,
    'preview-annotation.styleChangeDetails[0].previousValue: expected a string',
  ],
  [
    withElements,
    ['styleChangeDetails', 0, 'value'],
    DELETE,
    'preview-annotation.styleChangeDetails[0].value: expected a string',
  ],
  [
    withElements,
    ['screenshotContextId'],
    'has space',
    'preview-annotation.screenshotContextId: must contain only letters, digits, _ and -',
  ],
  [withElements, ['screenshotContextId'], 1, 'preview-annotation.screenshotContextId: expected a string'],
  [withElements, ['regionCount'], -1, 'preview-annotation.regionCount: expected a non-negative integer'],
  [withElements, ['strokeCount'], '2', 'preview-annotation.strokeCount: expected a non-negative integer'],
  [withElements, ['regionCount'], null, 'preview-annotation.regionCount: expected a non-negative integer'],
  [minimalRecord('review-comment'), ['sectionId'], 1, 'review-comment.sectionId: expected a string'],
  [minimalRecord('review-comment'), ['sectionTitle'], null, 'review-comment.sectionTitle: expected a string'],
  [minimalRecord('review-comment'), ['filePath'], DELETE, 'review-comment.filePath: expected a string'],
  [minimalRecord('review-comment'), ['startIndex'], -1, 'review-comment.startIndex: expected a non-negative integer'],
  [minimalRecord('review-comment'), ['endIndex'], '9', 'review-comment.endIndex: expected a non-negative integer'],
  [minimalRecord('review-comment'), ['rangeLabel'], 1, 'review-comment.rangeLabel: expected a string'],
  [minimalRecord('review-comment'), ['text'], null, 'review-comment.text: expected a string'],
  [minimalRecord('review-comment'), ['diff'], 1, 'review-comment.diff: expected a string'],
  [withPullRequest, ['fenceLanguage'], 1, 'review-comment.fenceLanguage: expected a string'],
  [withPullRequest, ['sourceRevision'], null, 'review-comment.sourceRevision: expected a string'],
  [withPullRequest, ['sourceStale'], 'yes', 'review-comment.sourceStale: expected a boolean'],
  [withPullRequest, ['pullRequest'], 'x', 'review-comment.pullRequest: expected an object'],
  [withPullRequest, ['pullRequest', 'number'], 0, 'review-comment.pullRequest.number: expected a positive integer'],
  [withPullRequest, ['pullRequest', 'number'], '42', 'review-comment.pullRequest.number: expected a positive integer'],
  [withPullRequest, ['pullRequest', 'title'], null, 'review-comment.pullRequest.title: expected a string'],
  [withPullRequest, ['pullRequest', 'url'], 1, 'review-comment.pullRequest.url: expected a string'],
  [withPullRequest, ['pullRequest', 'headBranch'], DELETE, 'review-comment.pullRequest.headBranch: expected a string'],
  [withPullRequest, ['pullRequest', 'baseBranch'], 1, 'review-comment.pullRequest.baseBranch: expected a string'],
  [
    withPullRequest,
    ['pullRequest', 'state'],
    'draft',
    'review-comment.pullRequest.state: expected one of "open", "closed", "merged"',
  ],
  [withPullRequest, ['pullRequest', 'isDraft'], 'no', 'review-comment.pullRequest.isDraft: expected a boolean'],
  [minimalRecord('mention'), ['path'], 1, 'mention.path: expected a string'],
  [minimalRecord('skill'), ['name'], null, 'skill.name: expected a string'],
];

describe('decodeContextRecord: field types', () => {
  const cases = wrongTypes.map(([record, path, value, error]) => [error, record, path, value] as const);

  it.each(cases)('fails with "%s"', (error, record, path, value) => {
    expect(decodeError(withField(record, path, value))).toBe(error);
  });

  it('checks lineEnd >= lineStart and endIndex >= startIndex', () => {
    expect(decodeError({ ...minimalRecord('terminal'), lineStart: 5, lineEnd: 4 })).toBe(
      'terminal.lineEnd: must be >= lineStart',
    );
    expect(decodeError({ ...minimalRecord('review-comment'), startIndex: 9, endIndex: 4 })).toBe(
      'review-comment.endIndex: must be >= startIndex',
    );
  });

  it.each(['fenceLanguage', 'pullRequest', 'sourceRevision', 'sourceStale'])('review-comment.%s is optional', (key) => {
    expect(decodeOk(withField(fullReviewComment, [key], DELETE))).not.toHaveProperty(key);
  });

  it.each(['elements', 'elementIds', 'styleChangeDetails', 'screenshotContextId', 'regionCount', 'strokeCount'])(
    'preview-annotation.%s is optional',
    (key) => {
      expect(decodeOk(withField(fullPreviewAnnotation, [key], DELETE))).not.toHaveProperty(key);
    },
  );

  it('accepts null for every nullable field', () => {
    const element = { ...withSource, pageTitle: null, selector: null, componentName: null };
    expect(decodeOk(element)).toEqual(element);
    const source = { functionName: null, fileName: null, lineNumber: null, columnNumber: null };
    expect(decodeOk({ ...withSource, source })).toEqual({ ...withSource, source });
    const detail = { targetId: '', selector: null, property: 'color', previousValue: '', value: '' };
    expect(decodeOk({ ...fullPreviewAnnotation, styleChangeDetails: [detail] })).toMatchObject({
      styleChangeDetails: [detail],
    });
  });
});

/** [base record, path, bound, value of a given size] */
const limits: [Json, (string | number)[], number, (n: number) => unknown][] = [
  [minimalRecord('image'), ['label'], 200, chars],
  [minimalRecord('image'), ['attachmentId'], 128, chars],
  [minimalRecord('image'), ['name'], 255, chars],
  [minimalRecord('image'), ['mimeType'], 100, chars],
  [minimalRecord('file'), ['name'], 255, chars],
  [minimalRecord('file'), ['mimeType'], 100, chars],
  [minimalRecord('terminal'), ['terminalId'], 255, chars],
  [minimalRecord('terminal'), ['terminalLabel'], 255, chars],
  [minimalRecord('terminal'), ['text'], 64_000, chars],
  [minimalRecord('element'), ['pageUrl'], 2_048, chars],
  [minimalRecord('element'), ['pageTitle'], 2_048, chars],
  [minimalRecord('element'), ['tagName'], 255, chars],
  [minimalRecord('element'), ['selector'], 2_048, chars],
  [minimalRecord('element'), ['htmlPreview'], 8_000, chars],
  [minimalRecord('element'), ['componentName'], 2_048, chars],
  [minimalRecord('element'), ['styles'], 8_000, chars],
  [withSource, ['source', 'functionName'], 2_048, chars],
  [withSource, ['source', 'fileName'], 2_048, chars],
  [withElements, ['annotationId'], 2_048, chars],
  [withElements, ['pageUrl'], 2_048, chars],
  [withElements, ['pageTitle'], 2_048, chars],
  [withElements, ['comment'], 8_000, chars],
  [withElements, ['targetSummary'], 2_048, chars],
  [withElements, ['styleChanges'], 200, (n) => items(n)],
  [withElements, ['styleChanges', 0], 2_048, chars],
  [withElements, ['elements'], 50, (n) => items(n, elementDetails)],
  [withElements, ['elements', 0, 'htmlPreview'], 8_000, chars],
  [withElements, ['elementIds'], 50, (n) => items(n)],
  [withElements, ['elementIds', 0], 2_048, chars],
  [withElements, ['styleChangeDetails'], 200, (n) => items(n, fullPreviewAnnotation.styleChangeDetails[0])],
  [withElements, ['styleChangeDetails', 0, 'targetId'], 2_048, chars],
  [withElements, ['styleChangeDetails', 0, 'selector'], 2_048, chars],
  [withElements, ['styleChangeDetails', 0, 'property'], 2_048, chars],
  [withElements, ['styleChangeDetails', 0, 'previousValue'], 8_000, chars],
  [withElements, ['styleChangeDetails', 0, 'value'], 8_000, chars],
  [withElements, ['screenshotContextId'], 128, chars],
  [withPullRequest, ['sectionId'], 255, chars],
  [withPullRequest, ['sectionTitle'], 2_048, chars],
  [withPullRequest, ['filePath'], 2_048, chars],
  [withPullRequest, ['rangeLabel'], 2_048, chars],
  [withPullRequest, ['text'], 16_000, chars],
  [withPullRequest, ['diff'], 32_000, chars],
  [withPullRequest, ['fenceLanguage'], 64, chars],
  [withPullRequest, ['sourceRevision'], 64, chars],
  [withPullRequest, ['pullRequest', 'title'], 2_048, chars],
  [withPullRequest, ['pullRequest', 'url'], 2_048, chars],
  [withPullRequest, ['pullRequest', 'headBranch'], 2_048, chars],
  [withPullRequest, ['pullRequest', 'baseBranch'], 2_048, chars],
  [minimalRecord('mention'), ['path'], 2_048, chars],
  [minimalRecord('skill'), ['name'], 255, chars],
];

describe('decodeContextRecord: length limits', () => {
  const cases = limits.map(
    ([record, path, bound, make]) => [fieldPathOf(record, path), record, path, bound, make] as const,
  );

  it.each(cases)('%s: %i ok, one more fails', (fieldPath, record, path, bound, make) => {
    expect(decodeContextRecord(withField(record, path, make(bound))).ok).toBe(true);
    const problem = typeof make(0) === 'string' ? `must be at most ${bound} chars` : `must have at most ${bound} items`;
    expect(decodeError(withField(record, path, make(bound + 1)))).toBe(`${fieldPath}: ${problem}`);
  });

  it('trims trimmed-non-empty fields before their length check and keeps them trimmed', () => {
    const padded = ` \n${'n'.repeat(255)}\t `;
    expect(decodeOk({ ...minimalRecord('skill'), name: padded })).toMatchObject({ name: 'n'.repeat(255) });
    expect(
      decodeOk({ ...minimalRecord('image'), name: ' a.png ', mimeType: ' image/png ', attachmentId: ' att_1 ' }),
    ).toMatchObject({
      name: 'a.png',
      mimeType: 'image/png',
      attachmentId: 'att_1',
    });
    expect(decodeOk({ ...minimalRecord('mention'), path: ' src/a b.ts ' })).toMatchObject({ path: 'src/a b.ts' });
  });

  it.each([
    ['image', 'name'],
    ['image', 'mimeType'],
    ['image', 'attachmentId'],
    ['terminal', 'terminalId'],
    ['terminal', 'terminalLabel'],
    ['element', 'tagName'],
    ['review-comment', 'sectionId'],
    ['review-comment', 'filePath'],
    ['mention', 'path'],
    ['skill', 'name'],
  ] as [KnownContextKind, string][])('%s.%s rejects a blank string', (kind, field) => {
    expect(decodeError({ ...minimalRecord(kind), [field]: ' \n\t ' })).toBe(`${kind}.${field}: must not be empty`);
  });

  it('keeps every other string byte-exact', () => {
    const record = {
      ...fullReviewComment,
      label: ' label ',
      sectionTitle: ' t ',
      rangeLabel: '\tL1 ',
      text: '\n comment \n',
      diff: ' +a\n',
      fenceLanguage: ' ts ',
      sourceRevision: ' r ',
    };
    expect(decodeOk(record)).toEqual(record);
    const element = {
      ...withSource,
      pageUrl: ' u ',
      pageTitle: ' t ',
      selector: ' s ',
      htmlPreview: ' <b> ',
      styles: ' x ',
      componentName: ' C ',
    };
    expect(decodeOk(element)).toEqual(element);
    expect(decodeOk({ ...minimalRecord('terminal'), text: '  \n' })).toMatchObject({ text: '  \n' });
  });
});
