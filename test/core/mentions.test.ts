import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { escapeMention, stripMentionControls, unescapeMention } from '../../src/core/mentions.js';

// eslint-disable-next-line no-control-regex -- control characters are exactly what this must find
const STRIPPED = /[\x00-\x1f\x7f-\x9f\u200b\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;
/** Every unsafe character is preceded by a backslash. */
const FULLY_ESCAPED = /^(?:[\p{L}\p{M}\p{N}_./-]|\\[^])*$/u;

describe('escapeMention', () => {
  it.each([
    ['space name(1)#plus+.md', 'space\\ name\\(1\\)\\#plus\\+.md'],
    ['user@example.ts', 'user\\@example.ts'],
    ['ext:config.json', 'ext\\:config.json'],
    ['docs:res://doc?version=1&tag=a+b path@x.', 'docs\\:res\\://doc\\?version\\=1\\&tag\\=a\\+b\\ path\\@x.'],
    ['docs:res://doc.', 'docs\\:res\\://doc.'],
    ['a\\b', 'a\\\\b'],
    ['[x]{y}<z>', '\\[x\\]\\{y\\}\\<z\\>'],
    ['it\'s "quoted"', 'it\\\'s\\ \\"quoted\\"'],
  ])('escapes %j as Qwen does', (input, expected) => {
    expect(escapeMention(input)).toBe(expected);
  });

  it.each(['Makefile', 'LICENSE', 'src/Makefile', 'README.md', '.qwen/', './', 'my_file-v2.test.ts'])(
    'leaves %j unchanged',
    (input) => {
      expect(escapeMention(input)).toBe(input);
    },
  );

  it('keeps letters, combining marks and digits of any script', () => {
    expect(escapeMention('cafe\u0301.md')).toBe('cafe\u0301.md'); // decomposed é
    expect(escapeMention('café.md')).toBe('café.md');
    expect(escapeMention('文档/说明.md')).toBe('文档/说明.md');
    expect(escapeMention('ファイル１２.txt')).toBe('ファイル１２.txt');
    expect(escapeMention('ملف٣.txt')).toBe('ملف٣.txt');
    expect(escapeMention('हिन्दी.md')).toBe('हिन्दी.md');
  });

  it('escapes emoji as whole code points', () => {
    expect(escapeMention('😀.png')).toBe('\\😀.png');
    expect(escapeMention('a👍🏽b')).toBe('a\\👍\\🏽b');
    expect(escapeMention('文件 😀')).toBe('文件\\ \\😀');
  });

  it('strips ANSI escape sequences', () => {
    expect(escapeMention('\x1b[31mred\x1b[0m.txt')).toBe('red.txt');
    expect(escapeMention('\x1b[1;38;5;196mbold\x1b[m')).toBe('bold');
    expect(escapeMention('\x1b]0;title\x07name')).toBe('name');
    expect(escapeMention('\x1b]8;;https://x.test\x1b\\link\x1b]8;;\x1b\\')).toBe('link');
    expect(escapeMention('\x9b31mc1')).toBe('c1');
    expect(escapeMention('a\x1bcb')).toBe('ab');
  });

  it('strips BiDi controls, zero-width space, C0/C1 controls and DEL', () => {
    expect(escapeMention('evil\u202Egpj.exe')).toBe('evilgpj.exe');
    expect(escapeMention('a\u200Eb\u200Fc\u061Cd')).toBe('abcd');
    expect(escapeMention('\u202A\u202B\u202C\u202D\u202Ex\u2066\u2067\u2068\u2069')).toBe('x');
    expect(escapeMention('a\u200Bb')).toBe('ab');
    expect(escapeMention('\ta\nb\rc\x00d\x7fe\x85f\x9fg')).toBe('abcdefg');
  });

  it('keeps an empty result empty', () => {
    expect(escapeMention('')).toBe('');
    expect(escapeMention('\x1b[0m\u200B\u202E\n')).toBe('');
  });

  it('returns "" for a non-string', () => {
    expect(escapeMention(undefined as unknown as string)).toBe('');
    expect(unescapeMention(42 as unknown as string)).toBe('');
  });

  it('leaves nothing unsafe unescaped and nothing stripped', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (input) => {
        const escaped = escapeMention(input);
        expect(escaped).toMatch(FULLY_ESCAPED);
        expect(escaped).not.toMatch(STRIPPED);
      }),
      { numRuns: 1_000 },
    );
  });

  // Its time on such runs, against a plain regex pass at 100 KB and 1 MB, is a figure of the benchmark.
  it('escapes long runs of escape introducers', () => {
    const hostile = '\x1b]'.repeat(50_000) + '\x1b['.repeat(50_000);
    expect(escapeMention(hostile)).toMatch(FULLY_ESCAPED);
  });
});

describe('unescapeMention', () => {
  it('removes only the escaping backslashes', () => {
    expect(unescapeMention('space\\ name\\(1\\)\\#plus\\+.md')).toBe('space name(1)#plus+.md');
    expect(unescapeMention('docs\\:res\\://doc\\?version\\=1\\&tag\\=a\\+b\\ path\\@x.')).toBe(
      'docs:res://doc?version=1&tag=a+b path@x.',
    );
    expect(unescapeMention('a\\\\b')).toBe('a\\b');
    expect(unescapeMention('\\😀.png')).toBe('😀.png');
    expect(unescapeMention('trailing\\')).toBe('trailing\\');
    expect(unescapeMention('Makefile')).toBe('Makefile');
    expect(unescapeMention('')).toBe('');
  });

  it('reverses escapeMention for strings without stripped characters', () => {
    const withoutStripped = (unit: 'binary' | 'grapheme') =>
      fc
        .string({ unit })
        .map((s) => stripMentionControls(s))
        .filter((s) => !STRIPPED.test(s));
    fc.assert(
      fc.property(fc.oneof(withoutStripped('binary'), withoutStripped('grapheme')), (input) => {
        expect(unescapeMention(escapeMention(input))).toBe(input);
      }),
      { numRuns: 2_000 },
    );
  });
});
