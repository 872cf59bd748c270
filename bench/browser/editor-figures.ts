/**
 * The editor figures: key latency, paste and value set, our composer against bare CodeMirror 6
 * and against the editors peers use for chips, Tiptap 3 with its Mention node and Lexical with a
 * DecoratorNode, all in one page with the same text, chips, fonts and widths. Each round takes
 * every editor in turn, rotating which goes first, with garbage collected before each timed part.
 */
import type { Page } from 'playwright-core';
import type { Figure } from '../figures.js';
import type { CaretPlace, EditorName, KeyLatency } from './page.js';
import { collectGarbage, median, ms, note, p95, ratioFigure, rotated, type Session } from './session.js';

const DRAFT_CHARS = 50_000;
const DRAFT_CHIPS = 500;
const PASTE_CHARS = 1_048_576;
const FRAGMENT_CHARS = 20_000;
const FRAGMENT_CHIPS = 200;
/** Letters and spaces only: no `@` or `/` that would open a menu. */
const TYPED = 'the quick brown fox jumps over the lazy dog ';

type Peer = Exclude<EditorName, 'composer'>;

/** What the composer is compared with, and the goal of each ratio. */
const BASELINES: Record<Peer, { label: string; chips: string; goal: number }> = {
  bare: { label: 'bare CodeMirror 6', chips: 'same text, no chips', goal: 1.3 },
  tiptap: { label: 'Tiptap 3.35', chips: 'its Mention node (atomic inline), same text and chips', goal: 1.0 },
  lexical: { label: 'Lexical 0.52', chips: 'rich text, chips as a DecoratorNode, same text and chips', goal: 1.0 },
};
const PEERS: readonly Peer[] = ['bare', 'tiptap', 'lexical'];
const CHIP_PEERS: readonly Peer[] = ['tiptap', 'lexical'];

const baselineName = (peer: Peer) => `${BASELINES[peer].label}, ${BASELINES[peer].chips}`;

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

