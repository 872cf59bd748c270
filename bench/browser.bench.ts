/**
 * Browser figures, measured in Debian's Chromium through Playwright: each ratio pairs our element
 * with its baseline in the same page and the same run, alternating which goes first, with garbage
 * collected (through CDP) before every timed part. Times are taken in the page (see
 * bench/browser/page.ts); key presses are real ones sent by Playwright.
 */
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.js';
import type { CaretPlace, CycledElement, EditorName, KeyLatency } from './browser/page.js';
import { serveBenchPage } from './browser/serve.js';
import { type Figure, type Suite, summarize } from './figures.js';

interface Plan {
  messages: number;
  mountRuns: number;
  keyRounds: number;
  /**
   * Rounds typing right before a chip: that figure is the noisiest (its ratio hangs on a few
   * milliseconds per key), so it gets more rounds, the same for the composer and bare CodeMirror.
   */
  beforeChipRounds: number;
  keysPerRound: number;
  /** Rounds of typing beside mounted messages; each round takes 1,000 messages out and back. */
  besideRounds: number;
  pasteRuns: number;
  cycles: number;
  warmupCycles: number;
  heapRuns: number;
}

const FULL: Plan = {
  messages: 1000,
  mountRuns: 7,
  keyRounds: 7,
  beforeChipRounds: 15,
  keysPerRound: 30,
  besideRounds: 5,
  pasteRuns: 7,
  cycles: 1000,
  warmupCycles: 100,
  heapRuns: 3,
};
const QUICK: Plan = {
  messages: 200,
  mountRuns: 3,
  keyRounds: 3,
  beforeChipRounds: 3,
  keysPerRound: 10,
  besideRounds: 3,
  pasteRuns: 3,
  cycles: 150,
  warmupCycles: 30,
  heapRuns: 1,
};

const DRAFT_CHARS = 50_000;
const DRAFT_CHIPS = 500;
const PASTE_CHARS = 1_048_576;
/** Letters and spaces only: no `@` or `/` that would open a menu. */
const TYPED = 'the quick brown fox jumps over the lazy dog ';

interface Session {
  page: Page;
  cdp: CDPSession;
  plan: Plan;
}

function ratioFigure(name: string, baseline: string, goal: number, ratios: number[]): Figure {
  return { name, baseline, goal, unit: 'ratio', ...summarize(ratios) };
}

function median(values: readonly number[]): number {
  return summarize(values).median;
}

/** The nearest-rank 95th percentile. */
function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

function note(text: string): void {
  process.stdout.write(`  ${text}\n`);
}

async function collectGarbage(cdp: CDPSession): Promise<void> {
  await cdp.send('HeapProfiler.collectGarbage');
}

