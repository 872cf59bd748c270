import fc from 'fast-check';
import { CONTEXT_KINDS, decodeContextRecord, type ContextRecord, type KnownContextKind } from '../../src/core/index.js';
import { minimalRecord } from '../../support/record-arbitraries.js';

/** Inputs built from the grammar's own vocabulary, so the interesting paths are reached. */
// ---- generators ----

/** Pieces of the link grammar, the legacy formats, the projection envelope and text edge cases. */
export const VOCABULARY = [
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

export const fragment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...VOCABULARY) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
);

/** Text from the vocabulary: short, or occasionally long enough to cross the scanners' windows. */
export const grammarText = fc.oneof(
  { weight: 8, arbitrary: fc.array(fragment, { maxLength: 40 }).map((pieces) => pieces.join('')) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.array(fragment, { maxLength: 12 }), fc.nat(700), fc.constantFrom('a', '[', ' ', '`', '@'))
      .map(([pieces, length, filler]) => pieces.join(filler.repeat(length % 600))),
  },
);

export const KNOWN_KINDS: readonly KnownContextKind[] = CONTEXT_KINDS;

/** A valid record whose free-text fields carry grammar text (labels, excerpts, payloads). */
export const grammarRecordArb: fc.Arbitrary<ContextRecord> = fc
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

/** JSON of anything, or '' for what JSON cannot carry (BigInt, cycles). */
export function jsonOf(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
