import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeInputAnnotations } from '../../src/core/annotations.js';
import { buildSubmission } from '../../src/core/submission.js';

/** The command annotation of a submission carries the filled arguments, never the declared ones. */

const review = {
  name: 'review',
  description: 'Review a change',
  arguments: [
    { name: 'target', required: true },
    { name: 'focus', options: ['security'] },
  ],
};

describe('buildSubmission with command arguments', () => {
  it('puts the filled arguments on the command annotation and leaves the declarations out', () => {
    const submission = buildSubmission({
      text: '/review "my file.ts" security',
      records: [],
      command: review,
      arguments: [
        { name: 'target', value: 'my file.ts' },
        { name: 'focus', value: 'security' },
      ],
    });
    expect(submission.prompt).toBe('/review "my file.ts" security');
    expect(submission.inputAnnotations).toEqual([
      {
        type: 'command',
        start: 0,
        end: 7,
        text: '/review',
        command: { name: 'review', description: 'Review a change' },
        arguments: [
          { name: 'target', value: 'my file.ts' },
          { name: 'focus', value: 'security' },
        ],
      },
    ]);
    expect(review.arguments).toHaveLength(2);
  });

  it('omits an empty or invalid argument list', () => {
    for (const values of [[], [{ name: 'target', value: 1 }], 'target']) {
      const [annotation] = buildSubmission({
        text: '/review',
        records: [],
        command: review,
        arguments: values as never,
      }).inputAnnotations;
      expect(annotation).not.toHaveProperty('arguments');
    }
  });

  it('emits arguments a receiver keeps exactly', () => {
    const pairs = fc.array(fc.record({ name: fc.string(), value: fc.string() }), { maxLength: 32 });
    fc.assert(
      fc.property(pairs, fc.string(), (values, rest) => {
        const submission = buildSubmission({
          text: `/review ${rest}`,
          records: [],
          command: review,
          arguments: values,
        });
        expect(sanitizeInputAnnotations(submission.prompt, submission.inputAnnotations)).toEqual(
          submission.inputAnnotations,
        );
        const [annotation] = submission.inputAnnotations;
        expect(annotation && 'arguments' in annotation ? annotation.arguments : []).toEqual(values);
      }),
    );
  });
});
