import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  CLIPBOARD_HTML_MAX_CHARS,
  CONTEXT_CLIPBOARD_MIME,
  decodeClipboardFragment,
  decodeClipboardHtml,
  encodeClipboardFragment,
  encodeClipboardHtml,
  type ContextClipboardFragment,
} from '../../src/core/clipboard.js';
import { decodeContextRecord } from '../../src/core/records.js';
import type { ContextRecord } from '../../src/core/types.js';
import { fullReviewComment, minimalRecord, validRecordArb } from '../../support/record-arbitraries.js';

const skill = minimalRecord('skill') as unknown as ContextRecord;
const terminal = minimalRecord('terminal') as unknown as ContextRecord;

function fragment(
  records: ContextRecord[] = [skill, terminal],
  source: Record<string, unknown> = { environmentId: 'env-1' },
) {
  return { version: 1, source, records } as unknown as ContextClipboardFragment;
}

describe('clipboard MIME type', () => {
  it('is the Chromium web custom format of T3', () => {
    expect(CONTEXT_CLIPBOARD_MIME).toBe('web application/x-t3-context-fragment+json');
    expect(CONTEXT_CLIPBOARD_MIME).toMatch(/^web application\//);
  });
});

describe('encodeClipboardFragment / decodeClipboardFragment', () => {
  it('round-trips a fragment', () => {
    const value = fragment([skill, terminal, fullReviewComment as unknown as ContextRecord], {
      environmentId: 'env-1',
      threadId: 'thread-1',
      messageId: 'msg-1',
    });
    const json = encodeClipboardFragment(value);
    expect(json).toBe(JSON.stringify(value));
    expect(decodeClipboardFragment(json)).toEqual(value);
  });

  it('keeps thread records, and unknown kinds with their payload alone', () => {
    const thread = {
      version: 1,
      contextId: 'th_1',
      label: 'T',
      kind: 'thread',
      environmentId: 'e',
      threadId: 't',
      title: 'x',
    } as ContextRecord;
    const future = { version: 1, contextId: 'f_1', label: 'F', kind: 'future', payload: { a: 1 } } as ContextRecord;
    expect(decodeClipboardFragment(encodeClipboardFragment(fragment([thread, future])))).toEqual(
      fragment([thread, future]),
    );
    const withExtras = { ...future, more: 1 } as ContextRecord;
    expect(
      decodeClipboardFragment(
        JSON.stringify(fragment([withExtras, { ...future, contextId: 'f_2', payload: undefined }])),
      ),
    ).toEqual(fragment([future]));
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
    ['a number', 1],
    ['unparsable JSON', '{"version":1,'],
    ['JSON null', 'null'],
    ['an array', '[]'],
    ['version 2', JSON.stringify({ ...fragment(), version: 2 })],
    ['a missing version', JSON.stringify({ source: { environmentId: 'e' }, records: [] })],
    ['a missing source', JSON.stringify({ version: 1, records: [] })],
    ['a blank environmentId', JSON.stringify(fragment([], { environmentId: '  ' }))],
    ['an environmentId of 129 chars', JSON.stringify(fragment([], { environmentId: 'e'.repeat(129) }))],
    ['a numeric environmentId', JSON.stringify(fragment([], { environmentId: 1 }))],
    ['a blank threadId', JSON.stringify(fragment([], { environmentId: 'e', threadId: ' ' }))],
    ['a messageId of 129 chars', JSON.stringify(fragment([], { environmentId: 'e', messageId: 'm'.repeat(129) }))],
    ['records that are not an array', JSON.stringify({ ...fragment(), records: {} })],
    ['201 records', JSON.stringify(fragment(Array.from({ length: 201 }, () => skill)))],
  ])('decodes %s as null', (_name, input) => {
    expect(decodeClipboardFragment(input)).toBeNull();
  });

  it('accepts 200 records, counting ones that are dropped', () => {
    const records = Array.from({ length: 200 }, (_, n) =>
      n === 0 ? ({ kind: 'image' } as unknown as ContextRecord) : skill,
    );
    expect(decodeClipboardFragment(JSON.stringify(fragment(records)))?.records).toHaveLength(199);
  });

  it('trims source ids, accepts 128 chars and strips unknown source fields', () => {
    const decoded = decodeClipboardFragment(
      JSON.stringify(
        fragment([], {
          environmentId: ` ${'e'.repeat(128)} `,
          threadId: ' t ',
          messageId: '\nm',
          url: 'https://x.test',
        }),
      ),
    );
    expect(decoded?.source).toEqual({ environmentId: 'e'.repeat(128), threadId: 't', messageId: 'm' });
  });

  it('drops invalid records and keeps valid ones', () => {
    const json = JSON.stringify(
      fragment([skill, { ...terminal, lineEnd: 0 } as ContextRecord, 'junk' as unknown as ContextRecord, terminal]),
    );
    expect(decodeClipboardFragment(json)?.records).toEqual([skill, terminal]);
  });

  it('strips unknown fields, so no bytes or URLs ride along on known kinds', () => {
    const image = {
      ...minimalRecord('image'),
      dataBase64: 'AAAA',
      url: 'https://x.test/a.png',
    } as unknown as ContextRecord;
    const json = encodeClipboardFragment(fragment([image]));
    expect(json).not.toContain('dataBase64');
    expect(json).not.toContain('https://');
    expect(decodeClipboardFragment(json)?.records).toEqual([minimalRecord('image')]);
    expect(decodeClipboardFragment(JSON.stringify(fragment([image])))?.records).toEqual([minimalRecord('image')]);
  });

  it('rejects JSON over 16,000,000 chars on both sides', () => {
    // About 3.2 MB a record: four fit in 16,000,000 chars, five do not.
    const big = {
      ...minimalRecord('preview-annotation'),
      styleChangeDetails: Array.from({ length: 200 }, () => ({
        targetId: 't',
        selector: null,
        property: 'content',
        previousValue: 'x'.repeat(8_000),
        value: 'y'.repeat(8_000),
      })),
    };
    const records = (count: number) =>
      Array.from({ length: count }, (_, n) => ({ ...big, contextId: `x${n}` }) as ContextRecord);
    const json = encodeClipboardFragment(fragment(records(4)));
    expect(json).not.toBeNull();
    expect(json!.length).toBeLessThanOrEqual(16_000_000);
    expect(encodeClipboardFragment(fragment(records(5)))).toBeNull();
    expect(decodeClipboardFragment(`${json!}${' '.repeat(16_000_000 - json!.length)}`)).not.toBeNull();
    expect(decodeClipboardFragment(`${json!}${' '.repeat(16_000_001 - json!.length)}`)).toBeNull();
  });

  it('encodes null for an invalid fragment instead of writing one the decoder rejects', () => {
    expect(encodeClipboardFragment(fragment([], { environmentId: ' ' }))).toBeNull();
    expect(encodeClipboardFragment({ ...fragment(), version: 2 } as unknown as ContextClipboardFragment)).toBeNull();
    expect(encodeClipboardFragment(fragment(Array.from({ length: 201 }, () => skill)))).toBeNull();
    expect(encodeClipboardFragment(null as unknown as ContextClipboardFragment)).toBeNull();
  });
});

describe('encodeClipboardHtml / decodeClipboardHtml', () => {
  const apostrophe = {
    ...minimalRecord('review-comment'),
    text: "it's O'Brien's \"quote\" & <tag>",
  } as unknown as ContextRecord;

  it('wraps rich HTML in a div carrying the fragment', () => {
    const html = encodeClipboardHtml(fragment(), { html: '<b>hi</b>' })!;
    expect(html).toMatch(/^<div data-t3-context-fragment="[^"'<>&]+"><b>hi<\/b><\/div>$/);
    expect(decodeClipboardHtml(html)).toEqual(fragment());
  });

  it('wraps escaped text in a pre when there is no HTML', () => {
    const html = encodeClipboardHtml(fragment(), { text: 'a < b && c > d' })!;
    expect(html).toMatch(/^<pre data-t3-context-fragment="[^"]+">a &lt; b &amp;&amp; c &gt; d<\/pre>$/);
    expect(decodeClipboardHtml(html)).toEqual(fragment());
    expect(encodeClipboardHtml(fragment())).toMatch(/^<pre data-t3-context-fragment="[^"]+"><\/pre>$/);
  });

  it('percent-encodes apostrophes so records containing them survive', () => {
    const html = encodeClipboardHtml(fragment([apostrophe]), { text: 'x' })!;
    const attribute = /data-t3-context-fragment="([^"]*)"/.exec(html)![1]!;
    expect(attribute).not.toMatch(/['"]/);
    expect(attribute).toContain('%27');
    expect(decodeClipboardHtml(html)).toEqual(fragment([apostrophe]));
  });

  it('decodes single- and double-quoted attributes', () => {
    const encoded = /data-t3-context-fragment="([^"]*)"/.exec(encodeClipboardHtml(fragment([apostrophe]))!)![1]!;
    const expected = fragment([apostrophe]);
    expect(decodeClipboardHtml(`<meta charset="utf-8"><span data-t3-context-fragment='${encoded}'>x</span>`)).toEqual(
      expected,
    );
    expect(
      decodeClipboardHtml(`<html><body><!--StartFragment--><div data-t3-context-fragment="${encoded}">x</div>`),
    ).toEqual(expected);
  });

  it.each([
    ['non-string input', 42],
    ['an empty string', ''],
    ['HTML without the attribute', '<b>plain</b>'],
    ['an empty attribute', '<div data-t3-context-fragment="">x</div>'],
    ['mismatched quotes', `<div data-t3-context-fragment="${encodeURIComponent(JSON.stringify(fragment()))}'>x</div>`],
    ['malformed percent-encoding', '<div data-t3-context-fragment="%E0%A4%A">x</div>'],
    ['a lone percent sign', '<div data-t3-context-fragment="%">x</div>'],
    [
      'a fragment of version 2',
      `<div data-t3-context-fragment="${encodeURIComponent(JSON.stringify({ ...fragment(), version: 2 }))}">x</div>`,
    ],
    ['an attribute that is not JSON', '<div data-t3-context-fragment="hello">x</div>'],
  ])('decodes %s as null', (_name, html) => {
    expect(decodeClipboardHtml(html)).toBeNull();
  });

  it('rejects HTML longer than 16,000,000 × 9 + 4,096 chars', () => {
    expect(CLIPBOARD_HTML_MAX_CHARS).toBe(16_000_000 * 9 + 4_096);
    const html = encodeClipboardHtml(fragment())!;
    expect(decodeClipboardHtml(html + ' '.repeat(CLIPBOARD_HTML_MAX_CHARS - html.length))).toEqual(fragment());
    expect(decodeClipboardHtml(html + ' '.repeat(CLIPBOARD_HTML_MAX_CHARS + 1 - html.length))).toBeNull();
  });

  it('returns null when the fragment does not encode', () => {
    expect(encodeClipboardHtml(fragment([], { environmentId: '' }), { text: 'x' })).toBeNull();
  });
});