async function usedHeapBytes(cdp: CDPSession): Promise<number> {
  // Twice: the first collection can leave objects that only die once finalizers have run.
  await collectGarbage(cdp);
  await collectGarbage(cdp);
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

// ---- Messages ---------------------------------------------------------------------------------

interface MountRun {
  first: number;
  rerender: number;
  baseline: number;
}

async function mountRun({ page, cdp }: Session, baselineFirst: boolean): Promise<MountRun> {
  const ours = async () => {
    await collectGarbage(cdp);
    const first = await page.evaluate(() => window.bench.mountMessages());
    await collectGarbage(cdp);
    const rerender = await page.evaluate(() => window.bench.rerenderMessages());
    await page.evaluate(() => window.bench.clearMessages());
    return { first, rerender };
  };
  const baseline = async () => {
    await collectGarbage(cdp);
    const time = await page.evaluate(() => window.bench.mountBaselineMessages());
    await page.evaluate(() => window.bench.clearMessages());
    return time;
  };
  if (baselineFirst) {
    const baselineTime = await baseline();
    return { ...(await ours()), baseline: baselineTime };
  }
  const oursTimes = await ours();
  return { ...oursTimes, baseline: await baseline() };
}

async function messageFigures(session: Session): Promise<Figure[]> {
  const { page, plan } = session;
  const chars = await page.evaluate((count) => window.bench.prepareMessages(count), plan.messages);
  note(`${plan.messages} messages, ${(chars / 1024).toFixed(0)} KB of Markdown, 5 chips each`);
  await mountRun(session, false);
  const runs: MountRun[] = [];
  for (let i = 0; i < plan.mountRuns; i++) runs.push(await mountRun(session, i % 2 === 1));
  note(
    `mount: ours ${ms(median(runs.map((run) => run.first)))}, baseline ${ms(median(runs.map((run) => run.baseline)))}; ` +
      `re-render ${ms(median(runs.map((run) => run.rerender)))} (medians)`,
  );
  return [
    ratioFigure(
      `mount ${plan.messages} <t3-user-message> (0.2–4 KB Markdown, 5 chips each)`,
      'marked.parse + innerHTML into a shadow root each, chips as spans',
      2.0,
      runs.map((run) => run.first / run.baseline),
    ),
    ratioFigure(
      `re-render of those ${plan.messages} with unchanged input`,
      'their first render',
      0.05,
      runs.map((run) => run.rerender / run.first),
    ),
  ];
}

// ---- Key latency --------------------------------------------------------------------------------

const FRAME_MS = 1000 / 60;

/**
 * Waits a random part of a frame, so that key presses do not lock onto one phase of the display
 * refresh: otherwise the wait for the next frame, not the work, decides the latency.
 */
function randomFramePhase(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * FRAME_MS));
}

/** Types `count` real keys into the focused editor; the in-page latency of each. */
async function typeKeys(page: Page, count: number, offset: number): Promise<KeyLatency[]> {
  const latencies: KeyLatency[] = [];
  for (let i = 0; i < count; i++) {
    await randomFramePhase();
    await page.keyboard.type(TYPED.charAt((offset + i) % TYPED.length));
    latencies.push(await page.evaluate(() => window.bench.takeLatency()));
  }
  return latencies;
}

async function typeInto(
  session: Session,
  editor: EditorName,
  place: CaretPlace,
  keys: number,
  offset = 0,
): Promise<KeyLatency[]> {
  await session.page.evaluate(([name, where]) => window.bench.focusEditor(name, where), [editor, place] as const);
  await collectGarbage(session.cdp);
  return typeKeys(session.page, keys, offset);
}

const toFrame = (latencies: readonly KeyLatency[]) => latencies.map((latency) => latency.toFrame);
const toUpdate = (latencies: readonly KeyLatency[]) => latencies.map((latency) => latency.toUpdate);

function describeKeys(label: string, latencies: readonly KeyLatency[]): string {
  return (
    `${label} → frame median ${ms(median(toFrame(latencies)))} p95 ${ms(p95(toFrame(latencies)))}, ` +
    `→ DOM updated median ${ms(median(toUpdate(latencies)))} p95 ${ms(p95(toUpdate(latencies)))}`
  );
}

/** Per round, as many keys into the composer as into bare CodeMirror, in alternating order. */
async function pairedTyping(
  session: Session,
  place: CaretPlace,
  roundCount: number,
): Promise<Record<EditorName, KeyLatency[]>[]> {
  const { plan } = session;
  await typeInto(session, 'composer', place, 5);
  await typeInto(session, 'bare', place, 5);
  const rounds: Record<EditorName, KeyLatency[]>[] = [];
  for (let round = 0; round < roundCount; round++) {
    const order: EditorName[] = round % 2 === 0 ? ['composer', 'bare'] : ['bare', 'composer'];
    const latencies: Record<EditorName, KeyLatency[]> = { composer: [], bare: [] };
    for (const editor of order) latencies[editor] = await typeInto(session, editor, place, plan.keysPerRound, round);
    rounds.push(latencies);
  }
  const all = (editor: EditorName) => rounds.flatMap((round) => round[editor]);
  note(
    describeKeys(
      `typing ${place === 'prose' ? 'in prose' : 'right before a chip'}, ${all('composer').length} keys each: composer`,
      all('composer'),
    ),
  );
  note(describeKeys('  bare CodeMirror', all('bare')));
  return rounds;
}

