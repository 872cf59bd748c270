import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { type Citation, collectCitations, formatCitationLink } from '../../../src/core/index.js';
import { mayHoldCitationLinks } from '../../../src/elements/user-message/citation-links.js';

const citationArb: fc.Arbitrary<Citation> = fc
  .record(
    {
      environmentId: fc.stringMatching(/^[a-z0-9 _()!*'-]{1,8}$/),
      threadId: fc.string({ minLength: 1, maxLength: 8 }),
      messageId: fc.string({ minLength: 1, maxLength: 8 }),
      text: fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim() !== ''),
      comment: fc.string({ maxLength: 20 }),
      start: fc.nat(100),
      length: fc.integer({ min: 1, max: 50 }),
      prefix: fc.string({ maxLength: 32 }),
      suffix: fc.string({ maxLength: 32 }),
    },
    { requiredKeys: ['environmentId', 'threadId', 'messageId', 'text', 'start', 'length', 'prefix', 'suffix'] },
  )
  .map(({ length, ...fields }) => ({ version: 1 as const, ...fields, end: fields.start + length }));

/** Text around citation links, some of them bent (case, spacing, label) so that they may no longer be links. */
const textArb = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 12 }),
      citationArb.map(formatCitationLink),
      fc
        .tuple(
          citationArb.map(formatCitationLink),
          fc.constantFrom('T3-CITATION:', 'assistant quote', '] (', 't3-citation:'),
        )
        .map(([link, bent]) => link.replace(/t3-citation:|Assistant quote|\]\(/, bent)),
    ),
    { maxLength: 5 },
  )
  .map((pieces) => pieces.join(''));

describe('mayHoldCitationLinks', () => {
  it('is true for every text in which the core finds a citation link, so no message misses its citation chips', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        if (collectCitations(text).length > 0) expect(mayHoldCitationLinks(text), text).to.equal(true);
      }),
      { numRuns: 300 },
    );
  });

  it('is false for text without T3 Code link, so such a message never loads the citation grammar', () => {
    expect(
      mayHoldCitationLinks('See [T1](t3-context://v1/terminal/term_1) and [Assistant quote](https://x.test)'),
    ).to.equal(false);
    expect(mayHoldCitationLinks(formatCitationLink({ ...sample, comment: 'why?' }))).to.equal(true);
  });
});

const sample: Citation = {
  version: 1,
  environmentId: 'env',
  threadId: 'thread',
  messageId: 'reply',
  text: 'quoted',
  start: 0,
  end: 6,
  prefix: '',
  suffix: '',
};
