import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectContextForProvider } from '../../src/core/projection.js';
import { decodeContextRecord } from '../../src/core/records.js';
import { formatContextReference } from '../../src/core/references.js';
import type { ContextRecord } from '../../src/core/types.js';
import { t3DecodeThread, t3ProjectThreads } from './t3-thread-reference.js';

/** Strings that stress trimming, the envelope's escaping, markers and links. */
const trickyChar = fc.oneof(
  fc.constantFrom('a', ' ', '\n', '\t', '\u00a0', '\ufeff', '\u2028', ';', ']', '[', '\\', '<', '>', '&', '"', '/'),
  fc.constantFrom('</context>', '<t3_context>', '</T3_CONTEXT>', '<context-x', '<contexts>', '日', '🚀', '\ud800'),
  fc.string({ unit: 'grapheme-ascii', maxLength: 1 }),
);
const trickyString = (maxLength: number) => fc.array(trickyChar, { maxLength }).map((chars) => chars.join(''));

const idArb = fc.constantFrom('th_1', 'th-2', 'TH_1', 'thread_abc', 'x');

/** Raw input a client might send as a thread record: valid, padded, blank, too long, wrongly typed. */
const rawThreadArb = fc.record(
  {
    version: fc.oneof(fc.constant(1), fc.constantFrom(2, '1', null)),
    contextId: fc.oneof(
      idArb,
      idArb.map((id) => ` ${id}\n`),
      fc.constantFrom('', 'bad id', 'a'.repeat(129)),
    ),
    label: fc.oneof(trickyString(12), fc.constant('x'.repeat(201))),
    kind: fc.oneof(fc.constant('thread'), fc.constantFrom(' thread', 'Thread')),
    environmentId: fc.oneof(trickyString(10), fc.constant('e'.repeat(3_000)), fc.constantFrom(7, null)),
    threadId: fc.oneof(trickyString(10), fc.constantFrom(' t-9 ', '  ', 9)),
    title: fc.oneof(trickyString(30), fc.constant('t'.repeat(200)), fc.constant('t'.repeat(201)), fc.constant(null)),
    extra: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: ['version', 'contextId', 'label', 'kind'] },
);

/** Valid thread and host-kind records (as decoded), some sharing an id. */
const recordArb: fc.Arbitrary<ContextRecord> = fc.oneof(
  fc
    .record({
      contextId: idArb,
      label: trickyString(12),
      environmentId: trickyString(10),
      threadId: trickyString(10),
      title: trickyString(30),
    })
    .map((fields) => decodeContextRecord({ version: 1, kind: 'thread', ...fields }))
    .filter((result) => result.ok)
    .map((result) => (result as { record: ContextRecord }).record),
  fc
    .record({ contextId: idArb, label: trickyString(8), payload: fc.jsonValue({ maxDepth: 2 }) })
    .map((fields): ContextRecord => ({ version: 1, kind: 'host-note', ...fields })),
);

const messageArb = fc.record({
  records: fc.array(recordArb, { maxLength: 4 }),
  pieces: fc.array(
    fc.oneof(
      fc.record({ kind: fc.constantFrom('thread', 'host-note'), contextId: idArb, label: trickyString(16) }),
      trickyString(10),
    ),
    { maxLength: 8 },
  ),
});

describe('the thread kind byte for byte as T3 Code', () => {
  it('decodes every thread record as T3 does, with the same key order, or drops it as T3 does', () => {
    fc.assert(
      fc.property(rawThreadArb, (raw) => {
        const ours = decodeContextRecord(raw);
        const t3 = t3DecodeThread(raw);
        if (raw.kind !== 'thread') return; // a padded or other kind is not T3's thread member; tested apart
        expect(ours.ok ? JSON.stringify(ours.record) : null).toBe(t3 === null ? null : JSON.stringify(t3));
      }),
      { numRuns: 1_000 },
    );
  });

  it('projects every message of thread and host-kind chips as T3 does', () => {
    fc.assert(
      fc.property(messageArb, ({ records, pieces }) => {
        const text = pieces
          .map((piece) => (typeof piece === 'string' ? piece : formatContextReference(piece)))
          .join(' ');
        expect(projectContextForProvider({ text, records }, { escapeProse: false })).toBe(
          t3ProjectThreads(text, records as unknown as Record<string, unknown>[]),
        );
      }),
      { numRuns: 500 },
    );
  });
});