function roundRatios(
  rounds: Record<EditorName, KeyLatency[]>[],
  statistic: (values: readonly number[]) => number,
): number[] {
  return rounds.map((round) => statistic(toFrame(round.composer)) / statistic(toFrame(round.bare)));
}

async function keystrokeFigures(session: Session): Promise<Figure[]> {
  const { page } = session;
  const draft = await page.evaluate(
    ([chars, chips]) => window.bench.showChipDraft(chars, chips),
    [DRAFT_CHARS, DRAFT_CHIPS],
  );
  note(
    `draft: ${(draft.chars / 1000).toFixed(1)} kB, ${draft.chips} chips, ${await page.evaluate(() => window.bench.chipCount())} chip elements in view`,
  );
  const inProse = await pairedTyping(session, 'prose', session.plan.keyRounds);
  const beforeChip = await pairedTyping(session, 'before-chip', session.plan.beforeChipRounds);
  const name = `composer keystroke → DOM updated → next frame, ${DRAFT_CHIPS} chips in a ${DRAFT_CHARS / 1000} kB draft`;
  const baseline = 'bare CodeMirror 6, same text, no chips';
  return [
    ratioFigure(`${name}, median (caret in prose)`, baseline, 1.3, roundRatios(inProse, median)),
    ratioFigure(`${name}, p95 (caret in prose)`, baseline, 1.3, roundRatios(inProse, p95)),
    ratioFigure(`${name}, median (caret right before a chip)`, baseline, 1.3, roundRatios(beforeChip, median)),
  ];
}

async function pasteOnce(session: Session, editor: EditorName): Promise<KeyLatency> {
  const { page, cdp } = session;
  await page.evaluate(() => window.bench.resetEditors());
  await page.evaluate((name) => window.bench.focusEditor(name, 'end'), editor);
  await collectGarbage(cdp);
  await page.keyboard.press('Control+V');
  const latency = await page.evaluate(() => window.bench.takeLatency(60_000));
  const length = await page.evaluate((name) => window.bench.draftLength(name), editor);
  if (length !== PASTE_CHARS) throw new Error(`the paste into ${editor} left ${length} characters, not ${PASTE_CHARS}`);
  return latency;
}

async function pasteFigure(session: Session): Promise<Figure> {
  const { page, plan } = session;
  await page.evaluate(async () => {
    await window.bench.showComposer('', []);
    await window.bench.showBareEditor('');
  });
  await page.evaluate((chars) => window.bench.copyPlainText(chars), PASTE_CHARS);
  await pasteOnce(session, 'composer');
  await pasteOnce(session, 'bare');
  const runs: Record<EditorName, KeyLatency>[] = [];
  for (let i = 0; i < plan.pasteRuns; i++) {
    const order: EditorName[] = i % 2 === 0 ? ['composer', 'bare'] : ['bare', 'composer'];
    const times: Partial<Record<EditorName, KeyLatency>> = {};
    for (const editor of order) times[editor] = await pasteOnce(session, editor);
    runs.push(times as Record<EditorName, KeyLatency>);
  }
  await page.evaluate(() => window.bench.resetEditors());
  note(
    describeKeys(
      'paste 1 MB (medians): composer',
      runs.map((run) => run.composer),
    ),
  );
  note(
    describeKeys(
      '  bare CodeMirror',
      runs.map((run) => run.bare),
    ),
  );
  return ratioFigure(
    'paste 1 MB of plain text into the composer (Ctrl+V → DOM updated → next frame)',
    'bare CodeMirror 6',
    1.5,
    runs.map((run) => run.composer.toFrame / run.bare.toFrame),
  );
}

