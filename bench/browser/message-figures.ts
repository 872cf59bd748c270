/**
 * The message mount: `<t3-user-message>` against each renderer a host could use instead, all in
 * the same page and run, the order rotating from run to run, garbage collected before each part.
 */
import { type Figure } from '../figures.js';
import { MESSAGE_BASELINES, type MessageBaseline } from './message-baseline-names.js';
import { collectGarbage, median, ms, note, ratioFigure, rotated, type Session } from './session.js';

/** Each baseline with the goal for ours against it. */
const GOALS: [MessageBaseline, number][] = [
  ['react-markdown', 1],
  ['streamdown', 1],
  ['marked-chips', 1.5],
  ['marked', 2],
];

type Contender = 'ours' | MessageBaseline;

interface MountRun {
  first: number;
  rerender: number;
  baselines: Record<MessageBaseline, number>;
}

async function timeOurs({ page, cdp }: Session): Promise<{ first: number; rerender: number }> {
  await collectGarbage(cdp);
  const first = await page.evaluate(() => window.bench.mountMessages());
  await collectGarbage(cdp);
  const rerender = await page.evaluate(() => window.bench.rerenderMessages());
  await page.evaluate(() => window.bench.clearMessages());
  return { first, rerender };
}

/**
 * The chips every baseline must draw: CommonMark makes a link written inside another link's label
 * text of the outer one, so the Markdown renderers draw a few fewer chips than ours (which draws a
 * chip for each link `collectContextReferences` finds); all of them must draw the same ones.
 */
const baselineChips = { count: 0 };

async function timeBaseline({ page, cdp }: Session, baseline: MessageBaseline): Promise<number> {
  await collectGarbage(cdp);
  const mounted = await page.evaluate((name) => window.bench.mountBaselineMessages(name), baseline);
  await page.evaluate(() => window.bench.clearMessages());
  // Checked every time, so a figure never times a renderer that dropped chips.
  baselineChips.count ||= mounted.chips;
  if (mounted.chips !== baselineChips.count) {
    throw new Error(`${baseline} drew ${mounted.chips} chips, the others ${baselineChips.count}`);
  }
  return mounted.time;
}

async function mountRun(session: Session, round: number): Promise<MountRun> {
  const run: MountRun = { first: 0, rerender: 0, baselines: {} as Record<MessageBaseline, number> };
  const contenders: Contender[] = ['ours', ...GOALS.map(([baseline]) => baseline)];
  for (const contender of rotated(contenders, round)) {
    if (contender === 'ours') Object.assign(run, await timeOurs(session));
    else run.baselines[contender] = await timeBaseline(session, contender);
  }
  return run;
}

export async function messageFigures(session: Session): Promise<Figure[]> {
  const { page, plan } = session;
  const chars = await page.evaluate((count) => window.bench.prepareMessages(count), plan.messages);
  await mountRun(session, 0);
  note(
    `${plan.messages} messages, ${(chars / 1024).toFixed(0)} KB of Markdown, 5 chips each ` +
      `(${baselineChips.count} drawn by the Markdown renderers, ${plan.messages * 5} by ours)`,
  );
  const runs: MountRun[] = [];
  for (let i = 0; i < plan.mountRuns; i++) runs.push(await mountRun(session, i));
  const times = GOALS.map(([baseline]) => `${baseline} ${ms(median(runs.map((run) => run.baselines[baseline])))}`);
  note(
    `mount: ours ${ms(median(runs.map((run) => run.first)))}, ${times.join(', ')}; ` +
      `re-render ${ms(median(runs.map((run) => run.rerender)))} (medians)`,
  );
  return [
    ...GOALS.map(([baseline, goal]) =>
      ratioFigure(
        `mount ${plan.messages} <t3-user-message> (0.2–4 KB Markdown, 5 chips each)`,
        MESSAGE_BASELINES[baseline],
        goal,
        runs.map((run) => run.first / run.baselines[baseline]),
      ),
    ),
    ratioFigure(
      `re-render of those ${plan.messages} with unchanged input`,
      'their first render',
      0.05,
      runs.map((run) => run.rerender / run.first),
    ),
  ];
}
