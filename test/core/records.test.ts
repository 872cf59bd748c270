import { describe, it, expect } from 'vitest';
import { decodeContextRecord, decodeContextRecordList, decodeMessageContext } from '../../src/core/records.js';
import { isKnownContextRecord, isUnknownContextRecord } from '../../src/core/grammar.js';
import { CONTEXT_KINDS, type ContextRecord, type KnownContextKind } from '../../src/core/types.js';
import { fullPreviewAnnotation, fullReviewComment, minimalRecord } from '../../support/record-arbitraries.js';
import { elementDetails } from '../../support/records.js';

type Json = Record<string, unknown>;
const DELETE = Symbol('delete');

/** A deep copy of `record` with the value at `path` replaced (or deleted with `DELETE`). */
function withField(record: Json, path: readonly (string | number)[], value: unknown): Json {
  const copy = structuredClone(record);
  let target: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === DELETE) delete target[last];
  else target[last] = value;
  return copy;
}

function decodeOk(value: unknown): ContextRecord {
  const result = decodeContextRecord(value);
  if (!result.ok) throw new Error(`expected the record to decode, got: ${result.error}`);
  return result.record;
}

function decodeError(value: unknown): string {
  const result = decodeContextRecord(value);
  if (result.ok) throw new Error(`expected the record to fail, got: ${JSON.stringify(result.record)}`);
  return result.error;
}

const withSource = { ...minimalRecord('element'), source: elementDetails.source };
const withElements = { ...fullPreviewAnnotation };
const withPullRequest = { ...fullReviewComment };

describe('decodeContextRecord: valid records', () => {
  it.each(CONTEXT_KINDS)('decodes a minimal %s record unchanged', (kind) => {
    const record = minimalRecord(kind);
    expect(decodeOk(record)).toEqual(record);
  });

  it.each([
    ['element with source', withSource],
    ['preview-annotation with every optional field', fullPreviewAnnotation],
    ['review-comment with every optional field', fullReviewComment],
  ])('decodes a %s unchanged', (_name, record) => {
    expect(decodeOk(record)).toEqual(record);
  });

  it('accepts an empty label and a label of exactly 200 chars', () => {
    expect(decodeOk({ ...minimalRecord('file'), label: '' }).label).toBe('');
    expect(decodeOk({ ...minimalRecord('file'), label: 'x'.repeat(200) }).label).toHaveLength(200);
  });

  it('accepts equal range bounds', () => {
    expect(decodeOk({ ...minimalRecord('terminal'), lineStart: 7, lineEnd: 7 })).toMatchObject({
      lineStart: 7,
      lineEnd: 7,
    });
    expect(decodeOk({ ...minimalRecord('review-comment'), startIndex: 0, endIndex: 0 })).toMatchObject({ endIndex: 0 });
  });

  it('leaves out optional fields that are absent or undefined', () => {
    const record = decodeOk({ ...minimalRecord('review-comment'), fenceLanguage: undefined });
    expect(Object.keys(record)).not.toContain('fenceLanguage');
  });

  it('decodes -0 as 0, as a JSON round trip would', () => {
    const record = decodeOk({ ...minimalRecord('image'), sizeBytes: -0 }) as unknown as { sizeBytes: number };
    expect(Object.is(record.sizeBytes, 0)).toBe(true);
  });

  it('returns fresh objects, not the input', () => {
    const input = { ...withSource };
    const record = decodeOk(input) as unknown as typeof withSource;
    expect(record).not.toBe(input);
    expect(record.source).not.toBe(input.source);
  });
});

