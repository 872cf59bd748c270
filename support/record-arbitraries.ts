import fc from 'fast-check';
import { CONTEXT_KINDS, type KnownContextKind } from '../src/core/types.js';
import { elementDetails } from './records.js';

/**
 * Generated and minimal records for property tests and the fuzzer (the shared examples are in
 * `records.ts`).
 */

/**
 * Any value at all, hostile shapes included: bigints, boxed values, maps, sets, sparse and typed
 * arrays, lone surrogates.
 */
export const hostileValueArb = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  stringUnit: 'binary',
});

/** Minimal valid records of every known kind, as plain JSON-shaped input, keys in T3's decoded order. */
export function minimalRecord(kind: KnownContextKind): Record<string, unknown> {
  return { version: 1, contextId: `${kind}_1`, label: `A ${kind}`, kind, ...MINIMAL_FIELDS[kind] };
}

const MINIMAL_FIELDS: Record<KnownContextKind, Record<string, unknown>> = {
  image: { attachmentId: 'att_1', name: 'shot.png', mimeType: 'image/png', sizeBytes: 2048 },
  file: { attachmentId: 'att_2', name: 'notes.txt', mimeType: 'text/plain', sizeBytes: 0 },
  terminal: { terminalId: 'term-1', terminalLabel: 'Terminal 1', lineStart: 3, lineEnd: 4, text: 'a\nb' },
  element: {
    pageUrl: 'http://localhost:3000/',
    pageTitle: null,
    tagName: 'button',
    selector: null,
    htmlPreview: '',
    componentName: null,
    source: null,
    styles: '',
  },
  'preview-annotation': {
    annotationId: '',
    pageUrl: '',
    pageTitle: null,
    comment: '',
    targetSummary: '',
    styleChanges: [],
  },
  'review-comment': {
    sectionId: 'sec-1',
    sectionTitle: 'Review',
    filePath: 'src/a.ts',
    startIndex: 4,
    endIndex: 9,
    rangeLabel: 'L4-9',
    text: '',
    diff: '',
  },
  mention: { path: 'src/index.ts' },
  skill: { name: 'pinchtab' },
  thread: { environmentId: 'env-1', threadId: 'thread-1', title: 'Fix login flow' },
};

/** Records with every optional field filled. */
export const fullPreviewAnnotation = {
  ...minimalRecord('preview-annotation'),
  annotationId: 'ann-1',
  pageTitle: 'Checkout',
  comment: 'Make it bigger',
  targetSummary: '1 element',
  styleChanges: ['font-size: 12px → 20px'],
  elements: [elementDetails],
  elementIds: ['el-1'],
  regionCount: 2,
  strokeCount: 0,
  styleChangeDetails: [
    { targetId: 'el-1', selector: '#pay', property: 'font-size', previousValue: '12px', value: '20px' },
  ],
  screenshotContextId: 'image_ann-1',
};

export const fullReviewComment = {
  ...minimalRecord('review-comment'),
  fenceLanguage: 'ts',
  sourceRevision: 'abc123',
  sourceStale: true,
  pullRequest: {
    number: 42,
    title: 'Fix it',
    url: 'https://example.test/pr/42',
    headBranch: 'fix',
    baseBranch: 'main',
    state: 'open',
    isDraft: false,
  },
};

// ---- arbitraries of valid records (in decoded form: ids and TNE fields already trimmed) ----

const text = (maxLength: number) => fc.string({ unit: 'binary', maxLength });
const short = text(24);
const nullableShort = fc.option(short, { nil: null });
const trimmedNonEmpty = fc
  .string({ unit: 'binary', minLength: 1, maxLength: 24 })
  .map((s) => s.trim())
  .filter((s) => s.length > 0);
export const contextIdArb = fc.stringMatching(/^[a-zA-Z0-9_-]{1,24}$/);
const nat = fc.nat({ max: 1_000_000 });

const elementDetailsArb = fc.record({
  pageUrl: short,
  pageTitle: nullableShort,
  tagName: trimmedNonEmpty,
  selector: nullableShort,
  htmlPreview: text(40),
  componentName: nullableShort,
  source: fc.option(
    fc.record({
      functionName: nullableShort,
      fileName: nullableShort,
      lineNumber: fc.option(nat, { nil: null }),
      columnNumber: fc.option(nat, { nil: null }),
    }),
    { nil: null },
  ),
  styles: text(40),
});

