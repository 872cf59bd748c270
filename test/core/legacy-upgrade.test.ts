import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { upgradeLegacyMessage } from '../../src/core/legacy/upgrade.js';
import type {
  ElementContextRecord,
  PreviewAnnotationContextRecord,
  ReviewCommentContextRecord,
  TerminalContextRecord,
} from '../../src/core/types.js';

const link = (kind: string, n: number, label: string) => `[${label}](t3-context://v1/${kind}/legacy_${kind}_${n})`;

const terminalBlock = (...entries: string[]) => `<terminal_context>\n${entries.join('\n\n')}\n</terminal_context>`;
const elementBlock = (...entries: string[]) => `<element_context>\n${entries.join('\n')}\n</element_context>`;
const previewBlock = (...lines: string[]) => `<preview_annotation>\n${lines.join('\n')}\n</preview_annotation>`;
const review = (attributes: string, body: string) => `<review_comment ${attributes}>\n${body}\n</review_comment>`;
const REVIEW_ATTRIBUTES =
  'sectionId="s1" sectionTitle="Changes" filePath="src/a.ts" startIndex="4" endIndex="2" rangeLabel="L2-4"';

/** Upgrading must be a fixed point on its own output. */
function expectIdempotent(text: string) {
  const once = upgradeLegacyMessage(text);
  expect(upgradeLegacyMessage(once.text)).toEqual({ text: once.text, records: [] });
  return once;
}

function expectUnchanged(text: string) {
  expect(upgradeLegacyMessage(text)).toEqual({ text, records: [] });
}

describe('upgradeLegacyMessage: guard and temporary token', () => {
  it('returns text without legacy markers unchanged', () => {
    for (const text of [
      '',
      'hello  ',
      'a <terminal_contextual> b',
      '<review_commentary>x</review_commentary>',
      '[x](t3-context://v1/file/f)',
    ]) {
      expectUnchanged(text);
    }
  });

  it('keeps literal private-use tokens of the user text', () => {
    for (const literal of ['\uE000', '\uE0000\uE000', '\uE000\uE000\uE0001\uE000\uE000']) {
      const text = `keep ${literal} ${review(REVIEW_ATTRIBUTES, 'why')} ${literal}`;
      const { text: upgraded, records } = expectIdempotent(text);
      expect(records).toHaveLength(1);
      expect(upgraded).toBe(`keep ${literal} ${link('review-comment', 1, 'a.ts L2-4')} ${literal}`);
    }
  });
});

