import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  INPUT_ANNOTATIONS_MAX,
  referenceSegments,
  sanitizeInputAnnotations,
  splitContentByAnnotations,
  type InputAnnotation,
} from '../../src/core/annotations.js';
import { collectContextReferences } from '../../src/core/references.js';
import { CONTENT, MAKEFILE, README, reference, joined } from './annotation-fixtures.js';

describe('splitContentByAnnotations', () => {
  it('gives one text segment without annotations and no segment for empty content', () => {
    expect(splitContentByAnnotations(CONTENT, undefined)).toEqual([{ type: 'text', text: CONTENT }]);
    expect(splitContentByAnnotations(CONTENT, [])).toEqual([{ type: 'text', text: CONTENT }]);
    expect(splitContentByAnnotations('', [reference(MAKEFILE)])).toEqual([]);
    expect(splitContentByAnnotations(42 as unknown as string, [reference(MAKEFILE)])).toEqual([]);
  });

  it('splits at the sanitised ranges, in order', () => {
    const segments = splitContentByAnnotations(CONTENT, [reference(README, { kind: 'file' }), reference(MAKEFILE)]);
    expect(segments).toEqual([
      { type: 'text', text: 'explain ' },
      { type: 'reference', text: '@src/Makefile', start: 8, end: 21, reference: { id: 'file:@src/Makefile' } },
      { type: 'text', text: ' and ' },
      { type: 'reference', text: '@README.md', start: 26, end: 36, reference: { id: 'file:@README.md', kind: 'file' } },
      { type: 'text', text: ' please' },
    ]);
    expect(joined(segments)).toBe(CONTENT);
  });

  it('renders command segments with their subcommand path', () => {
    const content = '/language ui en';
    const segments = splitContentByAnnotations(content, [
      {
        type: 'command',
        start: 0,
        end: 9,
        text: '/language',
        command: { name: 'language', subcommands: ['ui'] },
        subcommandPath: ['ui'],
      },
    ]);
    expect(segments).toEqual([
      {
        type: 'command',
        text: '/language',
        start: 0,
        end: 9,
        command: { name: 'language', subcommands: ['ui'] },
        subcommandPath: ['ui'],
      },
      { type: 'text', text: ' ui en' },
    ]);
  });

  it('shows invalid, overlapping and mismatched annotations as their text', () => {
    const segments = splitContentByAnnotations(CONTENT, [
      null,
      { ...reference(MAKEFILE), reference: { id: 'x', label: 42 } },
      { ...reference(README), text: 'nope' },
      reference({ start: 0, end: CONTENT.length }),
      reference({ start: 5, end: 10 }),
    ]);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.type).toBe('reference');
    expect(joined(segments)).toBe(CONTENT);
  });

  it('places a chip at a range covering the whole content and at the edges', () => {
    const content = '@a mid @b';
    const segments = splitContentByAnnotations(content, [
      { type: 'reference', start: 0, end: 2, text: '@a', reference: { id: 'a' } },
      { type: 'reference', start: 7, end: 9, text: '@b', reference: { id: 'b' } },
    ]);
    expect(segments.map((segment) => segment.type)).toEqual(['reference', 'text', 'reference']);
    expect(joined(segments)).toBe(content);
  });
});

