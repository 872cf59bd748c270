/**
 * The core suite of `npm run bench`: each core function against a plain regular-expression
 * baseline over the same input, and each core function's growth from 100 KB to 1 MB against its
 * baseline's growth between the same sizes in the same rounds. Inputs are
 * built deterministically (a fixed-seed generator), and checked before timing so that every
 * figure measures the path it claims to.
 */
import {
  CONTEXT_HREF_PREFIX,
  buildSubmission,
  collectContextReferences,
  decodeContextRecord,
  decodeMessageContext,
  escapeMention,
  formatContextReference,
  projectContextForProvider,
  sanitizeInputAnnotations,
  splitContentByAnnotations,
  upgradeLegacyMessage,
  type ContextRecord,
  type InputAnnotation,
  type KnownContextKind,
} from '../src/core/index.js';
import { type Figure, type Suite, pairedRatios, summarize } from './figures.js';
import { seededRandom } from './seeded-random.js';

const MB = 1_000_000;
const KB_100 = 100_000;

/** T3's link scanner, the baseline our linear scanner must match and keep up with. */
const T3_REFERENCE_PATTERN = /(!?)\[([^\]\n]{0,512})\]\((t3-context:\/\/v1\/[^\s)]{1,200})\)/g;

/**
 * T3's first pass of the legacy upgrade (review openings, with whole terminal, element and
 * preview blocks skipped), the one regex scan every upgrade has to make over the whole text.
 */
const T3_LEGACY_SCAN_PATTERN =
  /<review_comment\b([^>]*)>|^<(terminal_context|element_context|preview_annotation)>\n[\s\S]*?\n<\/\2>/gm;

// ---- measuring ----

interface Budget {
  /** Pairs per figure. */
  runs: number;
  /** Pairs for figures whose baseline takes about a second per run. */
  slowRuns: number;
  warmup: number;
  /** Each sample repeats its work until the cheaper side takes about this long. */
  sampleMs: number;
}

const FULL: Budget = { runs: 15, slowRuns: 5, warmup: 2, sampleMs: 10 };
const QUICK: Budget = { runs: 3, slowRuns: 1, warmup: 1, sampleMs: 2 };

/** Repetitions of `work` that take about `targetMs` (at least one). */
function repetitionsFor(work: () => unknown, targetMs: number): number {
  work();
  const start = performance.now();
  work();
  const elapsed = performance.now() - start;
  return Math.max(1, Math.ceil(targetMs / Math.max(elapsed, 0.001)));
}

function repeated(work: () => unknown, times: number): () => unknown {
  return () => {
    let last: unknown;
    for (let i = 0; i < times; i++) last = work();
    return last;
  };
}

/**
 * `ours / baseline` (or `big / small` for scaling), both sides repeated equally so that the
 * cheaper one (`reference`) takes about `sampleMs` per sample.
 */
function measure(
  ours: () => unknown,
  baseline: () => unknown,
  budget: Budget,
  { runs = budget.runs, cheaper = 'baseline' }: { runs?: number; cheaper?: 'ours' | 'baseline' } = {},
): number[] {
  const times = repetitionsFor(cheaper === 'ours' ? ours : baseline, budget.sampleMs);
  return pairedRatios(repeated(ours, times), repeated(baseline, times), runs, budget.warmup);
}

function ratioFigure(name: string, baseline: string, goal: number, ratios: readonly number[]): Figure {
  return { name, baseline, goal, unit: 'ratio', ...summarize(ratios) };
}

/** Seconds per call of `work`, repeated so that one sample takes about `sampleMs`. */
function perCall(work: () => unknown, times: number): number {
  const start = performance.now();
  for (let i = 0; i < times; i++) work();
  return (performance.now() - start) / times;
}

interface Growth {
  /** Ours at 1 MB ÷ ours at 100 KB, per round. */
  ours: number[];
  /** The baseline at 1 MB ÷ the baseline at 100 KB, per round. */
  baseline: number[];
}

/**
 * How much slower each side gets from 100 KB to 1 MB, measured in the same rounds: each round
 * times the four (ours and the baseline, big and small) in a rotating order, so the machine's
 * state hits both growths alike.
 */
function growth(
  ours: { big: () => unknown; small: () => unknown },
  baseline: { big: () => unknown; small: () => unknown },
  budget: Budget,
): Growth {
  const parts = [ours.big, ours.small, baseline.big, baseline.small];
  const times = parts.map((work) => repetitionsFor(work, budget.sampleMs));
  for (let i = 0; i < budget.warmup; i++) parts.forEach((work, index) => perCall(work, times[index]!));
  const result: Growth = { ours: [], baseline: [] };
  for (let round = 0; round < budget.runs; round++) {
    const taken: number[] = [];
    for (let step = 0; step < parts.length; step++) {
      const index = (round + step) % parts.length;
      taken[index] = perCall(parts[index]!, times[index]!);
    }
    result.ours.push(taken[0]! / taken[1]!);
    result.baseline.push(taken[2]! / taken[3]!);
  }
  return result;
}

