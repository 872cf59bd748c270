/**
 * `npm run fuzz` (`tsx bench/fuzz.ts [--runs N] [--seed S]`): fast-check properties over every
 * decoder, sanitiser, the legacy upgrade and the provider projection of the core, with many more
 * runs than the test suite. Inputs are built from the grammar's own vocabulary so that the
 * interesting paths are reached. Prints the seed; a failing property prints its counterexample
 * (turn it into a regression test in `test/core/`) and the command exits non-zero.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import {
  CONTEXT_KINDS,
  buildSubmission,
  collectContextReferences,
  decodeClipboardFragment,
  decodeClipboardHtml,
  decodeContextRecord,
  decodeMessageContext,
  encodeClipboardFragment,
  encodeClipboardHtml,
  escapeContextTags,
  escapeMention,
  formatProviderMarker,
  parseContextHref,
  projectContextForProvider,
  sanitizeInputAnnotations,
  serializeLegacyMessage,
  splitContentByAnnotations,
  stripMentionControls,
  unescapeMention,
  upgradeLegacyMessage,
  type ContextRecord,
  type KnownContextKind,
  type TerminalContextRecord,
} from '../src/core/index.js';
import { bindTerminalLabels, bindTerminalLabelsOneByOne } from '../src/core/legacy/labels.js';
import { PieceText } from '../src/core/legacy/pieces.js';
import { hostileValueArb, minimalRecord, validRecordArb } from '../support/record-arbitraries.js';

// ---- options ----

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index !== -1) return process.argv[index + 1];
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const runs = Number(option('runs') ?? 20_000);
const seed = Number(option('seed') ?? Date.now() % 2 ** 31);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: tsx bench/fuzz.ts [--runs N] [--seed S]');
  process.exit(2);
}

class Violation extends Error {}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Violation(message);
}

function checkEqual(actual: unknown, expected: unknown, message: string): void {
  if (!isDeepStrictEqual(actual, expected)) {
    throw new Violation(`${message}\n  actual:   ${JSON.stringify(actual)}\n  expected: ${JSON.stringify(expected)}`);
  }
}

// ---- generators ----

/** Pieces of the link grammar, the legacy formats, the projection envelope and text edge cases. */
const VOCABULARY = [
  '[',
  ']',
  '(',
  ')',
  '!',
  '/',
  ' ',
  '  ',
  '\n',
  '\r',
  '\t',
  '\u00a0',
  '\u2028',
  '\\',
  ';',
  '&',
  '"',
  "'",
  '<',
  '>',
  '@',
  '.',
  ':',
  '-',
  '_',
  '0',
  '1',
  '9',
  'a',
  'X',
  'é',
  'e\u0301',
  '日本',
  '😀',
  '\ud83d',
  '\ude00',
  '\u200b',
  '\u202e',
  '\x1b[31m',
  '\x07',
  '\u0085',
  '\uE000',
  '\uE000\uE000',
  't3-context:',
  't3-context://v1/',
  '](t3-context://v1/',
  'file',
  'image',
  'terminal',
  'mention',
  'skill',
  'thread',
  'ctx_1',
  'ctx-2',
  'A',
  '[label](t3-context://v1/file/ctx_1)',
  '![shot](t3-context://v1/image/img_1)',
  '[x](t3-context://v1/terminal/legacy_terminal_1)',
  '<t3_context version="1">',
  '</t3_context>',
  '<context kind="file" id="x">',
  '</context>',
  '<T3_CONTEXT',
  '</Context>',
  '<terminal_context>\n',
  '\n</terminal_context>',
  '<element_context>\n',
  '\n</element_context>',
  '<preview_annotation>\n',
  '\n</preview_annotation>',
  '- Terminal 1 lines 1-2:\n',
  '- Terminal 1 line 3:\n',
  '- build output lines 2-3:\n',
  '  1 | $ ls\n',
  '  2 | ok\n',
  '  \n',
  '- <Button> (div):\n',
  '  url: http://localhost/\n',
  '  selector: #a\n',
  '  source: a.tsx:1:2\n',
  '  html:\n',
  '    <b>x</b>\n',
  'Preview annotation:\n',
  'Id: ann-1\n',
  'Page: http://localhost/\n',
  'Page: Home\n',
  'Comment: fix\n',
  'Targets: 1 element.\n',
  'Requested visual changes:\n',
  '- color: red → blue\n',
  'The attached screenshot is the annotated preview crop.\n',
  '<review_comment sectionId="s1" sectionTitle="R" filePath="src/a.ts" startIndex="1" endIndex="4" rangeLabel="L1-4">\n',
  '<review_comment filePath="b.ts" sectionId="s&amp;2" startIndex="9" endIndex="3">',
  '</review_comment>',
  '<review_comment',
  '```',
  '````',
  '```diff\n',
  '\n```\n',
  '+ added\n',
  '\uFFFC',
  '@terminal-1:1-2',
  '@terminal-1:3',
  '@build-output:2-3',
  '/plan',
  '/review ',
];

