import fc from 'fast-check';
import {
  buildSubmission,
  collectContextReferences,
  escapeContextTags,
  escapeMention,
  formatProviderMarker,
  parseContextHref,
  projectContextForProvider,
  sanitizeInputAnnotations,
  stripMentionControls,
  unescapeMention,
} from '../../src/core/index.js';
import { validRecordArb } from '../../support/record-arbitraries.js';
import { check, checkEqual, property } from './harness.js';
import { grammarText, grammarRecordArb } from './vocabulary.js';

/** Properties of references in text, mentions, the provider projection and submissions. */
export const T3_REFERENCE_PATTERN = /(!?)\[([^\]\n]{0,512})\]\((t3-context:\/\/v1\/[^\s)]{1,200})\)/g;

/** What T3's regex scanner yields: its matches whose href parses. */
export function regexReferences(text: string) {
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

export const MENTION_SAFE = /^(?:[\p{L}\p{M}\p{N}_./-]|\\[\s\S])*$/u;

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
export const linkishText = fc
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

export const FORGED_TAG = /<\/?(?:t3_context|context)\b/gi;

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