describe('clipboard properties', () => {
  /** Fragments of valid records with distinct ids, in decoded (canonical) form. */
  const sourceIdArb = fc
    .string({ unit: 'binary', minLength: 1, maxLength: 20 })
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const fragmentArb = fc
    .record({
      source: fc.record(
        { environmentId: sourceIdArb, threadId: sourceIdArb, messageId: sourceIdArb },
        { requiredKeys: ['environmentId'] },
      ),
      records: fc.uniqueArray(validRecordArb, { maxLength: 6, selector: (record) => String(record.contextId) }),
    })
    .map(({ source, records }) =>
      fragment(
        records.map((record) => (decodeContextRecord(record) as { record: ContextRecord }).record),
        source,
      ),
    );

  it('encode → decode round-trips arbitrary valid fragments, through JSON and HTML', () => {
    fc.assert(
      fc.property(fragmentArb, fc.string({ unit: 'binary' }), (value, text) => {
        expect(decodeClipboardFragment(encodeClipboardFragment(value))).toEqual(value);
        expect(decodeClipboardHtml(encodeClipboardHtml(value, { text }))).toEqual(value);
        expect(decodeClipboardHtml(encodeClipboardHtml(value, { html: text }))).toEqual(value);
        const encoded = /"([^"]+)"/.exec(encodeClipboardHtml(value)!)![1]!;
        expect(decodeClipboardHtml(`<p data-t3-context-fragment='${encoded}'></p>`)).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });

  it('decoders never throw', () => {
    const anything = fc.anything({
      withBigInt: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      stringUnit: 'binary',
    });
    fc.assert(
      fc.property(
        fc.oneof(
          anything,
          fc.string({ unit: 'binary' }),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (value) => {
          decodeClipboardFragment(value);
          decodeClipboardHtml(value);
          decodeClipboardHtml(`<div data-t3-context-fragment="${String(typeof value === 'string' ? value : '')}">`);
          encodeClipboardFragment(value as ContextClipboardFragment);
          encodeClipboardHtml(value as ContextClipboardFragment, value as { html?: string });
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