describe('upgradeLegacyMessage: terminal blocks', () => {
  it('upgrades a single-line entry and a range entry, with placeholders bound in order', () => {
    const text = `See \uFFFC and \uFFFC please\n\n${terminalBlock(
      '- Terminal 1 lines 509-510:\n  509 | npm run build\n  510 | error TS2322',
      '- Server log line 3:\n  3 |   indented',
    )}`;
    const { text: upgraded, records } = expectIdempotent(text);
    expect(upgraded).toBe(
      `See ${link('terminal', 1, 'Terminal 1 lines 509-510')} and ${link('terminal', 2, 'Server log line 3')} please`,
    );
    expect(records).toEqual<TerminalContextRecord[]>([
      {
        version: 1,
        contextId: 'legacy_terminal_1',
        kind: 'terminal',
        label: 'Terminal 1 lines 509-510',
        terminalId: 'terminal-1',
        terminalLabel: 'Terminal 1',
        lineStart: 509,
        lineEnd: 510,
        text: 'npm run build\nerror TS2322',
      },
      {
        version: 1,
        contextId: 'legacy_terminal_2',
        kind: 'terminal',
        label: 'Server log line 3',
        terminalId: 'server-log',
        terminalLabel: 'Server log',
        lineStart: 3,
        lineEnd: 3,
        text: '  indented',
      },
    ]);
  });

  it('appends terminals that have no placeholder and drops placeholders beyond the terminals', () => {
    const oneTerminal = terminalBlock('- T line 1:\n  1 | x');
    expect(upgradeLegacyMessage(`a \uFFFC b \uFFFC c \uFFFC\n\n${oneTerminal}`).text).toBe(
      `a ${link('terminal', 1, 'T line 1')} b  c`,
    );
    expect(upgradeLegacyMessage(`no placeholder\n\n${oneTerminal}`).text).toBe(
      `no placeholder\n\n${link('terminal', 1, 'T line 1')}`,
    );
    expect(upgradeLegacyMessage(oneTerminal).text).toBe(link('terminal', 1, 'T line 1'));
    // Placeholders without any terminal block are dropped too (they are placeholders, not text).
    expect(upgradeLegacyMessage('left \uFFFC over\uFFFC')).toEqual({ text: 'left  over', records: [] });
  });

  it('binds the materialized @slug:range label in place', () => {
    const block = terminalBlock('- Terminal 1 lines 509-514:\n  509 | a');
    const chip = link('terminal', 1, 'Terminal 1 lines 509-514');
    expect(upgradeLegacyMessage(`Look at @terminal-1:509-514 now\n\n${block}`).text).toBe(`Look at ${chip} now`);
    // A sentence-ending dot after the label is fine.
    expect(upgradeLegacyMessage(`Look at @terminal-1:509-514.\n\n${block}`).text).toBe(`Look at ${chip}.`);
    expect(upgradeLegacyMessage(`(@terminal-1:509-514), ok\n\n${block}`).text).toBe(`(${chip}), ok`);
  });

  it('skips @slug:range occurrences that continue a word, taking the first acceptable one', () => {
    const block = terminalBlock('- Terminal 1 line 5:\n  5 | a');
    const chip = link('terminal', 1, 'Terminal 1 line 5');
    const skipped = [
      'x@terminal-1:5', // preceded by a letter
      '@@terminal-1:5', // preceded by @
      '.@terminal-1:5', // preceded by .
      '-@terminal-1:5', // preceded by -
      'é@terminal-1:5', // preceded by a non-ASCII letter
      '\u{1D400}@terminal-1:5', // preceded by an astral letter
      '@terminal-1:5x', // followed by a letter
      '@terminal-1:50', // followed by a digit
      '@terminal-1:5.x', // followed by . and a letter
      '@terminal-1:5..@x', // followed by dots/@ and a letter
      '@terminal-1:5_', // followed by _
    ];
    for (const prose of skipped) {
      expect(upgradeLegacyMessage(`${prose}\n\n${block}`).text).toBe(`${prose}\n\n${chip}`);
    }
    expect(upgradeLegacyMessage(`x@terminal-1:5 then @terminal-1:5 then @terminal-1:5\n\n${block}`).text).toBe(
      `x@terminal-1:5 then ${chip} then @terminal-1:5`,
    );
    expect(upgradeLegacyMessage(`end @terminal-1:5...\n\n${block}`).text).toBe(`end ${chip}...`);
  });

  it('judges a label next to an earlier terminal link by the link, not by the label it replaced', () => {
    // Bound one by one: once `@a:1` is a link, `@(x):1` follows a `)` and is standalone.
    const block = terminalBlock('- a line 1:\n  1 | x', '- (x) line 1:\n  1 | y');
    expect(upgradeLegacyMessage(`see @a:1@(x):1 now\n\n${block}`).text).toBe(
      `see ${link('terminal', 1, 'a line 1')}${link('terminal', 2, '(x) line 1')} now`,
    );
  });

  it('binds the labels of many terminals across a long message', () => {
    const entries = Array.from({ length: 150 }, (_, index) => `- T ${index} line ${index}:\n  ${index} | x`);
    const prose = Array.from({ length: 150 }, (_, index) => `${'word '.repeat(2_000)}@t-${index}:${index}`).join(' ');
    const { text, records } = upgradeLegacyMessage(`${prose}\n\n${terminalBlock(...entries)}`);
    expect(records).toHaveLength(150);
    expect(text).not.toContain('@t-');
  });

  it('binds each terminal of a multi-entry block to its own label', () => {
    const block = terminalBlock(
      '- Terminal 1 line 1:\n  1 | a',
      '- Terminal 1 line 1:\n  1 | b',
      '- Build  Output lines 2-3:\n  2 | c\n  3 | d',
    );
    const { text, records } = expectIdempotent(`@terminal-1:1 vs @terminal-1:1 and @build-output:2-3\n\n${block}`);
    expect(text).toBe(
      `${link('terminal', 1, 'Terminal 1 line 1')} vs ${link('terminal', 2, 'Terminal 1 line 1')} and ${link('terminal', 3, 'Build Output lines 2-3')}`,
    );
    expect(records.map((record) => (record as TerminalContextRecord).terminalId)).toEqual([
      'terminal-1',
      'terminal-1',
      'build-output',
    ]);
  });

  it('keeps blank lines of a terminal body and strips at most one space after the pipe', () => {
    const { records } = upgradeLegacyMessage(terminalBlock('- T lines 1-4:\n  1 | a\n\n  3 |    b\n  4 |'));
    expect((records[0] as TerminalContextRecord).text).toBe('a\n\n   b\n');
  });

  it('aborts the whole upgrade on a bad header, an unparsable line or an empty label', () => {
    const review1 = review(REVIEW_ATTRIBUTES, 'why');
    const failing = [
      terminalBlock('- Terminal 1 somewhere:\n  1 | a'),
      terminalBlock('- Terminal 1 line x:\n  1 | a'),
      terminalBlock('- T line 1:\n  1 | a\nnot indented'),
      terminalBlock('stray line\n- T line 1:\n  1 | a'),
      terminalBlock('-  line 1:\n  1 | a'),
      terminalBlock(''),
      `${terminalBlock('- T line 1:\n  1 | a')}\n\n${elementBlock('- div:\n  url: x')}`,
    ];
    for (const block of failing) expectUnchanged(`${review1} \uFFFC text\n\n${block}`);
  });

  it('fails the atomic check for over-limit fields', () => {
    expectUnchanged(`x\n\n${terminalBlock(`- ${'T'.repeat(256)} line 1:\n  1 | a`)}`); // terminalLabel > 255
    expectUnchanged(`x\n\n${terminalBlock(`- ${'T'.repeat(200)} line 1:\n  1 | a`)}`); // label > 200
    expectUnchanged(`x\n\n${terminalBlock(`- T line 1:\n  1 | ${'a'.repeat(64_001)}`)}`); // text > 64,000
    expectUnchanged(`x\n\n${terminalBlock('- T lines 5-4:\n  5 | a')}`); // lineEnd < lineStart
  });
});

