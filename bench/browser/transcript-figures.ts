/**
 * The long-transcript figures: a thread of 10,000 user messages, each with its reply, shown by the
 * demo's own transcript code and rules (the newest entries in the document, earlier ones added as
 * the reader scrolls up; `content-visibility: auto` on each entry), scrolled to the newest. Typing
 * in the composer beside it against typing with it out of the document, the heap each message of
 * the thread costs, and the longest frame gap when one more exchange is appended and when
 * scrolling up brings earlier entries in.
 */
import type { CDPSession } from 'playwright-core';
import type { Figure } from '../figures.js';
import { summarize } from '../figures.js';
import { describeKeys, toFrame, typeInto } from './editor-figures.js';
import type { KeyLatency } from './page.js';
import type { TaskTiming } from './transcript.js';
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
  const entries = await page.evaluate(() => window.bench.transcriptEntries());
  const perMessage = {
    js: (after.js - before.js) / count / BYTES_PER_KB,
    dom: (after.dom - before.dom) / count / BYTES_PER_KB,
  };
  const total = perMessage.js + perMessage.dom;
  const perEntry = ((after.js - before.js + after.dom - before.dom) / entries / BYTES_PER_KB).toFixed(1);
  note(
    `transcript: ${count} messages with their replies, ${(chars / 1e6).toFixed(1)} MB of text, 5 chips each, ` +
      `shown in ${ms(mountMs)} with ${entries} entries in the document; per message of the thread ` +
      `${total.toFixed(1)} KB (JS heap ${perMessage.js.toFixed(1)} KB, DOM heap ${perMessage.dom.toFixed(1)} KB), ` +
      `${perEntry} KB per entry in the document`,
  );
  return {
    name: `heap per message of a ${count}-message thread in the demo's transcript (JS + DOM heap after GC, ÷ ${count})`,
    baseline: "heap before showing it, the thread's data already built",
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
    `typing in the composer beside a ${count}-message thread in the demo's transcript (median keydown → next frame)`,
    'typing with the transcript out of the document',
    1.2,
    ratios,
  );
}

/** Runs one timed task `runs` times: the longest frame gap of each as a share of a long task, with a note. */
async function frameGapFigure(
  session: Session,
  name: string,
  what: string,
  timed: (run: number) => Promise<TaskTiming>,
): Promise<Figure> {
  const { cdp, plan } = session;
  const gaps: number[] = [];
  const shown: number[] = [];
  let longTasks = 0;
  let longest = 0;
  for (let run = 0; run < plan.appendRuns; run++) {
    await collectGarbage(cdp);
    const timing = await timed(run);
    gaps.push(timing.longestFrameGap);
    shown.push(timing.toShown);
    longTasks += timing.longTasks.length;
    longest = Math.max(longest, ...timing.longTasks);
  }
  note(
    `${what}: longest frame gap median ${ms(median(gaps))} (${gaps.map((gap) => gap.toFixed(0)).join(', ')} ms), ` +
      `until shown median ${ms(median(shown))}; ${longTasks} long tasks in ${plan.appendRuns} runs, longest ${ms(longest)}`,
  );
  return ratioFigure(
    name,
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
    const append = await frameGapFigure(
      session,
      `longest frame gap when one more exchange is appended to ${count} (append → rendered → scrolled → next frame)`,
      `append to ${count}`,
      (run) => page.evaluate((index) => window.bench.appendToTranscript(index), run),
    );
    const earlier = await frameGapFigure(
      session,
      `longest frame gap when scrolling up brings earlier entries into the ${count}-message transcript`,
      'scrolling into earlier entries',
      () => page.evaluate(() => window.bench.scrollIntoEarlier()),
    );
    return [typing, memory, append, earlier];
  } finally {
    await page.evaluate(() => window.bench.clearTranscript());
    await page.evaluate(() => window.bench.setMessagesAttached(true));
  }
}
