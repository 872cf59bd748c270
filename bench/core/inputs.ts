import {
  decodeContextRecord,
  formatContextReference,
  type ContextRecord,
  type InputAnnotation,
  type KnownContextKind,
} from '../../src/core/index.js';
import { seededRandom } from '../seeded-random.js';

/**
 * Deterministic inputs of the core figures (a fixed-seed generator): prose with links, legacy
 * messages, large contexts, annotated prompts.
 */
const WORDS = [
  'the',
  'build',
  'fails',
  'when',
  'we',
  'run',
  'tests',
  'against',
  'a',
  'fresh',
  'checkout',
  'of',
  'main',
  'could',
  'you',
  'look',
  'at',
  'this',
  'error',
  'and',
  'tell',
  'me',
  'why',
  'it',
  'happens',
  'only',
  'on',
  'CI',
  'function',
  'returns',
  'undefined',
  'instead',
  'array',
  '`npm test`',
  '(see',
  'above)',
  'naïve',
  'café',
  '→',
  '[draft]',
  'notes!',
  'e.g.',
  'ok?',
  '日本語',
  '😀',
  'https://example.com/page?q=1',
  '#42',
  'fix:',
  'TODO',
];

/** Chat-like prose: words, punctuation, the odd bracket or paren and line break. */
function prose(random: () => number, length: number): string {
  let text = '';
  while (text.length < length) {
    text += WORDS[Math.floor(random() * WORDS.length)];
    const r = random();
    text += r < 0.04 ? '\n' : r < 0.07 ? '. ' : r < 0.09 ? ', ' : ' ';
  }
  return text.slice(0, length);
}

/** Prose on one line, for the line-based parts of legacy blocks. */
function proseLine(random: () => number, length: number): string {
  return prose(random, length).replace(/\n/g, ' ');
}

const LINK_KINDS: readonly KnownContextKind[] = ['file', 'image', 'mention', 'skill', 'terminal', 'element'];

function linkKind(index: number): KnownContextKind {
  return LINK_KINDS[index % LINK_KINDS.length]!;
}

function linkId(index: number): string {
  return `ctx_${index.toString(36).padStart(5, '0')}`;
}

function linkLabel(kind: KnownContextKind, index: number): string {
  return kind === 'mention' ? `src/module-${index}.ts` : `${kind} ${index}`;
}

/** A message of `length` chars with `linkCount` canonical links spread evenly through prose. */
export function linkedMessage(length: number, linkCount: number, seed: number): string {
  const random = seededRandom(seed);
  const links = Array.from({ length: linkCount }, (_, index) => {
    const kind = linkKind(index);
    return formatContextReference({ kind, contextId: linkId(index), label: linkLabel(kind, index) });
  });
  const linkChars = links.reduce((sum, link) => sum + link.length + 2, 0);
  const gap = Math.max(0, Math.floor((length - linkChars) / (linkCount + 1)));
  let text = prose(random, gap);
  for (const link of links) text += ` ${link} ${prose(random, gap)}`;
  return text;
}

/** A small valid record of each link's kind, one per link. */
export function linkRecords(linkCount: number): ContextRecord[] {
  return Array.from({ length: linkCount }, (_, index) => {
    const kind = linkKind(index);
    const record = decodeContextRecord({
      version: 1,
      contextId: linkId(index),
      kind,
      label: linkLabel(kind, index),
      ...recordFields(kind, index),
    });
    if (!record.ok) throw new Error(`core bench input: ${record.error}`);
    return record.record;
  });
}

function recordFields(kind: KnownContextKind, index: number): Record<string, unknown> {
  switch (kind) {
    case 'file':
    case 'image':
      return {
        attachmentId: `att_${index}`,
        name: `${kind}-${index}.png`,
        mimeType: 'image/png',
        sizeBytes: 1024 + index,
      };
    case 'mention':
      return { path: `src/module-${index}.ts` };
    case 'skill':
      return { name: `skill-${index}` };
    case 'terminal':
      return {
        terminalId: 'term-1',
        terminalLabel: 'Terminal 1',
        lineStart: index,
        lineEnd: index + 2,
        text: '$ npm test\n> vitest run\nok',
      };
    default:
      return {
        pageUrl: 'http://localhost:3000/',
        pageTitle: 'Home',
        tagName: 'button',
        selector: `#b${index}`,
        htmlPreview: `<button id="b${index}">Go</button>`,
        componentName: 'Go',
        source: null,
        styles: 'color: red',
      };
  }
}

/**
 * A message written by a pre-reference client: prose with U+FFFC placeholders, `@terminal:range`
 * labels and inline `<review_comment>` blocks (with fenced diffs), then trailing terminal, element
 * and preview blocks. About 11,000 chars per unit of one review and one terminal, an element every
 * tenth unit and a preview every twentieth, so 1 MB stays under the 200-record limit.
 */