const fragment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...VOCABULARY) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
);

/** Text from the vocabulary: short, or occasionally long enough to cross the scanners' windows. */
const grammarText = fc.oneof(
  { weight: 8, arbitrary: fc.array(fragment, { maxLength: 40 }).map((pieces) => pieces.join('')) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.array(fragment, { maxLength: 12 }), fc.nat(700), fc.constantFrom('a', '[', ' ', '`', '@'))
      .map(([pieces, length, filler]) => pieces.join(filler.repeat(length % 600))),
  },
);

const KNOWN_KINDS: readonly KnownContextKind[] = CONTEXT_KINDS;

/** A valid record whose free-text fields carry grammar text (labels, excerpts, payloads). */
const grammarRecordArb: fc.Arbitrary<ContextRecord> = fc
  .tuple(
    fc.constantFrom(...KNOWN_KINDS, 'host-note'),
    fc.constantFrom('ctx_1', 'ctx-2', 'img_1', 'legacy_terminal_1', 'A'),
    grammarText,
    grammarText,
  )
  .map(([kind, contextId, label, body]) => {
    const base = kind === 'host-note' ? { version: 1, kind, label: '', payload: { note: body } } : minimalRecord(kind);
    const withText: Record<string, unknown> = { ...base, contextId, label: label.slice(0, 200) };
    for (const field of [
      'text',
      'comment',
      'htmlPreview',
      'styles',
      'diff',
      'path',
      'name',
      'terminalLabel',
      'pageUrl',
    ]) {
      if (field in withText)
        withText[field] =
          field === 'path' || field === 'name' || field === 'terminalLabel' ? `p${body.slice(0, 100)}` : body;
    }
    const decoded = decodeContextRecord(withText);
    return decoded.ok
      ? decoded.record
      : (decodeContextRecord({ ...base, contextId }) as { record: ContextRecord }).record;
  });

// ---- properties ----

const T3_REFERENCE_PATTERN = /(!?)\[([^\]\n]{0,512})\]\((t3-context:\/\/v1\/[^\s)]{1,200})\)/g;

/** What T3's regex scanner yields: its matches whose href parses. */
function regexReferences(text: string) {
  const found = [];
  for (const match of text.matchAll(T3_REFERENCE_PATTERN)) {
    const parsed = parseContextHref(match[3]);
    if (!parsed) continue;
    found.push({
      ...parsed,
      image: match[1] === '!',
      source: match[0],
      start: match.index!,
      end: match.index! + match[0].length,
    });
  }
  return found;
}

function expectDecodesToItself(record: unknown, message: string): void {
  const decoded = decodeContextRecord(record);
  check(decoded.ok, `${message}: does not decode: ${decoded.ok ? '' : decoded.error}`);
  if (decoded.ok) checkEqual(decoded.record, record, `${message}: decoding changes it`);
}