describe('upgradeLegacyMessage: element blocks', () => {
  it('reads component and tag names, fields, source, html and styles', () => {
    const block = elementBlock(
      '- <CheckoutButton> (from React):',
      '  url: http://localhost:3000/checkout',
      '  selector: main > button.pay',
      '  source: src/Checkout.tsx:42:7',
      '  html:',
      '    <button class="pay">',
      '',
      '      Pay  ',
      '    </button>',
      '  styles:',
      '    color: red;',
      '    ',
      '- <div>:',
      '  source: src/plain.ts',
      '- <span>:',
      '  source: lib/x.ts:9',
    );
    const { text, records } = expectIdempotent(`Fix these\n\n${block}`);
    expect(text).toBe(
      `Fix these\n\n${link('element', 1, '<CheckoutButton>')} ${link('element', 2, '<div>')} ${link('element', 3, '<span>')}`,
    );
    expect(records).toEqual<ElementContextRecord[]>([
      {
        version: 1,
        contextId: 'legacy_element_1',
        kind: 'element',
        label: '<CheckoutButton>',
        pageUrl: 'http://localhost:3000/checkout',
        pageTitle: null,
        tagName: 'checkoutbutton',
        selector: 'main > button.pay',
        htmlPreview: '<button class="pay">\n\n  Pay  \n</button>',
        componentName: 'CheckoutButton',
        source: { functionName: null, fileName: 'src/Checkout.tsx', lineNumber: 42, columnNumber: 7 },
        styles: 'color: red;',
      },
      {
        version: 1,
        contextId: 'legacy_element_2',
        kind: 'element',
        label: '<div>',
        pageUrl: '',
        pageTitle: null,
        tagName: 'div',
        selector: null,
        htmlPreview: '',
        componentName: null,
        source: { functionName: null, fileName: 'src/plain.ts', lineNumber: null, columnNumber: null },
        styles: '',
      },
      {
        version: 1,
        contextId: 'legacy_element_3',
        kind: 'element',
        label: '<span>',
        pageUrl: '',
        pageTitle: null,
        tagName: 'span',
        selector: null,
        htmlPreview: '',
        componentName: null,
        source: { functionName: null, fileName: 'lib/x.ts', lineNumber: 9, columnNumber: null },
        styles: '',
      },
    ]);
  });

  it('aborts on a header without <…> and fails the atomic check on over-limit html', () => {
    expectUnchanged(`x\n\n${elementBlock('- div:', '  url: a')}`);
    expectUnchanged(`x\n\n${elementBlock('- <div>:', '  html:', `    ${'a'.repeat(8_001)}`)}`);
  });
});

