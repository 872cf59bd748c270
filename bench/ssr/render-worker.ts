/**
 * The server rendering figure's own process (started by `bench/ssr.bench.ts`, with `NODE_ENV` set
 * to production and `--expose-gc`): renders the same thread with `@lit-labs/ssr` and the built
 * `t3-composer/ssr`, as a host's server imports them, and with React 19's `renderToString` (the
 * bundle `--react` names), alternating which goes first, garbage collected before each. Each
 * side's HTML is checked in full once, and every later render must return the very same HTML.
 * Prints one JSON line: the times of each side (wall and CPU), their HTML's length and the chips
 * each drew.
 *
 * `--only=ours` or `--only=react` renders one side only, for a CPU profile (`node --cpu-prof`).
 */
import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { html } from 'lit';
import { pathToFileURL } from 'node:url';
import { kindIconTemplate } from '../../src/elements/shared/icons.js';
import { chatMessages } from '../browser/fixtures.js';
import { checkThread, type ThreadCheck } from './content-check.js';

export type Side = 'ours' | 'react';

export interface WorkerResult {
  /** Wall time of each timed render, ms. */
  times: Record<Side, number[]>;
  /** The process's CPU time over the same renders, ms (steadier than wall time on a loaded machine). */
  cpuTimes: Record<Side, number[]>;
  htmlLength: Record<Side, number>;
  chips: Record<Side, number>;
  markdownChars: number;
}

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const reactBundle = option('react');
if (!reactBundle) throw new Error('render-worker: --react=<bundle> is required');
const runs = Number(option('runs') ?? 5);
const warmup = Number(option('warmup') ?? 2);
const count = Number(option('messages') ?? 1000);
const only = option('only') as Side | undefined;
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('render-worker: run with --expose-gc');

// The built package, as a host's server imports it (`npm run bench` builds it first).
const ssrEntry: string = 't3-composer/ssr';
await import(ssrEntry);
const { reactThreadRenderer } = (await import(pathToFileURL(reactBundle).href)) as typeof import('./react-render.js');

const messages = chatMessages(count);
const texts = messages.map((message) => message.text);

/** The chip's own icon markup, as `@lit-labs/ssr` writes it into a chip, for the React chips to draw. */
const iconMarkup = (kind: string) =>
  collectResultSync(render(kindIconTemplate(kind, {}))).replace(/<!--[\s\S]*?-->/g, '');
const renderReact = reactThreadRenderer(iconMarkup);

const renderers: Record<Side, () => string> = {
  ours: () =>
    collectResultSync(
      render(
        html`${messages.map(
          (message) => html`<t3-user-message .text=${message.text} .context=${message.context}></t3-user-message>`,
        )}`,
      ),
    ),
  react: () => renderReact(texts),
};
const checks: Record<Side, ThreadCheck> = {
  ours: { messageOpening: '<t3-user-message', chips: 'references' },
  react: { messageOpening: '<div class="message">', chips: 'commonmark' },
};

const sides: Side[] = only ? [only] : ['ours', 'react'];
const result: WorkerResult = {
  times: { ours: [], react: [] },
  cpuTimes: { ours: [], react: [] },
  htmlLength: { ours: 0, react: 0 },
  chips: { ours: 0, react: 0 },
  markdownChars: texts.reduce((sum, text) => sum + text.length, 0),
};
const first: Partial<Record<Side, string>> = {};

for (let round = 0; round < warmup + runs; round++) {
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    collect();
    const cpu = process.cpuUsage();
    const start = performance.now();
    const output = renderers[side]();
    const time = performance.now() - start;
    const cpuUsed = process.cpuUsage(cpu);
    if (first[side] === undefined) {
      result.chips[side] = checkThread(output, messages, checks[side]);
      result.htmlLength[side] = output.length;
      first[side] = output;
    } else if (output !== first[side]) {
      throw new Error(`${side}: a render returned other HTML than the first`);
    }
    if (round >= warmup) {
      result.times[side].push(time);
      result.cpuTimes[side].push((cpuUsed.user + cpuUsed.system) / 1000);
    }
  }
}
console.log(JSON.stringify(result));