const properties: Array<{ name: string; property: fc.IProperty<never> | fc.IPropertyWithHooks<never>; runs?: number }> =
  [];

function property<Ts extends [unknown, ...unknown[]]>(
  name: string,
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  predicate: (...args: Ts) => void,
  share = 1,
): void {
  properties.push({
    name,
    property: fc.property(...arbitraries, predicate) as never,
    runs: Math.max(1, Math.round(runs * share)),
  });
}

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

const fragmentArb = fc.record({
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

/** JSON of anything, or '' for what JSON cannot carry (BigInt, cycles). */
function jsonOf(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** Annotation-like values over `content`: mostly valid offsets and texts, sometimes wrong anything. */
function annotationsFor(content: string) {
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

const contentWithAnnotations = grammarText.chain((content) => fc.tuple(fc.constant(content), annotationsFor(content)));

function splitsSurrogatePair(text: string, index: number): boolean {
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

const MENTION_SAFE = /^(?:[\p{L}\p{M}\p{N}_./-]|\\[\s\S])*$/u;

property(
  'escapeMention / unescapeMention: escaped text is one token and unescapes to the stripped text',
  [fc.oneof(grammarText, fc.string({ unit: 'binary' }))],
  (text) => {
    const escaped = escapeMention(text);
    check(MENTION_SAFE.test(escaped), `unescaped character in ${JSON.stringify(escaped)}`);
    check(unescapeMention(escaped) === stripMentionControls(text), 'unescape(escape(x)) is not the stripped x');
    check(typeof unescapeMention(text) === 'string', 'unescape of raw text');
  },
);

/** Text dense in link syntax, to reach the scanner's overlaps, images and rejected hrefs. */
const linkishText = fc
  .array(
    fc.constantFrom(
      '[',
      ']',
      '(',
      ')',
      '!',
      '![',
      '](',
      '](t3-context://v1/',
      't3-context://v1/',
      'file/',
      'image/',
      'Kind/',
      'ctx_1',
      'a/b',
      'x',
      ' ',
      '\n',
      '\r',
      '?',
      '[a]',
      '\u2028',
      'a'.repeat(200),
      '[',
      'b'.repeat(30),
    ),
    { maxLength: 30 },
  )
  .map((pieces) => pieces.join(''));

property(
  'collectContextReferences: exactly the regex matches whose href parses',
  [fc.oneof(grammarText, linkishText)],
  (text) => {
    const found = collectContextReferences(text);
    checkEqual(
      found.map(({ kind, contextId, image, source, start, end }) => ({ kind, contextId, image, source, start, end })),
      regexReferences(text),
      'differs from the regex scanner',
    );
    for (const occurrence of found)
      check(text.slice(occurrence.start, occurrence.end) === occurrence.source, 'source is not slice(start, end)');
  },
);

const FORGED_TAG = /<\/?(?:t3_context|context)\b/gi;

property(
  'projectContextForProvider: prose as written (escapeProse off) or escaped; records and labels forge no envelope tag',
  [grammarText, fc.array(fc.oneof(grammarRecordArb, validRecordArb as fc.Arbitrary<never>), { maxLength: 5 })],
  (text, records) => {
    // T3's bytes (prose as written), so the body below can be rebuilt from the text.
    const projected = projectContextForProvider({ text, records }, { escapeProse: false });
    const occurrences = collectContextReferences(text);
    if (occurrences.length === 0) {
      check(projected === text, 'text without references changed');
      check(
        projectContextForProvider({ text, records }) === escapeContextTags(text),
        'prose not escaped as captured text',
      );
      return;
    }
    // The body is the text with markers in place; everything after it is generated.
    let body = '';
    let cursor = 0;
    for (const occurrence of occurrences) {
      body += text.slice(cursor, occurrence.start);
      const marker = projected.slice(
        body.length,
        projected.indexOf(`; ref=${occurrence.contextId}]`, body.length) + occurrence.contextId.length + 7,
      );
      check(marker.startsWith('[') && marker.match(FORGED_TAG) === null, `marker forges a tag: ${marker}`);
      body += marker;
      cursor = occurrence.end;
    }
    body += text.slice(cursor);
    check(projected.startsWith(body), 'the body is not the text with markers');
    const envelope = projected.slice(body.length);
    check(
      envelope.startsWith('\n\n<t3_context version="1">\n') && envelope.endsWith('\n</t3_context>'),
      'malformed envelope',
    );
    const tags = envelope.match(FORGED_TAG) ?? [];
    const ids = new Set(occurrences.map((occurrence) => occurrence.contextId));
    check(
      tags.filter((tag) => /^<t3_context$/i.test(tag)).length === 1,
      `forged <t3_context in ${JSON.stringify(envelope)}`,
    );
    check(
      tags.filter((tag) => /^<\/t3_context$/i.test(tag)).length === 1,
      `forged </t3_context> in ${JSON.stringify(envelope)}`,
    );
    check(
      tags.filter((tag) => /^<context$/i.test(tag)).length === ids.size,
      `forged <context in ${JSON.stringify(envelope)}`,
    );
    const closings = tags.filter((tag) => /^<\/context$/i.test(tag)).length;
    const unavailable = envelope.split('unavailable="true"/>').length - 1;
    check(closings === ids.size - unavailable, `forged </context> in ${JSON.stringify(envelope)}`);
  },
);

property(
  'formatProviderMarker: one line, one marker, no envelope tag',
  [grammarText, grammarText],
  (label, contextId) => {
    const marker = formatProviderMarker('file', label, contextId.replace(/[^a-z0-9_-]/gi, '') || 'x');
    check(
      !/[\r\n]/.test(marker) && marker.match(FORGED_TAG) === null && marker.indexOf(']') === marker.length - 1,
      `bad marker ${marker}`,
    );
  },
);

/** Legacy messages assembled from the old formats' parts, with vocabulary noise mixed in. */
const reviewBlockArb = fc
  .tuple(
    fc.constantFrom(
      'sectionId="s1" sectionTitle="R" filePath="src/a.ts" startIndex="1" endIndex="4" rangeLabel="L1-4"',
      'filePath="b&amp;c.ts" sectionId="s2" startIndex="9" endIndex="3"',
      'filePath=" " sectionId="s" startIndex="1" endIndex="2"',
      'sectionId="s" filePath="a" startIndex="x" endIndex="2"',
    ),
    fc.array(
      fc.oneof(fc.constantFrom('why?\n', '```ts\n', '```\n', '````\n', '+ a\n', '</review_comment>', '\n'), fragment),
      { maxLength: 8 },
    ),
  )
  .map(([attributes, body]) => `<review_comment ${attributes}>\n${body.join('')}\n</review_comment>`);

const terminalEntryArb = fc
  .tuple(
    fc.constantFrom('Terminal 1', 'build output', 'x@t', 'T.1'),
    fc.nat(3),
    fc.nat(2),
    fc.array(fc.constantFrom('$ ls', 'ok', '', 'a | b', '<x>'), { maxLength: 3 }),
  )
  .map(([label, start, span, lines]) => {
    const header = span === 0 ? `- ${label} line ${start}:` : `- ${label} lines ${start}-${start + span}:`;
    return [header, ...lines.map((line, index) => (line === '' ? '' : `  ${start + index} | ${line}`))].join('\n');
  });

const elementEntryArb = fc
  .tuple(
    fc.constantFrom('<Button>', '<div> (x)', '<A>'),
    fc.array(
      fc.constantFrom(
        '  url: http://localhost/',
        '  selector: #a',
        '  source: a.tsx:1:2',
        '  html:',
        '    <b>x</b>',
        '  styles:',
        '    color: red',
        '',
      ),
      { maxLength: 5 },
    ),
  )
  .map(([header, lines]) => [`- ${header}:`, ...lines].join('\n'));

const previewBlockArb = fc
  .array(
    fc.constantFrom(
      'Preview annotation:',
      'Id: ann-1',
      'Page: http://localhost/',
      'Page: Home',
      'Comment: fix it',
      'more comment',
      'Targets: 1 element.',
      'Requested visual changes:',
      '- color: red → blue',
      'The attached screenshot is the annotated preview crop.',
      '<element_context>',
      '- <Button>:',
      '  url: http://localhost/',
      '</element_context>',
    ),
    { maxLength: 10 },
  )
  .map((lines) => `<preview_annotation>\n${lines.join('\n')}\n</preview_annotation>`);

const trailingBlockArb = fc.oneof(
  fc
    .array(terminalEntryArb, { minLength: 1, maxLength: 3 })
    .map((entries) => `<terminal_context>\n${entries.join('\n\n')}\n</terminal_context>`),
  fc
    .array(elementEntryArb, { minLength: 1, maxLength: 3 })
    .map((entries) => `<element_context>\n${entries.join('\n')}\n</element_context>`),
  previewBlockArb,
  reviewBlockArb,
);

const legacyTextArb = fc
  .tuple(
    fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fragment },
        { weight: 1, arbitrary: fc.constantFrom('\uFFFC', '@terminal-1:1-2', '@build-output:0', ' ') },
        { weight: 1, arbitrary: reviewBlockArb },
      ),
      { maxLength: 12 },
    ),
    fc.array(trailingBlockArb, { maxLength: 4 }),
    fc.constantFrom('\n\n', '\n', '', ' \n'),
  )
  .map(([prose, blocks, separator]) => [prose.join(''), ...blocks].join(separator));

property(
  'upgradeLegacyMessage: never throws, is idempotent, and its records decode',
  [fc.oneof(grammarText, legacyTextArb)],
  (text) => {
    const upgraded = upgradeLegacyMessage(text);
    check(upgraded.records.length <= 200, 'more than 200 records');
    const ids = upgraded.records.map((record) => record.contextId);
    check(new Set(ids).size === ids.length, 'duplicate record ids');
    for (const record of upgraded.records) expectDecodesToItself(record, 'upgraded record');
    checkEqual(
      upgradeLegacyMessage(upgraded.text),
      { text: upgraded.text, records: [] },
      'upgrading twice changes the result',
    );
    if (upgraded.records.length === 0 && upgraded.text !== text) {
      check(
        upgraded.text === text.replaceAll('\uFFFC', '').trimEnd() || text.includes('\uFFFC'),
        'text changed without records',
      );
    }
  },
);

/** `text` cut at the given positions (modulo its length, so empty pieces and split surrogate pairs occur). */
function cutInPieces(text: string, cuts: readonly number[]): string[] {
  const positions = cuts.map((cut) => cut % (text.length + 1)).sort((a, b) => a - b);
  return [...positions, text.length].map((end, index) => text.slice(index === 0 ? 0 : positions[index - 1], end));
}

/** Terminal records whose labels use the vocabulary (slugs with `@`, `[`, dots and digits). */
const terminalArb: fc.Arbitrary<TerminalContextRecord> = fc
  .tuple(
    fc.constantFrom('Terminal 1', 'terminal 1', 'build output', 'a', 'x@t', 'a[b', '(x)', 'T.1', 'é'),
    fc.nat(2),
    fc.nat(1),
    fc.nat(3),
  )
  .map(([terminalLabel, lineStart, span, n]) => {
    const lineEnd = lineStart + span;
    return {
      version: 1,
      kind: 'terminal',
      contextId: `legacy_terminal_${n + 1}`,
      label: `${terminalLabel} ${span === 0 ? `line ${lineStart}` : `lines ${lineStart}-${lineEnd}`}`,
      terminalId: 't',
      terminalLabel,
      lineStart,
      lineEnd,
      text: '',
    };
  });

const labelBody = fc
  .array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          '@terminal-1:0',
          '@terminal-1:1',
          '@terminal-1:0-1',
          '@terminal-1:1-2',
          '@build-output:0-1',
          '@a:0',
          '@a:1',
          '@x@t:1',
          '@a[b:0',
          '@(x):0',
          '@(x):1',
          '@t.1:1',
          '@é:0',
        ),
      },
      { weight: 4, arbitrary: fc.constantFrom(' ', ' ', '.', '@', 'x', '-', '[', ')', '😀', '\n') },
      { weight: 1, arbitrary: fragment },
    ),
    { maxLength: 20 },
  )
  .map((pieces) => pieces.join(''));