describe('annotation properties', () => {
  /** Mostly well-formed entries with an occasional wrong field, so both paths are exercised. */
  const annotationLike = (content: string) => {
    const offset = fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: -1, max: content.length + 1 }) },
      { weight: 1, arbitrary: fc.oneof(fc.double(), fc.constant(Number.NaN), fc.string()) },
    );
    const sometimesWrong = <T>(valid: fc.Arbitrary<T>) =>
      fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: fc.anything() });
    return fc.record(
      {
        type: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom('reference', 'command') },
          { weight: 1, arbitrary: fc.anything() },
        ),
        start: offset,
        end: offset,
        text: fc.oneof(fc.string(), fc.constant(undefined)),
        reference: sometimesWrong(
          fc.record(
            {
              id: fc.string({ minLength: 1 }),
              label: sometimesWrong(fc.string()),
              kind: fc.string(),
              metadata: fc.jsonValue(),
            },
            { requiredKeys: ['id'] },
          ),
        ),
        command: sometimesWrong(
          fc.record({ name: fc.string({ minLength: 1 }), description: fc.string() }, { requiredKeys: ['name'] }),
        ),
        subcommandPath: sometimesWrong(fc.array(fc.string())),
      },
      { requiredKeys: ['type', 'start', 'end', 'reference', 'command'] },
    );
  };

  /** Half the time the text is made to match the range, so many entries are valid. */
  const contentWithAnnotations = fc
    .string({
      unit: fc.oneof(
        fc.constantFrom('a', ' ', '@', '😀', '文', '\ud83d', '\ude00'),
        fc.string({ unit: 'binary', maxLength: 1 }),
      ),
      maxLength: 60,
    })
    .chain((content) =>
      fc.tuple(
        fc.constant(content),
        fc.array(
          fc
            .tuple(annotationLike(content), fc.boolean())
            .map(([annotation, matchText]) =>
              matchText && typeof annotation.start === 'number' && typeof annotation.end === 'number'
                ? { ...annotation, text: content.slice(annotation.start, annotation.end) }
                : annotation,
            ),
          { maxLength: 20 },
        ),
      ),
    );

  it('never throw on anything and always join back to the content', () => {
    fc.assert(
      fc.property(
        fc.anything({ withSparseArray: true, withBigInt: true, withMap: true, withSet: true, withNullPrototype: true }),
        fc.anything(),
        (content, annotations) => {
          const kept = sanitizeInputAnnotations(content, annotations);
          expect(Array.isArray(kept)).toBe(true);
          const segments = splitContentByAnnotations(content as string, annotations);
          expect(joined(segments)).toBe(typeof content === 'string' ? content : '');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throw on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.string(), fc.json(), (content, json) => {
        const annotations: unknown = JSON.parse(json);
        sanitizeInputAnnotations(content, annotations);
        expect(joined(splitContentByAnnotations(content, annotations))).toBe(content);
      }),
      { numRuns: 500 },
    );
  });

  it('keep only annotations whose text is their slice of the content, sorted and disjoint', () => {
    let keptInTotal = 0;
    fc.assert(
      fc.property(contentWithAnnotations, ([content, annotations]) => {
        const kept: InputAnnotation[] = sanitizeInputAnnotations(content, annotations);
        keptInTotal += kept.length;
        expect(kept.length).toBeLessThanOrEqual(INPUT_ANNOTATIONS_MAX);
        let previousEnd = 0;
        for (const annotation of kept) {
          expect(content.slice(annotation.start, annotation.end)).toBe(annotation.text);
          expect(annotation.start).toBeGreaterThanOrEqual(previousEnd);
          expect(annotation.end).toBeGreaterThan(annotation.start);
          previousEnd = annotation.end;
        }
        // sanitising is idempotent
        expect(sanitizeInputAnnotations(content, kept)).toEqual(kept);
        const segments = splitContentByAnnotations(content, annotations);
        expect(joined(segments)).toBe(content);
        expect(segments.filter((segment) => segment.type !== 'text')).toHaveLength(kept.length);
        expect(segments.some((segment) => segment.text === '')).toBe(false);
      }),
      { numRuns: 1_000 },
    );
    expect(keptInTotal).toBeGreaterThan(50); // the generator does produce valid annotations
  });
});

describe('referenceSegments', () => {
  it('splits record-driven text into prose and one reference segment per occurrence, giving the text back', () => {
    const text =
      '[a.ts](t3-context://v1/file/file_1) then [b](t3-context://v1/file/file_2)[c](t3-context://v1/file/file_3)!';
    const segments = referenceSegments(text, collectContextReferences(text));
    expect(segments.map((segment) => segment.type)).toEqual(['reference', 'text', 'reference', 'reference', 'text']);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    expect(segments[0]).toEqual({
      type: 'reference',
      text: '[a.ts](t3-context://v1/file/file_1)',
      start: 0,
      end: 35,
      reference: { id: 'file_1', kind: 'file', label: 'a.ts' },
    });
    expect(referenceSegments('no references', [])).toEqual([{ type: 'text', text: 'no references' }]);
    expect(referenceSegments('', [])).toEqual([]);
  });
});