describe('upgradeLegacyMessage: preview annotations', () => {
  it('reads a URL page, comment, targets, style changes and the screenshot sentence', () => {
    const block = previewBlock(
      'Preview annotation:',
      'Id: ann-1',
      'Page: https://example.com/checkout',
      'Comment: Make it bigger',
      'Targets: 1 selected element.',
      'Requested visual changes:',
      '- font-size: 12px → 20px',
      '- color: red → blue',
      'The attached screenshot is the annotated preview crop.',
    );
    const { text, records } = expectIdempotent(`Please\n\n${block}`);
    expect(text).toBe(`Please\n\n${link('preview-annotation', 1, 'https://example.com/checkout')}`);
    expect(records).toEqual<PreviewAnnotationContextRecord[]>([
      {
        version: 1,
        contextId: 'legacy_preview-annotation_1',
        kind: 'preview-annotation',
        label: 'https://example.com/checkout',
        annotationId: 'ann-1',
        pageUrl: 'https://example.com/checkout',
        pageTitle: null,
        comment: 'Make it bigger',
        targetSummary: '1 selected element.',
        styleChanges: ['font-size: 12px → 20px', 'color: red → blue'],
      },
    ]);
  });

  it('reads a title page, a multi-line comment and nested elements', () => {
    const block = previewBlock(
      'Preview annotation:',
      'Id: ann-2',
      'Page: Checkout',
      'Comment: first line',
      '',
      '  <b>markup</b> and <preview_annotation> inside',
      'Targets: 2 selected elements.',
      'The attached screenshot is the annotated preview crop.',
      '<element_context>',
      '- <PayButton>:',
      '  url: http://localhost:3000/checkout',
      '  selector: #pay',
      '  source: Pay.tsx:3',
      '- <div>:',
      '  url: http://localhost:3000/other',
      '</element_context>',
      '<element_context>',
      '',
      '</element_context>',
    );
    const { records } = expectIdempotent(block);
    const preview = records[0] as PreviewAnnotationContextRecord;
    expect(preview.label).toBe('Checkout');
    expect(preview.pageTitle).toBe('Checkout');
    expect(preview.pageUrl).toBe('http://localhost:3000/checkout');
    expect(preview.comment).toBe('first line\n\n  <b>markup</b> and <preview_annotation> inside');
    expect(preview.targetSummary).toBe('2 selected elements.');
    expect(preview.styleChanges).toEqual([]);
    expect(preview.elements).toEqual([
      {
        pageUrl: 'http://localhost:3000/checkout',
        pageTitle: null,
        tagName: 'paybutton',
        selector: '#pay',
        htmlPreview: '',
        componentName: 'PayButton',
        source: { functionName: null, fileName: 'Pay.tsx', lineNumber: 3, columnNumber: null },
        styles: '',
      },
      {
        pageUrl: 'http://localhost:3000/other',
        pageTitle: null,
        tagName: 'div',
        selector: null,
        htmlPreview: '',
        componentName: null,
        source: null,
        styles: '',
      },
    ]);
  });

  it('uses defaults for a bare preview and peels adjacent previews separately, in order', () => {
    const { text, records } = expectIdempotent(`${previewBlock('Page: One')}\n${previewBlock('Id: b')}`);
    expect(text).toBe(`${link('preview-annotation', 1, 'One')} ${link('preview-annotation', 2, 'Preview annotation')}`);
    expect(records.map((record) => record.label)).toEqual(['One', 'Preview annotation']);
    expect((records[1] as PreviewAnnotationContextRecord).pageTitle).toBeNull();
    expect('elements' in records[1]!).toBe(false);
  });

  it('aborts when a nested element block does not parse', () => {
    expectUnchanged(previewBlock('Page: P', '<element_context>', 'junk', '</element_context>'));
    expectUnchanged(previewBlock('Page: P', '<element_context>', '- div:', '</element_context>'));
  });

  it('fails the atomic check for an over-limit comment', () => {
    expectUnchanged(previewBlock(`Comment: ${'c'.repeat(8_001)}`));
  });
});

