import fc from 'fast-check';
import {
  serializeLegacyMessage,
  upgradeLegacyMessage,
  type ContextRecord,
  type TerminalContextRecord,
} from '../../src/core/index.js';
import { bindTerminalLabels, bindTerminalLabelsOneByOne } from '../../src/core/legacy/labels.js';
import { PieceText } from '../../src/core/legacy/pieces.js';
import { check, checkEqual, property, expectDecodesToItself } from './harness.js';
import { fragment, grammarText } from './vocabulary.js';

/** Properties of the legacy upgrade, its terminal label binding and the legacy serialiser. */
/** Legacy messages assembled from the old formats' parts, with vocabulary noise mixed in. */
export const reviewBlockArb = fc
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

export const terminalEntryArb = fc
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

export const elementEntryArb = fc
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

export const previewBlockArb = fc
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

export const trailingBlockArb = fc.oneof(
  fc
    .array(terminalEntryArb, { minLength: 1, maxLength: 3 })
    .map((entries) => `<terminal_context>\n${entries.join('\n\n')}\n</terminal_context>`),
  fc
    .array(elementEntryArb, { minLength: 1, maxLength: 3 })
    .map((entries) => `<element_context>\n${entries.join('\n')}\n</element_context>`),
  previewBlockArb,
  reviewBlockArb,
);

export const legacyTextArb = fc
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
export function cutInPieces(text: string, cuts: readonly number[]): string[] {
  const positions = cuts.map((cut) => cut % (text.length + 1)).sort((a, b) => a - b);
  return [...positions, text.length].map((end, index) => text.slice(index === 0 ? 0 : positions[index - 1], end));
}

/** Terminal records whose labels use the vocabulary (slugs with `@`, `[`, dots and digits). */
export const terminalArb: fc.Arbitrary<TerminalContextRecord> = fc
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

export const labelBody = fc
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

// Records the legacy format can carry (single-line headers, trimmed fields), as in SPEC §3.9.
export const word = (alphabet: string, min = 1, max = 8) =>
  fc
    .array(fc.constantFrom(...alphabet), { minLength: min, maxLength: max })
    .map((chars) => chars.join(''))
    .filter((value) => value.trim() === value && value.length >= min);
export const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export const legacyRecordArb: fc.Arbitrary<ContextRecord> = fc.oneof(
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