property(
  'terminal label binding: the one-scan path over the body in pieces equals one replacement at a time',
  [labelBody, fc.array(terminalArb, { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 6 })],
  (body, terminals, cuts) => {
    const fast = bindTerminalLabels(new PieceText(cutInPieces(body, cuts)), terminals);
    const fastBody = fast.pieces.join('');
    const oracle = bindTerminalLabelsOneByOne(body, terminals);
    check(
      fastBody === oracle.body,
      `bodies differ\n  fast:   ${JSON.stringify(fastBody)}\n  oracle: ${JSON.stringify(oracle.body)}`,
    );
    const inTerminalOrder = (placed: Set<TerminalContextRecord>) =>
      terminals.filter((terminal) => placed.has(terminal));
    checkEqual(inTerminalOrder(fast.placed), inTerminalOrder(oracle.placed), 'placed terminals differ');
  },
);

property(
  'buildSubmission: every annotation is its range of the prompt and survives the sanitiser',
  [
    grammarText,
    fc.array(fc.oneof(grammarRecordArb, validRecordArb as fc.Arbitrary<never>), { maxLength: 5 }),
    fc.option(fc.constantFrom({ name: 'plan' }, { name: 'review' }), { nil: undefined }),
  ],
  (text, records, command) => {
    const submission = buildSubmission({ text, records, command });
    check(submission.text === text.trim(), 'text is not the trimmed draft');
    for (const annotation of submission.inputAnnotations) {
      check(
        submission.prompt.slice(annotation.start, annotation.end) === annotation.text,
        'annotation text is not its range of the prompt',
      );
    }
    checkEqual(
      sanitizeInputAnnotations(submission.prompt, submission.inputAnnotations),
      submission.inputAnnotations,
      'annotations do not survive the sanitiser',
    );
    const referenced = new Set(collectContextReferences(submission.text).map((occurrence) => occurrence.contextId));
    for (const record of submission.context?.records ?? [])
      check(referenced.has(record.contextId), 'an unreferenced record in context');
  },
);