describe('upgradeLegacyMessage: review comments', () => {
  it('replaces an inline review in place with unescaped attributes and min/max indices', () => {
    const attributes =
      'sectionId=" s&amp;1 " sectionTitle=" &lt;Changes&gt; " filePath="src\\dir/a &quot;b&quot;.ts" startIndex="9" endIndex="3" rangeLabel=" L3-9 "';
    const body = 'Why is this &amp; here?\n\n```ts\n- old\n+ new\n```';
    const { text, records } = expectIdempotent(`Before ${review(attributes, body)} after`);
    expect(text).toBe(`Before ${link('review-comment', 1, 'a "b".ts L3-9')} after`);
    expect(records).toEqual<ReviewCommentContextRecord[]>([
      {
        version: 1,
        contextId: 'legacy_review-comment_1',
        kind: 'review-comment',
        label: 'a "b".ts L3-9',
        sectionId: 's&1',
        sectionTitle: '<Changes>',
        filePath: 'src\\dir/a "b".ts',
        startIndex: 3,
        endIndex: 9,
        rangeLabel: 'L3-9',
        text: 'Why is this &amp; here?',
        diff: '- old\n+ new',
        fenceLanguage: 'ts',
      },
    ]);
  });

  it('defaults rangeLabel, sectionTitle and fenceLanguage, and takes the last fence', () => {
    const body = 'see\n```\nnot the diff\n```\nthen\n```\n+ the diff\n```';
    const { records } = upgradeLegacyMessage(review('sectionId="s" filePath="a.ts" startIndex="1" endIndex="1"', body));
    expect(records[0]).toMatchObject({
      label: 'a.ts line',
      rangeLabel: 'line',
      sectionTitle: 'Review',
      text: 'see\n```\nnot the diff\n```\nthen',
      diff: '+ the diff',
      fenceLanguage: 'diff',
    });
  });

  it('tracks fences longer than three backticks and ignores a closing tag inside a fence', () => {
    const body = 'Look:\n\n`````diff\n````\n</review_comment>\n```js\n````\n`````';
    const { text, records } = expectIdempotent(`A ${review(REVIEW_ATTRIBUTES, body)} B`);
    expect(text).toBe(`A ${link('review-comment', 1, 'a.ts L2-4')} B`);
    expect(records[0]).toMatchObject({
      text: 'Look:',
      diff: '````\n</review_comment>\n```js\n````',
      fenceLanguage: 'diff',
    });
  });

  it('closes a fence only with an equal or longer bare backtick line', () => {
    // ```` opens; ``` is too short and ````x has an info string, so the first tag is fenced.
    const body = '````\n```\n````x\n</review_comment>\n````';
    const { records } = upgradeLegacyMessage(`${review(REVIEW_ATTRIBUTES, body)}`);
    expect(records).toHaveLength(1);
    // The diff is read like T3's fence pattern: the first later line starting with as many backticks ends it.
    expect(records[0]).toMatchObject({ text: '', diff: '```' });
  });

  it('keeps review-shaped text inside terminal, element and preview blocks', () => {
    const inner = review(REVIEW_ATTRIBUTES, 'not a review');
    const block = terminalBlock(
      `- T line 1:\n  1 | x\n${inner
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n')}`,
    );
    const { records } = expectIdempotent(`Hi\n\n${block}`);
    expect(records).toHaveLength(1);
    expect((records[0] as TerminalContextRecord).text).toContain('<review_comment sectionId="s1"');

    const oneLine = inner.replaceAll('\n', ' ');
    const preview = previewBlock('Page: P', `Comment: ${oneLine}`);
    const upgraded = expectIdempotent(`Hi\n${preview}`);
    expect(upgraded.records.map((record) => record.kind)).toEqual(['preview-annotation']);
    expect((upgraded.records[0] as PreviewAnnotationContextRecord).comment).toBe(oneLine);
  });

  it('keeps an invalid review as text and numbers only produced records', () => {
    const invalid = [
      review('sectionId="s" startIndex="1" endIndex="2"', 'no file'),
      review('sectionId="  " filePath="a.ts" startIndex="1" endIndex="2"', 'blank section'),
      review('sectionId="s" filePath="a.ts" startIndex="-1" endIndex="2"', 'negative'),
      review('sectionId="s" filePath="a.ts" startIndex=" 1" endIndex="2"', 'spaced index'),
      review('sectionId="s" filePath="a.ts" startIndex="1"', 'no end'),
      review(`sectionId="s" filePath="a.ts" startIndex="1" endIndex="2" rangeLabel="${'r'.repeat(2_049)}"`, 'too long'),
      review('sectionId="s" filePath="a.ts" startIndex="1" endIndex="2"', 't'.repeat(16_001)),
    ];
    for (const block of invalid) {
      const text = `${block} then ${review(REVIEW_ATTRIBUTES, 'ok')}`;
      const { text: upgraded, records } = expectIdempotent(text);
      expect(upgraded).toBe(`${block} then ${link('review-comment', 1, 'a.ts L2-4')}`);
      expect(records.map((record) => record.contextId)).toEqual(['legacy_review-comment_1']);
    }
  });

  it('stops at an unclosed review: it and everything after it stay text', () => {
    const text = `${review(REVIEW_ATTRIBUTES, 'one')} <review_comment ${REVIEW_ATTRIBUTES}>\nopen\n\`\`\`\n</review_comment>\n${review(REVIEW_ATTRIBUTES, 'three')}`;
    const { text: upgraded, records } = expectIdempotent(text);
    expect(records).toHaveLength(1);
    expect(upgraded).toBe(
      `${link('review-comment', 1, 'a.ts L2-4')} ${text.slice(text.indexOf(' <review_comment') + 1)}`,
    );
  });

  it('peels trailing reviews only after a trailing block', () => {
    const r1 = review(REVIEW_ATTRIBUTES, 'one');
    const r2 = review('sectionId="s" filePath="b.ts" startIndex="1" endIndex="1"', 'two');
    const chip1 = link('review-comment', 1, 'a.ts L2-4');
    const chip2 = link('review-comment', 2, 'b.ts line');
    // Without a trailing block the reviews stay inline with their spacing.
    expect(upgradeLegacyMessage(`Compare ${r1}  ${r2}`).text).toBe(`Compare ${chip1}  ${chip2}`);
    expect(upgradeLegacyMessage(`Compare\n\n${r1}\n\n${r2}\n`).text).toBe(`Compare\n\n${chip1}\n\n${chip2}`);
    // After a trailing block they were appended by the old send path and come last.
    const { text, records } = expectIdempotent(
      `Do it \uFFFC\n\n${terminalBlock('- T line 1:\n  1 | x')}\n\n${r1}\n\n${r2}\n`,
    );
    expect(text).toBe(`Do it ${link('terminal', 1, 'T line 1')}\n\n${chip1} ${chip2}`);
    expect(records.map((record) => record.contextId)).toEqual([
      'legacy_terminal_1',
      'legacy_review-comment_1',
      'legacy_review-comment_2',
    ]);
  });
});