describe('decodeContextRecord: base fields', () => {
  it.each([2, '1', 1.0000001, null, undefined])('rejects version %s', (version) => {
    expect(decodeError({ ...minimalRecord('mention'), version })).toBe('mention.version: expected 1');
  });

  it('requires a string label of at most 200 chars, kept byte-exact', () => {
    expect(decodeError({ ...minimalRecord('skill'), label: 'x'.repeat(201) })).toBe(
      'skill.label: must be at most 200 chars',
    );
    expect(decodeError({ ...minimalRecord('skill'), label: 5 })).toBe('skill.label: expected a string');
    expect(decodeError(withField(minimalRecord('skill'), ['label'], DELETE))).toBe('skill.label: expected a string');
    expect(decodeOk({ ...minimalRecord('skill'), label: '  padded label \n' }).label).toBe('  padded label \n');
  });

  describe('contextId', () => {
    it('is trimmed before its checks and decodes trimmed', () => {
      expect(decodeOk({ ...minimalRecord('skill'), contextId: '  ctx_1\n' }).contextId).toBe('ctx_1');
      expect(decodeOk({ ...minimalRecord('skill'), contextId: ` ${'a'.repeat(128)} ` }).contextId).toBe(
        'a'.repeat(128),
      );
    });
    it('accepts upper case', () => {
      expect(decodeOk({ ...minimalRecord('skill'), contextId: 'CTX_Upper-1' }).contextId).toBe('CTX_Upper-1');
    });
    it('accepts 128 chars and rejects 129', () => {
      expect(decodeOk({ ...minimalRecord('skill'), contextId: 'a'.repeat(128) }).contextId).toHaveLength(128);
      expect(decodeError({ ...minimalRecord('skill'), contextId: 'a'.repeat(129) })).toBe(
        'skill.contextId: must be at most 128 chars',
      );
    });
    it.each([
      ['   ', 'must not be empty'],
      ['', 'must not be empty'],
      ['a b', 'must contain only letters, digits, _ and -'],
      ['ctx.1', 'must contain only letters, digits, _ and -'],
      ['ctx?x=1', 'must contain only letters, digits, _ and -'],
      [42, 'expected a string'],
      [null, 'expected a string'],
    ])('rejects %j', (contextId, problem) => {
      expect(decodeError({ ...minimalRecord('skill'), contextId })).toBe(`skill.contextId: ${problem}`);
    });
  });

  describe('kind', () => {
    it('drops a padded known kind (SPEC 3.9)', () => {
      expect(decodeError({ ...minimalRecord('skill'), kind: ' skill ' })).toBe(
        'record.kind: a known kind must not be padded with whitespace',
      );
      expect(decodeError({ ...minimalRecord('file'), kind: '\ufefffile' })).toMatch(/^record\.kind: a known kind/);
    });
    it('trims an unknown kind with String.prototype.trim (SPEC 3.9)', () => {
      const record = (kind: string) => ({ version: 1, contextId: 'x', kind, label: '', payload: { n: 1 } });
      expect(decodeOk(record(' future '))).toEqual(record('future'));
      expect(decodeOk(record('\ufeffx'))).toEqual(record('x'));
      expect(decodeOk(record('\tfuture\n')).kind).toBe('future');
      expect(decodeOk(record(` ${'a'.repeat(40)}\u00a0`)).kind).toBe('a'.repeat(40));
      expect(decodeError(record(` ${'a'.repeat(41)} `))).toBe('record.kind: must be at most 40 chars');
      expect(decodeError(record(' Future '))).toMatch(/^record\.kind: must be lower-case/);
    });
    it('accepts 40 chars and rejects 41', () => {
      const record = (kind: string) => ({ version: 1, contextId: 'x', kind, label: '', payload: 1 });
      expect(decodeOk(record('a'.repeat(40))).kind).toHaveLength(40);
      expect(decodeError(record('a'.repeat(41)))).toBe('record.kind: must be at most 40 chars');
    });
    it.each(['Image', 'IMAGE', 'future_thing', '1future', '-x', 'a b', 'é'])('rejects %j', (kind) => {
      expect(decodeError({ version: 1, contextId: 'x', kind, label: '' })).toMatch(/^record\.kind: must be lower-case/);
    });
    it.each([
      ['', 'must not be empty'],
      ['  ', 'must not be empty'],
      [7, 'expected a string'],
      [undefined, 'expected a string'],
    ])('rejects %j', (kind, problem) => {
      expect(decodeError({ version: 1, contextId: 'x', kind, label: '' })).toBe(`record.kind: ${problem}`);
    });
  });
});

/** [base record, path, wrong value, expected error] */
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