function growthFigure(name: string, baselineName: string, measured: Growth): Figure {
  const ours = summarize(measured.ours).median;
  const baseline = summarize(measured.baseline).median;
  return {
    name: `growth from 100 KB to 1 MB: ${name} (${ours.toFixed(1)}× slower; the baseline ${baseline.toFixed(1)}×)`,
    baseline: `${baselineName}, on the same inputs in the same rounds: its own growth`,
    goal: 1.15,
    unit: 'ratio',
    ...summarize(measured.ours.map((value, index) => value / measured.baseline[index]!)),
  };
}

function expect(condition: boolean, message: string): void {
  if (!condition) throw new Error(`core bench input: ${message}`);
}

// ---- deterministic inputs ----

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

// ---- figures ----

function countMatches(text: string, pattern: RegExp): number {
  let count = 0;
  for (const match of text.matchAll(pattern)) count += match.index === -1 ? 0 : 1;
  return count;
}

function referenceFigures(budget: Budget): Figure[] {
  const text = linkedMessage(MB, 5_000, 1);
  expect(collectContextReferences(text).length === 5_000, 'the 1 MB message holds 5,000 links');
  expect(countMatches(text, T3_REFERENCE_PATTERN) === 5_000, 'the regex finds the same 5,000 links');
  return [
    ratioFigure(
      'collectContextReferences, 1 MB with 5,000 links',
      'one global-regex matchAll over the same text',
      2.0,
      measure(
        () => collectContextReferences(text),
        () => countMatches(text, T3_REFERENCE_PATTERN),
        budget,
      ),
    ),
  ];
}

/** Adversarial inputs: where a backtracking scanner degrades. */
const ADVERSARIAL_INPUTS: ReadonlyArray<{ name: string; text: string; slowBaseline?: boolean }> = [
  { name: '`[` repeated', text: '['.repeat(MB), slowBaseline: true },
  { name: '`](t3-context:` repeated', text: '](t3-context:'.repeat(MB / 13) },
  { name: '`[](t3-context://v1/` repeated', text: `[](${CONTEXT_HREF_PREFIX}`.repeat(Math.floor(MB / 19)) },
  { name: 'unterminated links', text: `[label](${CONTEXT_HREF_PREFIX}file/ctx_1`.repeat(Math.floor(MB / 35)) },
];

function adversarialFigures(budget: Budget): Figure[] {
  return ADVERSARIAL_INPUTS.map(({ name, text, slowBaseline }) => {
    expect(
      collectContextReferences(text).length === countMatches(text, T3_REFERENCE_PATTERN),
      `${name}: same matches as the regex`,
    );
    const runs = slowBaseline ? budget.slowRuns : budget.runs;
    const ratios = slowBaseline
      ? pairedRatios(
          () => collectContextReferences(text),
          () => countMatches(text, T3_REFERENCE_PATTERN),
          runs,
          0,
        )
      : measure(
          () => collectContextReferences(text),
          () => countMatches(text, T3_REFERENCE_PATTERN),
          budget,
        );
    return ratioFigure(
      `collectContextReferences, adversarial 1 MB: ${name}`,
      'one global-regex matchAll over that input',
      2.0,
      ratios,
    );
  });
}

function projectionFigures(budget: Budget): Figure[] {
  const text = linkedMessage(MB, 5_000, 2);
  const records = linkRecords(5_000);
  const projected = projectContextForProvider({ text, records });
  expect(!projected.includes('unavailable="true"'), 'every link of the projection input has its record');
  const trivialMarker = () => '[ref]';
  return [
    ratioFigure(
      'projectContextForProvider, 1 MB with 5,000 links and records',
      '`text.replace(regex, fn)` with a trivial marker',
      3.0,
      measure(
        () => projectContextForProvider({ text, records }),
        () => text.replace(T3_REFERENCE_PATTERN, trivialMarker),
        budget,
      ),
    ),
  ];
}