describe('upgradeLegacyMessage: combined messages', () => {
  it('numbers placeholders in the text as it reads with review links in, even one inside a link label', () => {
    const review =
      '<review_comment sectionId="s" filePath="x\uFFFCy.ts" startIndex="1" endIndex="2">hi</review_comment>';
    const block = terminalBlock('- T1 line 1:\n  1 | a', '- T2 line 2:\n  2 | b', '- T3 line 3:\n  3 | c');
    const { text, records } = upgradeLegacyMessage(`a \uFFFC b ${review} c \uFFFC d\n\n${block}`);
    expect(records.map((record) => record.contextId)).toEqual([
      'legacy_terminal_1',
      'legacy_terminal_2',
      'legacy_terminal_3',
      'legacy_review-comment_1',
    ]);
    const t = (n: number) => link('terminal', n, `T${n} line ${n}`);
    expect(text).toBe(
      `a ${t(1)} b [x${t(2)}y.ts line](t3-context://v1/review-comment/legacy_review-comment_1) c ${t(3)} d`,
    );
  });

  it('upgrades every kind in send order with records ordered by kind', () => {
    const text = [
      `Start ${review(REVIEW_ATTRIBUTES, 'inline')} and \uFFFC.`,
      terminalBlock('- Terminal 1 line 2:\n  2 | $ ls', '- Terminal 2 line 3:\n  3 | $ pwd'),
      elementBlock('- <Nav>:', '  url: http://a'),
      previewBlock('Id: p', 'Page: https://a/'),
      review('sectionId="s" filePath="z.ts" startIndex="1" endIndex="1"', 'trailing'),
    ].join('\n\n');
    const { text: upgraded, records } = expectIdempotent(text);
    expect(upgraded).toBe(
      `Start ${link('review-comment', 1, 'a.ts L2-4')} and ${link('terminal', 1, 'Terminal 1 line 2')}.\n\n` +
        [
          link('terminal', 2, 'Terminal 2 line 3'),
          link('element', 1, '<Nav>'),
          link('preview-annotation', 1, 'https://a/'),
          link('review-comment', 2, 'z.ts line'),
        ].join(' '),
    );
    expect(records.map((record) => record.contextId)).toEqual([
      'legacy_terminal_1',
      'legacy_terminal_2',
      'legacy_element_1',
      'legacy_preview-annotation_1',
      'legacy_review-comment_1',
      'legacy_review-comment_2',
    ]);
  });

  it('is deterministic', () => {
    const text = `x \uFFFC\n\n${terminalBlock('- T line 1:\n  1 | a')}\n\n${previewBlock('Page: P')}`;
    expect(upgradeLegacyMessage(text)).toEqual(upgradeLegacyMessage(text));
  });

  it('fails the atomic check with more than 200 records', () => {
    const entries = (count: number) => Array.from({ length: count }, (_, i) => `- T line ${i}:\n  ${i} | x`);
    expect(upgradeLegacyMessage(`x\n\n${terminalBlock(...entries(200))}`).records).toHaveLength(200);
    expectUnchanged(`x\n\n${terminalBlock(...entries(201))}`);
    const reviews = (count: number) => Array.from({ length: count }, () => review(REVIEW_ATTRIBUTES, 'r')).join(' ');
    expect(upgradeLegacyMessage(reviews(200)).records).toHaveLength(200);
    expectUnchanged(reviews(201));
    expectUnchanged(`${reviews(150)}\n\n${terminalBlock(...entries(51))}`);
  });

  it('puts a review swallowed by a peeled block back into that block', () => {
    const inner = review(REVIEW_ATTRIBUTES, 'kept as written').replaceAll('\n', ' ');
    // The preview does not open at a line start, so the review scan cannot skip it.
    const text = `Hi <preview_annotation>\nComment: ${inner}\n</preview_annotation>`;
    const { text: upgraded, records } = expectIdempotent(text);
    expect(upgraded).toBe(`Hi\n\n${link('preview-annotation', 1, 'Preview annotation')}`);
    expect(records).toHaveLength(1);
    expect((records[0] as PreviewAnnotationContextRecord).comment).toBe(inner);
  });

  it('refuses a result that would upgrade again', () => {
    // Dropping the placeholder would assemble a terminal block that a second pass would peel.
    expectUnchanged(`<terminal_context\uFFFC>\n- T line 1:\n  1 | x\n</terminal_context>`);
    // A header holding U+FFFC gives the link `[\uFFFC line 0](…)`, whose placeholder a second pass would drop.
    expectUnchanged('<terminal_context>\n- \uFFFC line 0:\n  0 | x\n</terminal_context>');
  });
});

