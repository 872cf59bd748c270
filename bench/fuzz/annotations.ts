import fc from 'fast-check';
import { sanitizeInputAnnotations, splitContentByAnnotations } from '../../src/core/index.js';
import { hostileValueArb } from '../../support/record-arbitraries.js';
import { check, checkEqual, property } from './harness.js';
import { grammarText } from './vocabulary.js';

/** Properties of input annotations and the segments they split content into. */

/** Annotation-like values over `content`: mostly valid offsets and texts, sometimes wrong anything. */
export function annotationsFor(content: string) {
  const offset = fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: -1, max: content.length + 1 }) },
    { weight: 1, arbitrary: hostileValueArb },
  );
  const sometimes = <T>(valid: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: hostileValueArb });
  const annotation = fc
    .record({
      type: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('reference', 'command') },
        { weight: 1, arbitrary: hostileValueArb },
      ),
      start: offset,
      end: offset,
      matchText: fc.boolean(),
      reference: sometimes(
        fc.record(
          {
            id: fc.string({ minLength: 1, maxLength: 4 }),
            kind: fc.string(),
            label: sometimes(fc.string()),
            metadata: fc.jsonValue(),
          },
          { requiredKeys: ['id'] },
        ),
      ),
      command: sometimes(
        fc.record(
          { name: fc.string({ minLength: 1, maxLength: 4 }), subcommands: sometimes(fc.array(fc.string())) },
          { requiredKeys: ['name'] },
        ),
      ),
      subcommandPath: sometimes(fc.array(fc.string(), { maxLength: 3 })),
    })
    .map(({ matchText, ...fields }) => {
      const { start, end } = fields;
      const text = matchText && typeof start === 'number' && typeof end === 'number' ? content.slice(start, end) : 'x';
      return { ...fields, text };
    });
  return fc.oneof(
    { weight: 9, arbitrary: fc.array(annotation, { maxLength: 12 }) },
    { weight: 1, arbitrary: hostileValueArb },
  );
}

export const contentWithAnnotations = grammarText.chain((content) =>
  fc.tuple(fc.constant(content), annotationsFor(content)),
);

export function splitsSurrogatePair(text: string, index: number): boolean {
  const before = text.charCodeAt(index - 1);
  const after = text.charCodeAt(index);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}

property(
  'sanitizeInputAnnotations / splitContentByAnnotations: valid, disjoint, sorted ranges; segments rebuild the content',
  [contentWithAnnotations],
  ([content, annotations]) => {
    const kept = sanitizeInputAnnotations(content, annotations);
    check(kept.length <= 256, 'more than 256 kept');
    let previousEnd = 0;
    for (const annotation of kept) {
      const { start, end, text } = annotation;
      check(
        Number.isInteger(start) && Number.isInteger(end) && 0 <= start && start < end && end <= content.length,
        'bad range',
      );
      check(content.slice(start, end) === text, 'text does not match its range');
      check(start >= previousEnd, 'ranges overlap or are not sorted');
      check(
        !splitsSurrogatePair(content, start) && !splitsSurrogatePair(content, end),
        'a range splits a surrogate pair',
      );
      previousEnd = end;
    }
    checkEqual(sanitizeInputAnnotations(content, kept), kept, 'sanitising is idempotent');
    const segments = splitContentByAnnotations(content, annotations);
    check(segments.map((segment) => segment.text).join('') === content, 'segments do not rebuild the content');
    check(
      segments.every((segment) => segment.type !== 'text' || segment.text !== ''),
      'an empty text segment',
    );
    check(
      segments.filter((segment) => segment.type !== 'text').length === kept.length,
      'segments and kept annotations differ',
    );
  },
);