async function typingBesideMessagesFigure(session: Session): Promise<Figure> {
  const { page, plan } = session;
  await page.evaluate(() => window.bench.showShortDraft());
  await page.evaluate(() => window.bench.mountMessages());
  await typeInto(session, 'composer', 'end', 5);
  const ratios: number[] = [];
  const all = { mounted: [] as KeyLatency[], none: [] as KeyLatency[] };
  for (let round = 0; round < plan.besideRounds; round++) {
    const order = round % 2 === 0 ? [true, false] : [false, true];
    const medians = { mounted: 0, none: 0 };
    for (const attached of order) {
      await page.evaluate((value) => window.bench.setMessagesAttached(value), attached);
      const typed = await typeInto(session, 'composer', 'end', Math.round(plan.keysPerRound * 1.5), round);
      medians[attached ? 'mounted' : 'none'] = median(toFrame(typed));
      all[attached ? 'mounted' : 'none'].push(...typed);
    }
    ratios.push(medians.mounted / medians.none);
  }
  await page.evaluate(() => window.bench.setMessagesAttached(true));
  const mounted = await page.evaluate(() => window.bench.messageCount());
  await page.evaluate(() => window.bench.clearMessages());
  note(describeKeys(`typing beside ${mounted} mounted messages: keydown`, all.mounted));
  note(describeKeys('  beside none', all.none));
  return ratioFigure(
    `typing in the composer while ${plan.messages} messages are mounted (median keydown → next frame)`,
    'typing with none mounted',
    1.2,
    ratios,
  );
}

// ---- Heap ---------------------------------------------------------------------------------------

async function heapFigure(session: Session, kind: CycledElement, tag: string): Promise<Figure> {
  const { page, cdp, plan } = session;
  // Cycles first, so one-time caches (templates, style sheets, compiled code) are not counted as growth.
  await page.evaluate(([element, count]) => window.bench.mountUnmountCycles(element, count), [
    kind,
    plan.warmupCycles,
  ] as const);
  const deltas: number[] = [];
  for (let run = 0; run < plan.heapRuns; run++) {
    const before = await usedHeapBytes(cdp);
    await page.evaluate(([element, count]) => window.bench.mountUnmountCycles(element, count), [
      kind,
      plan.cycles,
    ] as const);
    const after = await usedHeapBytes(cdp);
    deltas.push((after - before) / 2 ** 20);
  }
  note(`heap, ${tag}: ${deltas.map((delta) => `${delta >= 0 ? '+' : ''}${delta.toFixed(3)} MB`).join(', ')}`);
  return {
    name: `heap growth after ${plan.cycles} mount/unmount cycles of ${tag} (GC forced through CDP)`,
    baseline: 'heap before',
    goal: 1,
    unit: 'MB',
    ...summarize(deltas),
  };
}

// ---- Suite --------------------------------------------------------------------------------------

/** Runs one group of figures and notes how long it took, to keep the suite's duration in view. */
async function timedGroup<T>(label: string, group: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await group();
  note(`(${label}: ${((performance.now() - start) / 1000).toFixed(1)} s)`);
  return result;
}

async function runFigures(session: Session): Promise<Figure[]> {
  return [
    ...(await timedGroup('messages', () => messageFigures(session))),
    ...(await timedGroup('keystrokes', () => keystrokeFigures(session))),
    await timedGroup('paste', () => pasteFigure(session)),
    await timedGroup('typing beside messages', () => typingBesideMessagesFigure(session)),
    await timedGroup('heap, composer', () => heapFigure(session, 'composer', '<t3-composer>')),
    await timedGroup('heap, message', () => heapFigure(session, 'message', '<t3-user-message>')),
    await timedGroup('heap, chip', () => heapFigure(session, 'chip', '<t3-context-chip>')),
  ];
}

export const suite: Suite = {
  name: 'browser',
  async run({ quick }) {
    const plan = quick ? QUICK : FULL;
    const served = await serveBenchPage();
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.url });
      const page = await context.newPage();
      page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
      await page.goto(served.url);
      await page.waitForFunction(() => 'bench' in window);
      note(`Chromium ${browser.version()}, headless, through playwright-core; ${quick ? 'quick' : 'full'} plan`);
      const cdp = await context.newCDPSession(page);
      return await runFigures({ page, cdp, plan });
    } finally {
      await browser.close();
      await served.close();
    }
  },
};