describe('upgradeLegacyMessage: robustness', () => {
  const vocabulary = fc.constantFrom(
    '<terminal_context>',
    '</terminal_context>',
    '<element_context>',
    '</element_context>',
    '<preview_annotation>',
    '</preview_annotation>',
    `<review_comment ${REVIEW_ATTRIBUTES}>`,
    '<review_comment filePath="x" sectionId="y" startIndex="3" endIndex="1">',
    '<review_comment bad>',
    '</review_comment>',
    '\n',
    '\n\n',
    '  ',
    ' ',
    '- T line 1:',
    '- Term 2 lines 3-4:',
    '- <Button>:',
    '- <div> x:',
    '  1 | a',
    '  url: http://a',
    '  html:',
    '    <p>',
    '  source: a.ts:1:2',
    'Id: p',
    'Page: Title',
    'Page: https://x',
    'Comment: c',
    'Targets: t.',
    'Requested visual changes:',
    '- a: 1 → 2',
    '```',
    '````ts',
    '@t:1',
    '@term-2:3-4',
    '.',
    'x',
    '\uFFFC',
    '\uE000',
    '\r',
  );
  const legacyish = fc
    .array(fc.oneof(vocabulary, fc.string({ maxLength: 3 })), { maxLength: 30 })
    .map((parts) => parts.join(''));

  it('never throws and is idempotent on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), legacyish), (text) => {
        const once = upgradeLegacyMessage(text);
        expect(upgradeLegacyMessage(once.text)).toEqual({ text: once.text, records: [] });
        if (once.records.length === 0) expect(once.text).not.toContain('](t3-context://v1/legacy');
      }),
      { numRuns: 3000 },
    );
  });

  it('finishes on 1 MB of `<review_comment `', () => {
    const text = '<review_comment '.repeat(65_536);
    expect(upgradeLegacyMessage(text)).toEqual({ text: text.trimEnd(), records: [] });
  });

  it('finishes on 1 MB of `<terminal_context>\\n`', () => {
    const text = '<terminal_context>\n'.repeat(55_189);
    expect(upgradeLegacyMessage(text)).toEqual({ text: text.trimEnd(), records: [] });
  });

  it('finishes on other large adversarial inputs', () => {
    const fences = `${review(REVIEW_ATTRIBUTES, Array.from({ length: 1_000 }, (_, i) => '`'.repeat(1_003 - i)).join('\n'))}`;
    expect(upgradeLegacyMessage(fences).records).toHaveLength(0); // the first fence never closes
    const letters = `<review_comment ${'a'.repeat(1_000_000)}>x</review_comment>`;
    expectUnchanged(letters);
    const closings = `<preview_annotation>\n${'\n</preview_annotation>'.repeat(40_000)}`;
    expectUnchanged(closings);
    const labels = `${'@t:1'.repeat(200_000)}.\n\n${terminalBlock('- T line 1:\n  1 | x')}`;
    expect(upgradeLegacyMessage(labels).text.endsWith(`.\n\n${link('terminal', 1, 'T line 1')}`)).toBe(true);
  });
});
