import { describe, expect, it } from 'vitest';
import { parseMessageMarkdown } from '../../src/elements/user-message/markdown.js';

/**
 * The Markdown path of a message (hardening, then our lexer) takes linear time on adversarial
 * input. Each shape is timed at two sizes against a plain regular-expression pass over the same
 * input: the lexer's cost may be a generous multiple of the pass, and must grow with the input as
 * the pass does (a quadratic lexer would grow four times faster from one size to the next). Only
 * ratios of times measured side by side are compared, never a time.
 */

const SMALL = 1 << 16;
const LARGE = SMALL * 4;
/** How much more the lexer may cost than a regex pass touching every character. */
const BUDGET = 400;
/** How much faster than the regex pass the lexer's cost may grow from SMALL to LARGE (quadratic: 4). */
const GROWTH_BUDGET = 2.5;

const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const lines = (line: (index: number) => string, size: number) => {
  let text = '';
  for (let index = 0; text.length < size; index++) text += `${line(index)}\n`;
  return text.slice(0, size);
};

const SHAPES: Record<string, (size: number) => string> = {
  'a run of *': (size) => fill('*', size),
  'alternating * and letters': (size) => fill('*a', size),
  'intraword _': (size) => fill('a_b_', size),
  'a run of backticks': (size) => fill('`', size),
  'backtick runs of every length': (size) =>
    fill(Array.from({ length: 60 }, (_, i) => `${'`'.repeat(i + 1)}a`).join(''), size),
  'a run of [': (size) => fill('[', size),
  'unclosed inline links': (size) => fill('[a](', size),
  'unclosed reference links': (size) => `${fill('[a][', size - 30)}\n\n[a]: https://x.example`,
  'unclosed images': (size) => fill('![', size),
  'a run of >': (size) => fill('>', size),
  'quote markers and spaces': (size) => fill('> ', size),
  'nested lists by indentation': (size) => lines((index) => `${' '.repeat((index % 200) * 2)}- item`, size),
  'a 1 MB line': (size) => fill('a', size * 4),
  'bare URLs cut at (': (size) => fill('(www.a', size),
  'URLs with trailing punctuation': (size) => fill('https://a.example/x.,;:!?', size),
  'e-mail-like words': (size) => fill('a@a.a@', size),
  'unclosed HTML attributes': (size) => fill('<a b="', size),
  'unclosed comments': (size) => fill('<!--', size),
  'destinations with open parentheses': (size) => fill('[a](b(', size),
  'unclosed titles': (size) => fill('[a](b "', size),
  tildes: (size) => fill('~~a', size),
  'table rows': (size) => `| a | b |\n|---|---|\n${lines(() => '| `x` | *y* |', size)}`,
  'mixed punctuation': (size) => fill('*_`[<>!~\\(', size),
};

function cost(run: () => unknown): number {
  let best = Infinity;
  for (let attempt = 0; attempt < 3; attempt++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return Math.max(best, 0.01);
}

const regexPass = (text: string) => text.replace(/[^\n]/g, 'x').length;

describe('parseMessageMarkdown on adversarial input', () => {
  it.each(Object.entries(SHAPES))('lexes %s in linear time', (_name, shape) => {
    const ratios = [SMALL, LARGE].map((size) => {
      const input = shape(size);
      const result = parseMessageMarkdown(input);
      expect(result.body.kind).toBe('markdown');
      return cost(() => parseMessageMarkdown(input)) / cost(() => regexPass(input));
    });
    const [small, large] = ratios as [number, number];
    expect(large).toBeLessThan(BUDGET);
    expect(large / small).toBeLessThan(GROWTH_BUDGET);
  });
});