/** The error path of a field: `kind.a[0].b`. */
function fieldPathOf(record: Json, path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${key}`),
    String(record.kind),
  );
}

const chars = (n: number) => 'x'.repeat(n);
const items = (n: number, item: unknown = 'x') => Array.from({ length: n }, () => item);

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

describe('decodeContextRecord: unknown fields and unknown kinds', () => {
  it('strips unknown fields on known kinds, nested ones included', () => {
    const record = decodeOk({
      ...withSource,
      extra: 1,
      payload: { x: 1 },
      source: { ...withSource.source, extra: true },
    });
    expect(record).toEqual(withSource);
  });

  it('never decodes a known kind as unknown', () => {
    const error = decodeError({ version: 1, contextId: 'x', kind: 'image', label: '', payload: { name: 'a.png' } });
    expect(error).toBe('image.attachmentId: expected a string');
  });

  // T3's vector: "keeps unknown kinds with their payload" (packages/contracts/src/composerContext.test.ts).
  it("keeps an unknown kind with its payload (mirrors T3's `keeps unknown kinds with their payload`)", () => {
    const record = {
      version: 1,
      contextId: 'ctx_1',
      kind: 'future-thing',
      label: 'Future',
      payload: { anything: [1, 2, 3] },
    };
    expect(decodeOk(record)).toEqual(record);
  });

  it('keeps the payload of a host kind', () => {
    const record = {
      version: 1,
      contextId: 'ds_1',
      kind: 'dataset',
      label: 'Users',
      payload: { value: 'users', serialized: '@users', metadata: [1, null] },
    };
    expect(decodeOk(record)).toEqual(record);
  });

  it("drops an unknown kind without a payload, as T3's schema does, and alone in a context", () => {
    for (const payload of [undefined, () => 1, Symbol('s')]) {
      const record = { version: 1, contextId: 'a', kind: 'app', label: 'App', name: 'Helium', payload };
      expect(decodeContextRecord(record).ok).toBe(false);
    }
    expect(decodeError({ version: 1, contextId: 'a', kind: 'app', label: 'App' })).toBe(
      'app.payload: expected a JSON value',
    );
    // T3's app record of composerContext.test.ts, written with top-level fields: not a record to T3 or here.
    const app = {
      version: 1,
      contextId: 'ctx-app',
      kind: 'app',
      label: 'Helium',
      name: 'Helium',
      bundleId: 'net.imput.helium',
    };
    const result = decodeMessageContext({ version: 1, records: [app, minimalRecord('skill')] });
    expect(result).toMatchObject({ ok: true, dropped: [{ index: 0, error: 'app.payload: expected a JSON value' }] });
    expect(decodeOk({ version: 1, contextId: 'a', kind: 'app', label: '', payload: null })).toMatchObject({
      payload: null,
    });
  });

  it('keeps the payload as a detached JSON copy and strips every other top-level field', () => {
    const payload = { at: new Date(0), nested: { n: 1 } };
    const record = decodeOk({
      version: 1,
      contextId: 'a',
      kind: 'future',
      label: '',
      payload,
      when: new Date(0),
      big: 10n,
      skip: undefined,
    });
    expect(Object.keys(record)).toEqual(['version', 'contextId', 'label', 'kind', 'payload']);
    expect(record).toEqual({
      version: 1,
      contextId: 'a',
      kind: 'future',
      label: '',
      payload: { at: '1970-01-01T00:00:00.000Z', nested: { n: 1 } },
    });
    expect(isUnknownContextRecord(record) && record.payload).not.toBe(payload);
  });

  it('leaves an extra "__proto__" field out without touching the prototype', () => {
    const record = decodeOk(
      JSON.parse('{"version":1,"contextId":"a","kind":"future","label":"","payload":1,"__proto__":{"polluted":true}}'),
    );
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(record, '__proto__')).toBe(false);
    expect((record as Record<string, unknown>).polluted).toBeUndefined();
  });

  // T3's vectors: "bounds the serialized payload of future context kinds" (composerContext.test.ts).
  it("limits the payload JSON to 64,000 chars (mirrors T3's `bounds the serialized payload of future context kinds`)", () => {
    const record = (payload: unknown) => ({
      version: 1,
      contextId: 'ctx_1',
      kind: 'future-thing',
      label: 'Future',
      payload,
    });
    expect(JSON.stringify('x'.repeat(63_998))).toHaveLength(64_000);
    expect(decodeContextRecord(record('x'.repeat(63_998))).ok).toBe(true);
    expect(decodeError(record('x'.repeat(63_999)))).toBe('future-thing.payload: JSON must be at most 64000 chars');
    expect(decodeContextRecord(record('"'.repeat(32_000))).ok).toBe(false);
    const skill = { ...minimalRecord('skill'), contextId: 'ctx_skill' };
    const context = decodeMessageContext({ version: 1, records: [record('x'.repeat(64_000)), skill] });
    expect(context.ok && context.context.records).toEqual([skill]);
  });

  it.each([
    ['a BigInt', 1n],
    [
      'a cycle',
      (() => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      })(),
    ],
    [
      'a throwing toJSON',
      {
        toJSON() {
          throw new Error('no');
        },
      },
    ],
    ['a function', () => 1],
    ['a symbol', Symbol('s')],
  ])('rejects a payload that is %s', (_name, payload) => {
    expect(decodeError({ version: 1, contextId: 'a', kind: 'future', label: '', payload })).toBe(
      'future.payload: must be JSON-serialisable',
    );
  });

  it('ignores an extra field that does not serialise, since it is not kept', () => {
    expect(decodeOk({ version: 1, contextId: 'a', kind: 'future', label: '', payload: 1, size: 10n })).toEqual({
      version: 1,
      contextId: 'a',
      label: '',
      kind: 'future',
      payload: 1,
    });
  });

  it('checks the base fields of unknown kinds', () => {
    expect(decodeError({ version: 2, contextId: 'a', kind: 'future', label: '' })).toBe('future.version: expected 1');
    expect(decodeError({ version: 1, contextId: 'a', kind: 'future', label: 'x'.repeat(201) })).toBe(
      'future.label: must be at most 200 chars',
    );
    expect(decodeOk({ version: 1, contextId: ' a ', kind: 'future', label: '', payload: 0 }).contextId).toBe('a');
  });
});

describe('decodeContextRecord: thread, as T3 decodes its ThreadContextRecord', () => {
  // T3's vector: `knownRecords.thread` of packages/contracts/src/composerContext.test.ts.
  const t3Thread = {
    version: 1,
    contextId: 'ctx_1',
    kind: 'thread',
    label: 'Fix login flow',
    environmentId: 'environment-1',
    threadId: 'thread-1',
    title: 'Fix login flow',
  };

  it("round-trips T3's thread record as a known record (mirrors T3's `round-trips a %s record`)", () => {
    const record = decodeOk(t3Thread);
    expect(record).toEqual(t3Thread);
    expect(Object.keys(record)).toEqual([
      'version',
      'contextId',
      'label',
      'kind',
      'environmentId',
      'threadId',
      'title',
    ]);
    expect(isKnownContextRecord(record)).toBe(true);
  });

  it('trims environmentId and threadId, with no maximum; keeps the title as written, empty included', () => {
    const long = 'e'.repeat(5_000);
    expect(decodeOk({ ...t3Thread, environmentId: ` ${long}\n`, threadId: '\tthread-1 ', title: '' })).toMatchObject({
      environmentId: long,
      threadId: 'thread-1',
      title: '',
    });
    expect(decodeOk({ ...t3Thread, title: '  Plan B \n' })).toMatchObject({ title: '  Plan B \n' });
    expect(decodeOk({ ...t3Thread, title: 'x'.repeat(200) })).toMatchObject({ title: 'x'.repeat(200) });
  });

  it.each([
    [{ environmentId: undefined }, 'thread.environmentId: expected a string'],
    [{ environmentId: '   ' }, 'thread.environmentId: must not be empty'],
    [{ threadId: undefined }, 'thread.threadId: expected a string'],
    [{ threadId: '\n' }, 'thread.threadId: must not be empty'],
    [{ threadId: 9 }, 'thread.threadId: expected a string'],
    [{ title: undefined }, 'thread.title: expected a string'],
    [{ title: 'x'.repeat(201) }, 'thread.title: must be at most 200 chars'],
  ])('drops a thread record with %j', (change, error) => {
    const record = { ...t3Thread, ...change };
    expect(decodeError(record)).toBe(error);
    const { context, dropped } = decodeMessageContext({ version: 1, records: [record, minimalRecord('skill')] }) as {
      context: { records: ContextRecord[] };
      dropped: unknown[];
    };
    expect(context.records.map((kept) => kept.kind)).toEqual(['skill']);
    expect(dropped).toEqual([{ index: 0, error }]);
  });

  it('strips fields the schema does not have, and never reads a thread as an unknown kind', () => {
    expect(decodeOk({ ...t3Thread, extra: 1, payload: { a: 1 } })).toEqual(t3Thread);
    expect(decodeError({ version: 1, contextId: 'x', kind: 'thread', label: '', payload: { threadId: 't' } })).toBe(
      'thread.environmentId: expected a string',
    );
  });
});

describe('decodeContextRecord: hostile input never throws', () => {
  it.each([null, undefined, 0, 'image', true, [], [minimalRecord('image')], Symbol('x'), 1n, () => 1])(
    'rejects %s',
    (value) => {
      expect(decodeError(value)).toBe('record: expected an object');
    },
  );

  it('names the field whose getter throws', () => {
    const record = { ...minimalRecord('skill') };
    Object.defineProperty(record, 'name', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(decodeError(record)).toBe('skill.name: could not be read');
  });

  it('reads only own properties', () => {
    const record = Object.create({ name: 'inherited' }) as Json;
    Object.assign(record, { version: 1, contextId: 'a', kind: 'skill', label: '' });
    expect(decodeError(record)).toBe('skill.name: expected a string');
  });

  it('survives proxies whose traps throw', () => {
    const trap = () => {
      throw new Error('trap');
    };
    const everything = new Proxy(
      {},
      { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap },
    );
    expect(decodeContextRecord(everything).ok).toBe(false);
    const keysOnly = new Proxy({ version: 1, contextId: 'a', kind: 'future', label: '' }, { ownKeys: trap });
    expect(decodeError(keysOnly)).toBe('future.payload: expected a JSON value');
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(decodeContextRecord(proxy).ok).toBe(false);
    expect(decodeMessageContext({ version: 1, records: [proxy] }).ok).toBe(false);
    expect(decodeMessageContext(proxy).ok).toBe(false);
  });

  it('survives a throwing array element getter', () => {
    const styleChanges = ['a'];
    Object.defineProperty(styleChanges, 0, {
      get() {
        throw new Error('boom');
      },
    });
    expect(decodeError({ ...minimalRecord('preview-annotation'), styleChanges })).toBe(
      'preview-annotation.styleChanges[0]: could not be read',
    );
  });
});

describe('decodeContextRecordList', () => {
  it('drops invalid records alone and keeps valid siblings in order', () => {
    const { records, dropped } = decodeContextRecordList([
      minimalRecord('skill'),
      { kind: 'image' },
      'x',
      minimalRecord('mention'),
    ]);
    expect(records.map((record) => record.kind)).toEqual(['skill', 'mention']);
    expect(dropped).toEqual([
      { index: 1, error: 'image.version: expected 1' },
      { index: 2, error: 'record: expected an object' },
    ]);
  });

  it('never throws on an unreadable or non-array value', () => {
    const { proxy, revoke } = Proxy.revocable([], {});
    revoke();
    const throwingLength = new Proxy([minimalRecord('skill')], {
      get(target, key) {
        if (key === 'length') throw new Error('no');
        return Reflect.get(target, key);
      },
    });
    for (const value of [proxy, throwingLength, null, 'abc', { length: 1, 0: minimalRecord('skill') }]) {
      expect(decodeContextRecordList(value as unknown[])).toEqual({ records: [], dropped: [] });
    }
  });
});

describe('decodeMessageContext', () => {
  const context = (records: unknown[]) => ({ version: 1, records });
  const skill = (n: number) => ({ ...minimalRecord('skill'), contextId: `s_${n}` });

  it('decodes a valid context and strips unknown context fields', () => {
    const result = decodeMessageContext({ ...context([minimalRecord('skill'), minimalRecord('image')]), extra: true });
    expect(result).toEqual({
      ok: true,
      context: context([minimalRecord('skill'), minimalRecord('image')]),
      dropped: [],
    });
  });

  it('accepts an empty record list', () => {
    expect(decodeMessageContext(context([]))).toEqual({ ok: true, context: context([]), dropped: [] });
  });

  it.each([
    [null, 'context: expected an object'],
    [[], 'context: expected an object'],
    ['{}', 'context: expected an object'],
    [{ version: 2, records: [] }, 'context.version: expected 1'],
    [{ records: [] }, 'context.version: expected 1'],
    [{ version: 1 }, 'context.records: expected an array'],
    [{ version: 1, records: {} }, 'context.records: expected an array'],
  ])('rejects %j', (value, error) => {
    expect(decodeMessageContext(value)).toEqual({ ok: false, error });
  });

  it('accepts 200 records and rejects 201, counting records that would be dropped', () => {
    const two = Array.from({ length: 200 }, (_, n) => skill(n));
    expect(decodeMessageContext(context(two))).toMatchObject({ ok: true, dropped: [] });
    expect(decodeMessageContext(context([...two.slice(0, 199), 'invalid'])).ok).toBe(true);
    expect(decodeMessageContext(context([...two, 'invalid']))).toEqual({
      ok: false,
      error: 'context.records: must have at most 200 records',
    });
  });

  it('limits the raw records JSON to 16,000,000 chars before dropping anything', () => {
    // One invalid record holding a long string: `["…"]` is the string plus 4 chars.
    const atBound = decodeMessageContext(context(['x'.repeat(16_000_000 - 4)]));
    expect(atBound).toEqual({
      ok: true,
      context: context([]),
      dropped: [{ index: 0, error: 'record: expected an object' }],
    });
    expect(decodeMessageContext(context(['x'.repeat(16_000_000 - 3)]))).toEqual({
      ok: false,
      error: 'context.records: JSON must be at most 16000000 chars',
    });
  });

  it('limits the JSON of many valid records too', () => {
    const payload = 'p'.repeat(63_990);
    const records = Array.from({ length: 200 }, (_, n) => ({
      version: 1,
      contextId: `f_${n}`,
      kind: 'future',
      label: '',
      payload,
      extra: payload,
    }));
    expect(JSON.stringify(records).length).toBeGreaterThan(16_000_000);
    expect(decodeMessageContext(context(records))).toEqual({
      ok: false,
      error: 'context.records: JSON must be at most 16000000 chars',
    });
    expect(decodeMessageContext(context(records.slice(0, 120))).ok).toBe(true);
  });

  it('fails when the records do not serialise', () => {
    const cyclic: Json = { ...skill(1) };
    cyclic.self = cyclic;
    expect(decodeMessageContext(context([cyclic]))).toEqual({
      ok: false,
      error: 'context.records: must be JSON-serialisable',
    });
    expect(decodeMessageContext(context([{ ...skill(1), n: 1n }]))).toEqual({
      ok: false,
      error: 'context.records: must be JSON-serialisable',
    });
  });

  it('drops undecodable records alone and lists them with their original index', () => {
    const result = decodeMessageContext(
      context([{ ...skill(1), name: '' }, skill(2), { ...minimalRecord('terminal'), lineEnd: 0 }, skill(3)]),
    );
    expect(result).toEqual({
      ok: true,
      context: context([skill(2), skill(3)]),
      dropped: [
        { index: 0, error: 'skill.name: must not be empty' },
        { index: 2, error: 'terminal.lineEnd: must be >= lineStart' },
      ],
    });
  });

  it('fails the whole context on duplicate ids, compared after trimming', () => {
    const result = decodeMessageContext(context([skill(1), 'dropped', { ...skill(2), contextId: ' s_1 ' }]));
    expect(result).toEqual({ ok: false, error: 'context.records[2].contextId: duplicates records[0] ("s_1")' });
  });

  it('compares ids case-sensitively, as T3 does', () => {
    expect(
      decodeMessageContext(
        context([
          { ...skill(1), contextId: 'A' },
          { ...skill(2), contextId: 'a' },
        ]),
      ).ok,
    ).toBe(true);
  });

  it('ignores a duplicate id on a record that is dropped anyway', () => {
    const result = decodeMessageContext(context([skill(1), { ...skill(1), name: 5 }]));
    expect(result).toMatchObject({ ok: true, dropped: [{ index: 1, error: 'skill.name: expected a string' }] });
  });
});
