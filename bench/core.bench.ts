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
  decodeMessageContext,
  escapeMention,
  projectContextForProvider,
  sanitizeInputAnnotations,
  splitContentByAnnotations,
  upgradeLegacyMessage,
} from '../src/core/index.js';
import { type Figure, type Suite, pairedRatios } from './figures.js';
import {
  MB,
  KB_100,
  T3_REFERENCE_PATTERN,
  T3_LEGACY_SCAN_PATTERN,
  type Budget,
  FULL,
  QUICK,
  measure,
  ratioFigure,
  growth,
  growthFigure,
  expect,
} from './core/measuring.js';
import { linkedMessage, linkRecords, legacyMessage, largeContext, annotatedPrompt } from './core/inputs.js';

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
