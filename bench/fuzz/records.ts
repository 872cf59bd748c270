import fc from 'fast-check';
import {
  decodeClipboardFragment,
  decodeClipboardHtml,
  decodeContextRecord,
  decodeMessageContext,
  encodeClipboardFragment,
  encodeClipboardHtml,
} from '../../src/core/index.js';
import { hostileValueArb, validRecordArb } from '../../support/record-arbitraries.js';
import { check, checkEqual, property, expectDecodesToItself } from './harness.js';
import { grammarText, grammarRecordArb, jsonOf } from './vocabulary.js';

/** Properties of decoding records, message contexts and clipboard fragments. */
property(
  'decodeContextRecord: never throws; a decoded record decodes to itself',
  [fc.oneof(hostileValueArb, validRecordArb, grammarRecordArb)],
  (value) => {
    const decoded = decodeContextRecord(value);
    check(typeof decoded.ok === 'boolean', 'no result');
    if (decoded.ok) {
      expectDecodesToItself(decoded.record, 'decoded record');
      checkEqual(JSON.parse(JSON.stringify(decoded.record)), decoded.record, 'a decoded record is plain JSON');
    }
  },
);

property(
  'decodeMessageContext: never throws; kept records decode and have distinct ids',
  [
    fc.oneof(
      hostileValueArb,
      fc
        .array(fc.oneof(validRecordArb, grammarRecordArb, hostileValueArb), { maxLength: 6 })
        .map((records) => ({ version: 1, records })),
    ),
  ],
  (value) => {
    const decoded = decodeMessageContext(value);
    if (!decoded.ok) return;
    const ids = decoded.context.records.map((record) => record.contextId);
    check(new Set(ids).size === ids.length, 'duplicate ids kept');
    for (const record of decoded.context.records) expectDecodesToItself(record, 'context record');
    for (const { index } of decoded.dropped) check(Number.isInteger(index) && index >= 0, 'bad dropped index');
  },
);

export const fragmentArb = fc.record({
  version: fc.constant(1 as const),
  source: fc.record(
    { environmentId: fc.constantFrom('env', ' env-1 ', 'é'), threadId: fc.constantFrom('t', "it's") },
    { requiredKeys: ['environmentId'] },
  ),
  records: fc.uniqueArray(fc.oneof(validRecordArb, grammarRecordArb), {
    maxLength: 4,
    selector: (record) => String(record.contextId),
  }),
});

property(
  'decodeClipboardFragment / decodeClipboardHtml: never throw; encodings round-trip',
  [fragmentArb, fc.oneof(grammarText, fc.string({ unit: 'binary' })), hostileValueArb],
  (value, text, junk) => {
    const json = encodeClipboardFragment(value as never);
    check(json !== null, 'a valid fragment encodes');
    const decoded = decodeClipboardFragment(json);
    check(decoded !== null, 'an encoded fragment decodes');
    checkEqual(decodeClipboardFragment(JSON.stringify(decoded)), decoded, 'decoding is idempotent');
    for (const html of [
      encodeClipboardHtml(value as never, { text }),
      encodeClipboardHtml(value as never, { html: text }),
    ]) {
      checkEqual(decodeClipboardHtml(html), decoded, 'the HTML flavour carries the same fragment');
    }
    for (const input of [
      junk,
      text,
      jsonOf(junk),
      `<div data-t3-context-fragment='${text}'>`,
      `<p data-t3-context-fragment="${encodeURIComponent(jsonOf(junk))}">`,
    ]) {
      const fromJson = decodeClipboardFragment(input);
      const fromHtml = decodeClipboardHtml(input);
      for (const result of [fromJson, fromHtml]) {
        if (result !== null) for (const record of result.records) expectDecodesToItself(record, 'fragment record');
      }
    }
  },
);