function legacyFigures(budget: Budget): Figure[] {
  const { text, records } = legacyMessage(MB, 3);
  expect(upgradeLegacyMessage(text).records.length === records, `the legacy message upgrades to ${records} records`);
  return [
    ratioFigure(
      `upgradeLegacyMessage, 1 MB legacy message (${records} records)`,
      "one regex scan over it (T3's review-block scan)",
      3.0,
      measure(
        () => upgradeLegacyMessage(text),
        () => countMatches(text, T3_LEGACY_SCAN_PATTERN),
        budget,
      ),
    ),
  ];
}

/** One core function, and its plain baseline, applied to inputs built for 1 MB and for 100 KB. */
interface ScalingCase {
  name: string;
  baseline: string;
  prepare(length: number): { ours: () => unknown; baseline: () => unknown };
}

const REGEX_PASS = 'one global-regex matchAll over the text';

const SCALING_CASES: readonly ScalingCase[] = [
  {
    name: 'collectContextReferences',
    baseline: REGEX_PASS,
    prepare(length) {
      const text = linkedMessage(length, (length / MB) * 5_000, 4);
      return { ours: () => collectContextReferences(text), baseline: () => countMatches(text, T3_REFERENCE_PATTERN) };
    },
  },
  {
    name: 'projectContextForProvider',
    baseline: '`text.replace(regex, fn)` with a trivial marker',
    prepare(length) {
      const count = (length / MB) * 5_000;
      const text = linkedMessage(length, count, 5);
      const records = linkRecords(count);
      return {
        ours: () => projectContextForProvider({ text, records }),
        baseline: () => text.replace(T3_REFERENCE_PATTERN, () => '[ref]'),
      };
    },
  },
  {
    name: 'upgradeLegacyMessage',
    baseline: "one regex scan (T3's review-block scan)",
    prepare(length) {
      const { text, records } = legacyMessage(length, 6);
      expect(upgradeLegacyMessage(text).records.length === records, `the ${length}-char legacy message upgrades`);
      return { ours: () => upgradeLegacyMessage(text), baseline: () => countMatches(text, T3_LEGACY_SCAN_PATTERN) };
    },
  },
  {
    name: 'decodeMessageContext',
    baseline: '`JSON.stringify` of the context (one walk over the same records)',
    prepare(length) {
      const context = largeContext(Math.round((length / MB) * 200), 7);
      const decoded = decodeMessageContext(context);
      expect(decoded.ok && decoded.dropped.length === 0, 'every record of the large context decodes');
      return { ours: () => decodeMessageContext(context), baseline: () => JSON.stringify(context) };
    },
  },
  {
    name: 'sanitizeInputAnnotations + splitContentByAnnotations',
    baseline: 'one global-regex matchAll over the content',
    prepare(length) {
      const { content, annotations } = annotatedPrompt(length, 8);
      expect(sanitizeInputAnnotations(content, annotations).length === annotations.length, 'every annotation is kept');
      return {
        ours: () => {
          sanitizeInputAnnotations(content, annotations);
          return splitContentByAnnotations(content, annotations);
        },
        baseline: () => countMatches(content, /@[^\s]+/g),
      };
    },
  },
  {
    // Escape introducers over and over: what a stripping regex with backtracking would stall on.
    name: 'escapeMention on runs of ANSI escape introducers',
    baseline: 'one global-regex matchAll over the text',
    prepare(length) {
      const text = '\x1b]'.repeat(length / 4) + '\x1b['.repeat(length / 4);
      return { ours: () => escapeMention(text), baseline: () => countMatches(text, /]/g) };
    },
  },
  {
    name: 'buildSubmission',
    baseline: REGEX_PASS,
    prepare(length) {
      const count = (length / MB) * 5_000;
      const text = linkedMessage(length, count, 9);
      const records = linkRecords(count);
      // Past 256 chips the annotations are capped (the composer refuses such drafts first).
      expect(
        buildSubmission({ text, records }).inputAnnotations.length === Math.min(count, 256),
        'one annotation per link',
      );
      return {
        ours: () => buildSubmission({ text, records }),
        baseline: () => countMatches(text, T3_REFERENCE_PATTERN),
      };
    },
  },
];

function scalingFigures(budget: Budget): Figure[] {
  return SCALING_CASES.map(({ name, baseline, prepare }) => {
    const big = prepare(MB);
    const small = prepare(KB_100);
    const measured = growth({ big: big.ours, small: small.ours }, { big: big.baseline, small: small.baseline }, budget);
    return growthFigure(name, baseline, measured);
  });
}

export const suite: Suite = {
  name: 'core',
  async run({ quick }) {
    const budget = quick ? QUICK : FULL;
    return [
      ...referenceFigures(budget),
      ...adversarialFigures(budget),
      ...projectionFigures(budget),
      ...legacyFigures(budget),
      ...scalingFigures(budget),
    ];
  },
};