const orderedPair = fc.tuple(nat, nat).map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a]));

const attachmentArb = fc.record({
  attachmentId: contextIdArb,
  name: trimmedNonEmpty,
  mimeType: trimmedNonEmpty,
  sizeBytes: nat,
});

const kindFieldArbs: Record<KnownContextKind, fc.Arbitrary<Record<string, unknown>>> = {
  image: attachmentArb,
  file: attachmentArb,
  terminal: fc
    .record({ terminalId: trimmedNonEmpty, terminalLabel: trimmedNonEmpty, lines: orderedPair, text: text(60) })
    .map(({ terminalId, terminalLabel, lines, text: excerpt }) => ({
      terminalId,
      terminalLabel,
      lineStart: lines[0],
      lineEnd: lines[1],
      text: excerpt,
    })),
  element: elementDetailsArb,
  'preview-annotation': fc.record(
    {
      annotationId: short,
      pageUrl: short,
      pageTitle: nullableShort,
      comment: text(40),
      targetSummary: short,
      styleChanges: fc.array(short, { maxLength: 3 }),
      elements: fc.array(elementDetailsArb, { maxLength: 2 }),
      elementIds: fc.array(short, { maxLength: 3 }),
      regionCount: nat,
      strokeCount: nat,
      styleChangeDetails: fc.array(
        fc.record({ targetId: short, selector: nullableShort, property: short, previousValue: short, value: short }),
        { maxLength: 2 },
      ),
      screenshotContextId: contextIdArb,
    },
    { requiredKeys: ['annotationId', 'pageUrl', 'pageTitle', 'comment', 'targetSummary', 'styleChanges'] },
  ),
  'review-comment': fc
    .record(
      {
        sectionId: trimmedNonEmpty,
        sectionTitle: short,
        filePath: trimmedNonEmpty,
        range: orderedPair,
        rangeLabel: short,
        text: text(40),
        diff: text(40),
        fenceLanguage: text(10),
        sourceRevision: text(10),
        sourceStale: fc.boolean(),
        pullRequest: fc.record({
          number: fc.integer({ min: 1, max: 100_000 }),
          title: short,
          url: short,
          headBranch: short,
          baseBranch: short,
          state: fc.constantFrom('open', 'closed', 'merged'),
          isDraft: fc.boolean(),
        }),
      },
      { requiredKeys: ['sectionId', 'sectionTitle', 'filePath', 'range', 'rangeLabel', 'text', 'diff'] },
    )
    .map(({ sectionId, sectionTitle, filePath, range, ...rest }) => ({
      sectionId,
      sectionTitle,
      filePath,
      startIndex: range[0],
      endIndex: range[1],
      ...rest,
    })),
  mention: fc.record({ path: trimmedNonEmpty }),
  skill: fc.record({ name: trimmedNonEmpty }),
  thread: fc.record({ environmentId: trimmedNonEmpty, threadId: trimmedNonEmpty, title: text(40) }),
};

const knownKinds: readonly string[] = CONTEXT_KINDS;
const unknownKindArb = fc.stringMatching(/^[a-z][a-z0-9-]{0,39}$/).filter((kind) => !knownKinds.includes(kind));
export const validKnownRecordArb = fc
  .constantFrom(...CONTEXT_KINDS)
  .chain((kind) =>
    fc
      .record({ contextId: contextIdArb, label: text(30), fields: kindFieldArbs[kind] })
      .map(
        ({ contextId, label, fields }) =>
          ({ version: 1, contextId, label, kind, ...fields }) as Record<string, unknown>,
      ),
  );

/** Unknown kinds carry a `payload` (T3's schema requires it) and nothing else. */
export const validUnknownRecordArb = fc
  .record({ contextId: contextIdArb, kind: unknownKindArb, label: text(30), payload: fc.jsonValue({ maxDepth: 3 }) })
  .map(
    ({ contextId, kind, label, payload }) =>
      ({ version: 1, contextId, label, kind, payload }) as Record<string, unknown>,
  );

export const validRecordArb = fc.oneof(
  { weight: 4, arbitrary: validKnownRecordArb },
  { weight: 1, arbitrary: validUnknownRecordArb },
);
