import fc from 'fast-check';

/** Markdown documents built from the constructs chat messages use, for the differential properties. */

const word = fc.constantFrom(
  'alpha',
  'beta',
  'snake_case',
  'x',
  '42',
  'مرحبا',
  'שלום',
  '🎉',
  'a.b',
  'foo-bar',
  'AT&T',
  '&amp;',
  '&#169;',
  '\ue0000\ue000',
);
const punctuation = fc.constantFrom('.', ',', '!', '?', ':', ';', '(', ')', '"', "'");
const url = fc.constantFrom(
  'https://example.com',
  'https://example.com/a_b?q=1&r=2',
  'http://x.example/p(1)',
  'www.example.org',
);

const inlineAtom: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: word },
  { weight: 1, arbitrary: punctuation },
  { weight: 1, arbitrary: url },
  { weight: 1, arbitrary: word.map((w) => `\`${w}\``) },
  { weight: 1, arbitrary: fc.constantFrom('\\*', '\\_', '\\`', '\\[', '\\\\', '\\#') },
  { weight: 1, arbitrary: fc.tuple(word, url).map(([w, u]) => `[${w}](${u.startsWith('www') ? `https://${u}` : u})`) },
  { weight: 1, arbitrary: url.map((u) => `<${u.startsWith('www') ? `https://${u}` : u}>`) },
  { weight: 1, arbitrary: fc.constantFrom('<b>', '</b>', '<span class="x">', '<!-- c -->') },
);

const span = (inner: fc.Arbitrary<string>) =>
  fc.oneof(
    inner,
    fc.tuple(fc.constantFrom('*', '**', '_', '__', '~~', '***'), inner).map(([d, text]) => `${d}${text}${d}`),
  );

/** A line of inline content: words and spans separated by spaces. */
export const inlineLine: fc.Arbitrary<string> = fc
  .array(span(fc.array(inlineAtom, { minLength: 1, maxLength: 3 }).map((atoms) => atoms.join(' '))), {
    minLength: 1,
    maxLength: 5,
  })
  .map((parts) => parts.join(' '));

const paragraph = fc.array(inlineLine, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));
const heading = fc
  .tuple(fc.integer({ min: 1, max: 6 }), inlineLine)
  .map(([depth, text]) => `${'#'.repeat(depth)} ${text}`);
const fence = fc
  .tuple(fc.constantFrom('```', '~~~'), fc.constantFrom('', 'ts', 'js title'), fc.array(inlineLine, { maxLength: 3 }))
  .map(([marker, info, lines]) => [`${marker}${info}`, ...lines, marker].join('\n'));
const quote = paragraph.map((text) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n'),
);
const bulletList = fc
  .tuple(
    fc.constantFrom('-', '*', '+'),
    fc.array(fc.tuple(fc.constantFrom('', '[ ] ', '[x] '), inlineLine), { minLength: 1, maxLength: 4 }),
    fc.boolean(),
  )
  .map(([marker, items, loose]) => items.map(([task, text]) => `${marker} ${task}${text}`).join(loose ? '\n\n' : '\n'));
const orderedList = fc
  .tuple(fc.integer({ min: 0, max: 20 }), fc.array(inlineLine, { minLength: 1, maxLength: 4 }))
  .map(([start, items]) => items.map((text, index) => `${start + index}. ${text}`).join('\n'));
const nestedList = fc
  .tuple(inlineLine, fc.array(inlineLine, { minLength: 1, maxLength: 3 }), inlineLine)
  .map(([outer, inner, last]) => [`- ${outer}`, ...inner.map((text) => `  - ${text}`), `- ${last}`].join('\n'));
const cell = fc
  .array(
    fc.oneof(
      word,
      word.map((w) => `**${w}**`),
      word.map((w) => `\`${w}\``),
    ),
    { minLength: 1, maxLength: 2 },
  )
  .map((parts) => parts.join(' '));
const table = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 }))
  .chain(([columns, rows]) =>
    fc.tuple(
      fc.array(cell, { minLength: columns, maxLength: columns }),
      fc.array(fc.constantFrom('---', ':--', '--:', ':-:'), { minLength: columns, maxLength: columns }),
      fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), { minLength: rows, maxLength: rows }),
    ),
  )
  .map(([header, align, rows]) => [header, align, ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n'));
const rule = fc.constantFrom('---', '***', '___');
const indentedCode = fc
  .array(inlineLine, { minLength: 1, maxLength: 2 })
  .map((lines) => lines.map((line) => `    ${line}`).join('\n'));

/** A document: blocks separated by blank lines. */
export const markdownDocument: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: paragraph },
      { weight: 1, arbitrary: heading },
      { weight: 1, arbitrary: fence },
      { weight: 1, arbitrary: quote },
      { weight: 1, arbitrary: bulletList },
      { weight: 1, arbitrary: orderedList },
      { weight: 1, arbitrary: nestedList },
      { weight: 1, arbitrary: table },
      { weight: 1, arbitrary: rule },
      { weight: 1, arbitrary: indentedCode },
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((blocks) => blocks.join('\n\n'));