export function legacyMessage(length: number, seed: number): { text: string; records: number } {
  const random = seededRandom(seed);
  const units = Math.max(1, Math.round(length / 11_000));
  const terminalEntries: string[] = [];
  const elementEntries: string[] = [];
  const previews: string[] = [];
  let body = '';
  for (let unit = 0; unit < units; unit++) {
    const lineStart = 10 * unit + 1;
    const terminalLines = Array.from({ length: 24 }, (_, line) => `  ${lineStart + line} | ${proseLine(random, 40)}`);
    terminalEntries.push(`- Terminal ${unit + 1} lines ${lineStart}-${lineStart + 23}:\n${terminalLines.join('\n')}`);
    if (unit % 10 === 0) elementEntries.push(legacyElementEntry(unit));
    if (unit % 20 === 0) previews.push(legacyPreview(unit, random));
    // Placeholders bind to terminals in order: the first half uses them, the second half labels.
    const terminalMention = unit < units / 2 ? '\uFFFC' : `@terminal-${unit + 1}:${lineStart}-${lineStart + 23}`;
    body += `${prose(random, 3_000)} ${terminalMention} ${prose(random, 3_000)}\n${legacyReview(unit, random)}\n`;
  }
  const text = [
    body.trimEnd(),
    `<terminal_context>\n${terminalEntries.join('\n\n')}\n</terminal_context>`,
    `<element_context>\n${elementEntries.join('\n')}\n</element_context>`,
    ...previews,
  ].join('\n\n');
  const records = units * 2 + elementEntries.length + previews.length;
  return { text, records };
}

function legacyReview(unit: number, random: () => number): string {
  const diff = Array.from(
    { length: 30 },
    (_, line) => `${line % 3 === 0 ? '+' : line % 3 === 1 ? '-' : ' '} ${proseLine(random, 50)}`,
  );
  return [
    `<review_comment sectionId="sec-${unit}" sectionTitle="Changes &amp; fixes" filePath="src/file-${unit}.ts" startIndex="${unit}" endIndex="${unit + 5}" rangeLabel="L${unit}-${unit + 5}">`,
    prose(random, 300),
    '',
    '```ts',
    ...diff,
    '```',
    '</review_comment>',
  ].join('\n');
}

function legacyElementEntry(unit: number): string {
  return [
    `- <CheckoutButton${unit}> (button):`,
    '  url: http://localhost:3000/checkout',
    `  selector: #pay-${unit}`,
    `  source: src/Checkout.tsx:${unit + 1}:7`,
    '  html:',
    `    <button id="pay-${unit}" class="primary">Pay now</button>`,
    '  styles:',
    '    font-size: 14px',
    '    color: rgb(0, 0, 0)',
  ].join('\n');
}

function legacyPreview(unit: number, random: () => number): string {
  return [
    '<preview_annotation>',
    'Preview annotation:',
    `Id: ann-${unit}`,
    'Page: http://localhost:3000/checkout',
    `Comment: ${proseLine(random, 200)}`,
    'Targets: 1 selected element.',
    'Requested visual changes:',
    '- font-size: 14px → 18px',
    'The attached screenshot is the annotated preview crop.',
    '</preview_annotation>',
  ].join('\n');
}

/** About 5 KB of JSON per record, kinds cycling; `count` records (at most 200 in one context). */
export function largeContext(count: number, seed: number): { version: 1; records: Record<string, unknown>[] } {
  const random = seededRandom(seed);
  const records = Array.from({ length: count }, (_, index): Record<string, unknown> => {
    const base = { version: 1, contextId: `ctx_${index}`, label: `record ${index}` };
    switch (index % 4) {
      case 0:
        return {
          ...base,
          kind: 'terminal',
          terminalId: 't1',
          terminalLabel: 'Terminal 1',
          lineStart: 1,
          lineEnd: 80,
          text: prose(random, 4_800),
        };
      case 1:
        return {
          ...base,
          kind: 'review-comment',
          sectionId: 's1',
          sectionTitle: 'Review',
          filePath: 'src/a.ts',
          startIndex: 1,
          endIndex: 9,
          rangeLabel: 'L1-9',
          text: prose(random, 800),
          diff: prose(random, 4_000),
          fenceLanguage: 'ts',
        };
      case 2:
        return {
          ...base,
          kind: 'element',
          pageUrl: 'http://localhost:3000/',
          pageTitle: 'Home',
          tagName: 'div',
          selector: '#root',
          htmlPreview: prose(random, 3_000),
          componentName: 'Root',
          source: { functionName: null, fileName: 'a.tsx', lineNumber: 1, columnNumber: 2 },
          styles: prose(random, 1_800),
        };
      default:
        return { ...base, kind: 'host-note', payload: { text: prose(random, 4_700), tags: ['a', 'b'] } };
    }
  });
  return { version: 1, records };
}

/** A prompt with one reference annotation every ~3,900 chars (256, the cap, at 1 MB) and a leading command. */
export function annotatedPrompt(length: number, seed: number): { content: string; annotations: InputAnnotation[] } {
  const random = seededRandom(seed);
  const count = Math.min(256, Math.round(length / 3_900));
  const gap = Math.floor(length / count) - 24;
  let content = '/review';
  const annotations: InputAnnotation[] = [
    {
      type: 'command',
      start: 0,
      end: 7,
      text: '/review',
      command: { name: 'review', description: 'Review code', source: 'builtin' },
    },
  ];
  for (let index = 1; index < count; index++) {
    content += ` ${prose(random, gap)} `;
    const text = `@src/dir-${index}/file.ts`;
    annotations.push({
      type: 'reference',
      start: content.length,
      end: content.length + text.length,
      text,
      reference: { id: `ref_${index}`, kind: 'mention', label: `file.ts`, serialized: text, metadata: { size: index } },
    });
    content += text;
  }
  content += ` ${prose(random, gap)}`;
  // As received from storage: plain JSON, not the objects the sanitiser itself would produce.
  return { content, annotations: JSON.parse(JSON.stringify(annotations)) as InputAnnotation[] };
}