// Records the legacy format can carry (single-line headers, trimmed fields), as in SPEC §3.9.
const word = (alphabet: string, min = 1, max = 8) =>
  fc
    .array(fc.constantFrom(...alphabet), { minLength: min, maxLength: max })
    .map((chars) => chars.join(''))
    .filter((value) => value.trim() === value && value.length >= min);
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

const legacyRecordArb: fc.Arbitrary<ContextRecord> = fc.oneof(
  fc
    .record({
      terminalLabel: word(`${LETTERS}AB 01`),
      lineStart: fc.nat(500),
      span: fc.nat(3),
      lines: fc.array(word('ab1 |$-`<>', 0, 10), { minLength: 4, maxLength: 4 }),
    })
    .map(
      ({ terminalLabel, lineStart, span, lines }) =>
        ({
          version: 1,
          kind: 'terminal',
          contextId: 't',
          label: 'terminal',
          terminalId: 't',
          terminalLabel,
          lineStart,
          lineEnd: lineStart + span,
          text:
            lines
              .slice(0, span + 1)
              .join('\n')
              .trimEnd() || 'x',
        }) as ContextRecord,
    ),
  fc
    .record({
      name: word(LETTERS),
      selector: fc.option(word(`${LETTERS}#.`)),
      html: fc.option(word(`${LETTERS} <>/="`, 1, 20)),
    })
    .map(
      ({ name, selector, html }) =>
        ({
          version: 1,
          kind: 'element',
          contextId: 'e',
          label: 'el',
          pageUrl: 'http://localhost/',
          pageTitle: null,
          tagName: name,
          selector,
          htmlPreview: html ?? '',
          componentName: null,
          source: null,
          styles: '',
        }) as ContextRecord,
    ),
  fc
    .record({
      path: word(LETTERS),
      comment: word(`${LETTERS} .,`, 0, 20),
      changes: fc.array(word(`${LETTERS}:→ `), { maxLength: 2 }),
    })
    .map(
      ({ path, comment, changes }) =>
        ({
          version: 1,
          kind: 'preview-annotation',
          contextId: 'p',
          label: 'p',
          annotationId: 'a1',
          pageUrl: `https://example.com/${path}`,
          pageTitle: null,
          comment,
          targetSummary: '',
          styleChanges: changes,
        }) as ContextRecord,
    ),
  fc
    .record({
      file: word(`${LETTERS}&<>"' /`),
      text: word(`${LETTERS} .`, 0, 20),
      diff: word('+- ab`</>_', 1, 20),
      start: fc.nat(50),
      span: fc.nat(5),
    })
    .map(
      ({ file, text, diff, start, span }) =>
        ({
          version: 1,
          kind: 'review-comment',
          contextId: 'r',
          label: 'r',
          sectionId: 's1',
          sectionTitle: 'Review',
          filePath: `src/${file}`,
          startIndex: start,
          endIndex: start + span,
          rangeLabel: `L${start}`,
          text,
          diff,
        }) as ContextRecord,
    ),
);

