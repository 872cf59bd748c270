import { describe, expect, it } from 'vitest';
import { upgradeLegacyMessage } from '../../src/core/legacy/upgrade.js';
import type { ElementContextRecord, TerminalContextRecord } from '../../src/core/types.js';
import {
  link,
  terminalBlock,
  elementBlock,
  review,
  REVIEW_ATTRIBUTES,
  expectIdempotent,
  expectUnchanged,
} from './legacy-upgrade-fixtures.js';

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
