/**
 * The long-transcript figures: 10,000 `<t3-user-message>` entries in a list styled by the demo's
 * own transcript rules (`content-visibility: auto` on each entry), scrolled to the newest. Typing in
 * the composer beside it against typing with it out of the document, the heap each mounted message
 * costs, and the longest frame gap when one more message is appended.
 */
import type { CDPSession } from 'playwright-core';
import type { Figure } from '../figures.js';
import { summarize } from '../figures.js';
import { describeKeys, toFrame, typeInto } from './editor-figures.js';
import type { KeyLatency } from './page.js';
import { collectGarbage, median, ms, note, ratioFigure, type Session } from './session.js';

/** A long task, as the Long Tasks API counts one. */
const LONG_TASK_MS = 50;
const BYTES_PER_KB = 1000;

/** JavaScript heap and Blink's garbage-collected heap (the DOM), after two forced collections. */
async function heapParts(cdp: CDPSession): Promise<{ js: number; dom: number }> {
  await collectGarbage(cdp);
  await collectGarbage(cdp);
  const usage = await cdp.send('Runtime.getHeapUsage');
  return { js: usage.usedSize, dom: usage.embedderHeapUsedSize };
}

async function mountFigure(session: Session, count: number): Promise<Figure> {
  const { page, cdp } = session;
  const chars = await page.evaluate((messages) => window.bench.prepareTranscript(messages), count);
  const before = await heapParts(cdp);
  const mountMs = await page.evaluate(() => window.bench.mountTranscript());
  const after = await heapParts(cdp);
  const perMessage = {
    js: (after.js - before.js) / count / BYTES_PER_KB,
    dom: (after.dom - before.dom) / count / BYTES_PER_KB,
  };
  const total = perMessage.js + perMessage.dom;
  note(
    `transcript: ${count} messages, ${(chars / 1e6).toFixed(1)} MB of Markdown, 5 chips each, mounted and rendered in ` +
      `${ms(mountMs)}; per message ${total.toFixed(1)} KB (JS heap ${perMessage.js.toFixed(1)} KB, ` +
      `DOM heap ${perMessage.dom.toFixed(1)} KB)`,
  );
  return {
    name: `heap per mounted message, ${count} in the transcript (JS + DOM heap after GC, ÷ ${count})`,
    baseline: 'heap before mounting, the messages already built',
    goal: 100,
    unit: 'KB',
    ...summarize([total]),
  };
}

async function typingFigure(session: Session, count: number): Promise<Figure> {
  const { page, plan } = session;
  await typeInto(session, 'composer', 'end', 5);
  const ratios: number[] = [];
  const all = { mounted: [] as KeyLatency[], none: [] as KeyLatency[] };
  for (let round = 0; round < plan.transcriptRounds; round++) {
    const order = round % 2 === 0 ? [true, false] : [false, true];
    const medians = { mounted: 0, none: 0 };
    for (const attached of order) {
      await page.evaluate((value) => window.bench.setTranscriptAttached(value), attached);
      const typed = await typeInto(session, 'composer', 'end', Math.round(plan.keysPerRound * 1.5), round);
      medians[attached ? 'mounted' : 'none'] = median(toFrame(typed));
      all[attached ? 'mounted' : 'none'].push(...typed);
    }
    ratios.push(medians.mounted / medians.none);
  }
  await page.evaluate(() => window.bench.setTranscriptAttached(true));
  note(describeKeys(`typing beside the ${count}-message transcript: keydown`, all.mounted));
  note(describeKeys('  with it out of the document', all.none));
  return ratioFigure(
    `typing in the composer beside a ${count}-message transcript (content-visibility: auto; median keydown → next frame)`,
    'typing with the transcript out of the document',
    1.2,
    ratios,
  );
}

async function appendFigure(session: Session, count: number): Promise<Figure> {
  const { page, cdp, plan } = session;
  const gaps: number[] = [];
  const shown: number[] = [];
  let longTasks = 0;
  let longest = 0;
  for (let run = 0; run < plan.appendRuns; run++) {
    await collectGarbage(cdp);
    const timing = await page.evaluate((index) => window.bench.appendToTranscript(index), run);
    gaps.push(timing.longestFrameGap);
    shown.push(timing.toShown);
    longTasks += timing.longTasks.length;
    longest = Math.max(longest, ...timing.longTasks);
  }
  note(
    `append to ${count}: longest frame gap median ${ms(median(gaps))} (${gaps.map((gap) => gap.toFixed(0)).join(', ')} ms), ` +
      `append → shown median ${ms(median(shown))}; ${longTasks} long tasks in ${plan.appendRuns} appends, longest ${ms(longest)}`,
  );
  return ratioFigure(
    `longest frame gap when one more message is appended to ${count} (append → rendered → scrolled → next frame)`,
    `${LONG_TASK_MS} ms, a long task`,
    1,
    gaps.map((gap) => gap / LONG_TASK_MS),
  );
}

export async function transcriptFigures(session: Session): Promise<Figure[]> {
  const count = session.plan.transcriptMessages;
  const { page } = session;
  // The transcript and the composer below it, without the (empty) message log of the other figures.
  await page.evaluate(() => window.bench.setMessagesAttached(false));
  await page.evaluate(() => window.bench.showShortDraft());
  try {
    const memory = await mountFigure(session, count);
    const typing = await typingFigure(session, count);
    const append = await appendFigure(session, count);
    return [typing, memory, append];
  } finally {
    await page.evaluate(() => window.bench.clearTranscript());
    await page.evaluate(() => window.bench.setMessagesAttached(true));
  }
}