property(
  'serializeLegacyMessage → upgradeLegacyMessage: the four legacy kinds round-trip',
  [fc.array(legacyRecordArb, { minLength: 1, maxLength: 5 }), word(`${LETTERS} ,.`, 1, 30)],
  (generated, prose) => {
    const records = generated.map((record, index) => ({
      ...record,
      contextId: `${record.kind}_${index}`,
    })) as ContextRecord[];
    const reviews = records.filter((record) => record.kind === 'review-comment');
    const links = reviews.map((record) => `[r](t3-context://v1/review-comment/${record.contextId})`).join(' ');
    const upgraded = upgradeLegacyMessage(serializeLegacyMessage({ text: `${prose} ${links}`, records }));
    checkEqual(
      upgraded.records.map((record) => record.kind).sort(),
      records.map((record) => record.kind).sort(),
      'the upgrade does not give back one record per serialised record',
    );
    for (const kind of ['terminal', 'element', 'preview-annotation', 'review-comment']) {
      const before = records.filter((record) => record.kind === kind);
      const after = upgraded.records.filter((record) => record.kind === kind);
      const payload = (record: ContextRecord) => {
        const {
          contextId: _id,
          label: _label,
          terminalId: _terminalId,
          fenceLanguage: _fence,
          ...rest
        } = record as Record<string, unknown>;
        return rest;
      };
      checkEqual(after.map(payload), before.map(payload), `${kind} records differ after the round trip`);
    }
  },
  0.25,
);

// ---- run ----
console.log(`fuzz: ${properties.length} properties, ${runs} runs each (some fewer), seed ${seed}`);
let failures = 0;
const started = performance.now();
for (const { name, property: prop, runs: numRuns } of properties) {
  const start = performance.now();
  const result = fc.check(prop, { numRuns, seed });
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  if (result.failed) {
    failures++;
    console.log(`FAIL ${name} (${seconds} s)`);
    console.log(fc.defaultReportMessage(result));
    if (result.errorInstance instanceof Error) console.log(result.errorInstance.message);
  } else {
    console.log(`ok   ${name} (${result.numRuns} runs, ${seconds} s)`);
  }
}
console.log(
  `\n${failures === 0 ? 'all properties hold' : `${failures} properties failed`}; seed ${seed}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exitCode = failures === 0 ? 0 : 1;
