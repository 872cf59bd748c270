/**
 * Browser figures, measured in Debian's Chromium through Playwright: each ratio pairs our element
 * with its baseline in the same page and the same run, alternating which goes first, with garbage
 * collected (through CDP) before every timed part. Times are taken in the page (see
 * bench/browser/page.ts); key presses are real ones sent by Playwright.
 */
import type { CDPSession } from 'playwright-core';
import { launchChromium } from '../support/chromium.js';
import {
  describeKeys,
  keystrokeFigures,
  pasteFigures,
  toFrame,
  typeInto,
  valueSetFigures,
} from './browser/editor-figures.js';
import type { CycledElement, KeyLatency } from './browser/page.js';
import { serveBenchPage } from './browser/serve.js';
import { messageFigures } from './browser/message-figures.js';
import { transcriptFigures } from './browser/transcript-figures.js';
import { collectGarbage, median, note, type Plan, ratioFigure, type Session } from './browser/session.js';
import { type Figure, type Suite, summarize } from './figures.js';

const FULL: Plan = {
  messages: 1000,
  mountRuns: 7,
  keyRounds: 7,
  beforeChipRounds: 15,
  keysPerRound: 30,
  besideRounds: 5,
  pasteRuns: 7,
  valueSetRuns: 7,
  cycles: 1000,
  warmupCycles: 100,
  heapRuns: 3,
  transcriptMessages: 10_000,
  transcriptRounds: 5,
  appendRuns: 7,
};
const QUICK: Plan = {
  messages: 200,
  mountRuns: 3,
  keyRounds: 2,
  beforeChipRounds: 2,
  keysPerRound: 6,
  besideRounds: 3,
  pasteRuns: 1,
  valueSetRuns: 2,
  cycles: 150,
  warmupCycles: 30,
  heapRuns: 1,
  transcriptMessages: 1000,
  transcriptRounds: 2,
  appendRuns: 2,
};

async function usedHeapBytes(cdp: CDPSession): Promise<number> {
  // Twice: the first collection can leave objects that only die once finalizers have run.
  await collectGarbage(cdp);
  await collectGarbage(cdp);
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

// ---- Messages ---------------------------------------------------------------------------------

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

/** The groups of figures, run in this order; `--groups=` picks some by label. */
function figureGroups(session: Session): [label: string, run: () => Promise<Figure | Figure[]>][] {
  return [
    ['messages', () => messageFigures(session)],
    ['keystrokes', () => keystrokeFigures(session)],
    ['paste', () => pasteFigures(session)],
    ['value set', () => valueSetFigures(session)],
    ['typing beside messages', () => typingBesideMessagesFigure(session)],
    ['heap, composer', () => heapFigure(session, 'composer', '<t3-composer>')],
    ['heap, message', () => heapFigure(session, 'message', '<t3-user-message>')],
    ['heap, chip', () => heapFigure(session, 'chip', '<t3-context-chip>')],
    ['long transcript', () => transcriptFigures(session)],
  ];
}

/** Runs the groups asked for (all by default), noting how long each took, to keep the suite's duration in view. */
async function runFigures(session: Session, groups?: readonly string[]): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [label, run] of figureGroups(session)) {
    if (groups && !groups.includes(label)) continue;
    const start = performance.now();
    figures.push(...[await run()].flat());
    note(`(${label}: ${((performance.now() - start) / 1000).toFixed(1)} s)`);
  }
  return figures;
}

export const suite: Suite = {
  name: 'browser',
  async run({ quick, groups }) {
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
      return await runFigures({ page, cdp, plan }, groups);
    } finally {
      await browser.close();
      await served.close();
    }
  },
};