export async function typeInto(
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

export const toFrame = (latencies: readonly KeyLatency[]) => latencies.map((latency) => latency.toFrame);
const toUpdate = (latencies: readonly KeyLatency[]) => latencies.map((latency) => latency.toUpdate);

export function describeKeys(label: string, latencies: readonly KeyLatency[]): string {
  return (
    `${label} → frame median ${ms(median(toFrame(latencies)))} p95 ${ms(p95(toFrame(latencies)))}, ` +
    `→ DOM updated median ${ms(median(toUpdate(latencies)))} p95 ${ms(p95(toUpdate(latencies)))}`
  );
}

type Rounds = Record<EditorName, KeyLatency[]>[];
const EDITORS: readonly EditorName[] = ['composer', ...PEERS];

/** Per round, as many keys into every editor, the order rotating from round to round. */
async function typingRounds(session: Session, place: CaretPlace, roundCount: number): Promise<Rounds> {
  for (const editor of EDITORS) await typeInto(session, editor, place, 5);
  const rounds: Rounds = [];
  for (let round = 0; round < roundCount; round++) {
    const latencies = { composer: [], bare: [], tiptap: [], lexical: [] } as Record<EditorName, KeyLatency[]>;
    for (const editor of rotated(EDITORS, round)) {
      latencies[editor] = await typeInto(session, editor, place, session.plan.keysPerRound, round);
    }
    rounds.push(latencies);
  }
  const where = place === 'prose' ? 'in prose' : 'right before a chip';
  for (const editor of EDITORS) {
    note(
      describeKeys(
        `typing ${where}, ${editor}`,
        rounds.flatMap((round) => round[editor]),
      ),
    );
  }
  return rounds;
}

function roundRatios(rounds: Rounds, peer: Peer, statistic: (values: readonly number[]) => number): number[] {
  return rounds.map((round) => statistic(toFrame(round.composer)) / statistic(toFrame(round[peer])));
}

export async function keystrokeFigures(session: Session): Promise<Figure[]> {
  const { page, plan } = session;
  const draft = await page.evaluate(
    ([chars, chips]) => window.bench.showChipDraft(chars, chips),
    [DRAFT_CHARS, DRAFT_CHIPS],
  );
  const chips = await Promise.all(EDITORS.map((name) => page.evaluate((editor) => window.bench.chipsIn(editor), name)));
  note(
    `draft: ${(draft.chars / 1000).toFixed(1)} kB, ${draft.chips} chips; chips per editor ` +
      `${EDITORS.map((name, index) => `${name} ${chips[index]}`).join(', ')}; ` +
      `${await page.evaluate(() => window.bench.chipCount())} chip elements in the composer's view`,
  );
  const byPlace: [string, Rounds][] = [
    ['caret in prose', await typingRounds(session, 'prose', plan.keyRounds)],
    ['caret right before a chip', await typingRounds(session, 'before-chip', plan.beforeChipRounds)],
  ];
  const name = `composer keystroke → DOM updated → next frame, ${DRAFT_CHIPS} chips in a ${DRAFT_CHARS / 1000} kB draft`;
  return PEERS.flatMap((peer) =>
    byPlace.flatMap(([where, rounds]) => [
      ratioFigure(
        `${name}, median (${where})`,
        baselineName(peer),
        BASELINES[peer].goal,
        roundRatios(rounds, peer, median),
      ),
      ratioFigure(`${name}, p95 (${where})`, baselineName(peer), BASELINES[peer].goal, roundRatios(rounds, peer, p95)),
    ]),
  );
}

// ---- Paste --------------------------------------------------------------------------------------

/** One real Ctrl+V into an emptied editor at its end: its latency, and what it left. */
async function pasteInto(session: Session, editor: EditorName): Promise<KeyLatency> {
  const { page, cdp } = session;
  await page.evaluate((name) => window.bench.clearEditor(name), editor);
  await page.evaluate((name) => window.bench.focusEditor(name, 'end'), editor);
  await collectGarbage(cdp);
  await page.keyboard.press('Control+V');
  return page.evaluate(() => window.bench.takeLatency(120_000));
}

async function pastePlainOnce(session: Session, editor: EditorName): Promise<KeyLatency> {
  const latency = await pasteInto(session, editor);
  const length = await session.page.evaluate((name) => window.bench.draftLength(name), editor);
  if (length !== PASTE_CHARS) throw new Error(`the paste into ${editor} left ${length} characters, not ${PASTE_CHARS}`);
  return latency;
}

/** Copies the fragment from the editor itself (a real Ctrl+C) and pastes it back into it, emptied. */
async function pasteFragmentOnce(session: Session, editor: EditorName): Promise<KeyLatency> {
  const { page } = session;
  await page.evaluate((name) => window.bench.loadDraft(name, 'fragment'), editor);
  await page.evaluate((name) => window.bench.selectAllIn(name), editor);
  await page.keyboard.press('Control+C');
  const latency = await pasteInto(session, editor);
  const chips = await page.evaluate((name) => window.bench.chipsIn(name), editor);
  if (chips !== FRAGMENT_CHIPS) throw new Error(`the paste into ${editor} left ${chips} chips, not ${FRAGMENT_CHIPS}`);
  return latency;
}

/** Runs of one paste per editor, rotating the order; a first run warms every editor up. */
async function pasteRuns(
  session: Session,
  editors: readonly EditorName[],
  once: (session: Session, editor: EditorName) => Promise<KeyLatency>,
): Promise<Partial<Record<EditorName, KeyLatency>>[]> {
  for (const editor of editors) await once(session, editor);
  const runs: Partial<Record<EditorName, KeyLatency>>[] = [];
  for (let i = 0; i < session.plan.pasteRuns; i++) {
    const run: Partial<Record<EditorName, KeyLatency>> = {};
    for (const editor of rotated(editors, i)) run[editor] = await once(session, editor);
    runs.push(run);
  }
  for (const editor of editors) {
    note(
      describeKeys(
        `  ${editor}`,
        runs.map((run) => run[editor]!),
      ),
    );
  }
  return runs;
}

const pasteRatios = (runs: Partial<Record<EditorName, KeyLatency>>[], peer: Peer) =>
  runs.map((run) => run.composer!.toFrame / run[peer]!.toFrame);

export async function pasteFigures(session: Session): Promise<Figure[]> {
  const { page } = session;
  await page.evaluate(() => window.bench.showEmptyEditors());
  await page.evaluate((chars) => window.bench.copyPlainText(chars), PASTE_CHARS);
  note('paste 1 MB of plain text (Ctrl+V → DOM updated → next frame):');
  const plain = await pasteRuns(session, EDITORS, pastePlainOnce);
  await page.evaluate(
    ([chars, chips]) => window.bench.prepareDraft('fragment', chars, chips, 19),
    [FRAGMENT_CHARS, FRAGMENT_CHIPS],
  );
  note(`paste a ${FRAGMENT_CHARS / 1000} kB fragment with ${FRAGMENT_CHIPS} chips, copied from the same editor:`);
  const fragment = await pasteRuns(session, ['composer', ...CHIP_PEERS], pasteFragmentOnce);
  await page.evaluate(() => window.bench.resetEditors());
  const plainName = 'paste 1 MB of plain text into the composer (Ctrl+V → DOM updated → next frame)';
  const fragmentName = `paste a ${FRAGMENT_CHARS / 1000} kB fragment with ${FRAGMENT_CHIPS} chips into the composer (Ctrl+V → DOM updated → next frame)`;
  return [
    ratioFigure(plainName, BASELINES.bare.label, 1.2, pasteRatios(plain, 'bare')),
    ...CHIP_PEERS.map((peer) => ratioFigure(plainName, BASELINES[peer].label, 1.0, pasteRatios(plain, peer))),
    ...CHIP_PEERS.map((peer) =>
      ratioFigure(fragmentName, `${baselineName(peer)}, copied from it`, 1.0, pasteRatios(fragment, peer)),
    ),
  ];
}

// ---- Value set ----------------------------------------------------------------------------------

export async function valueSetFigures(session: Session): Promise<Figure[]> {
  const { page, cdp, plan } = session;
  const editors: EditorName[] = ['composer', ...CHIP_PEERS];
  await page.evaluate(() => window.bench.showEmptyEditors());
  await page.evaluate(([chars, chips]) => window.bench.prepareDraft('value', chars, chips, 17), [
    DRAFT_CHARS,
    DRAFT_CHIPS,
  ] as const);
  const timeOnce = async (editor: EditorName) => {
    await page.evaluate((name) => window.bench.clearEditor(name), editor);
    await collectGarbage(cdp);
    return page.evaluate((name) => window.bench.timeDraftSet(name, 'value'), editor);
  };
  for (const editor of editors) await timeOnce(editor);
  const runs: Partial<Record<EditorName, number>>[] = [];
  for (let i = 0; i < plan.valueSetRuns; i++) {
    const run: Partial<Record<EditorName, number>> = {};
    for (const editor of rotated(editors, i)) run[editor] = await timeOnce(editor);
    runs.push(run);
  }
  await page.evaluate(() => window.bench.resetEditors());
  note(
    `value set, ${DRAFT_CHIPS} chips in ${DRAFT_CHARS / 1000} kB (medians): ` +
      editors.map((editor) => `${editor} ${ms(median(runs.map((run) => run[editor]!)))}`).join(', '),
  );
  return CHIP_PEERS.map((peer) =>
    ratioFigure(
      `set a ${DRAFT_CHARS / 1000} kB draft with ${DRAFT_CHIPS} chips as the composer's value (set → rendered → next frame)`,
      `${baselineName(peer)}, its own content format`,
      1.0,
      runs.map((run) => run.composer! / run[peer]!),
    ),
  );
}
