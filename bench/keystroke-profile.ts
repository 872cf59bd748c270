/**
 * `npm run bench:profile`: what a keystroke's script time is made of, module by module, in the
 * composer and in bare CodeMirror 6 holding the same 50 kB draft (the keystroke figures' page and
 * draft). Real keys are typed in prose under V8's sampling profiler; each sample is mapped to its
 * source module through the page's source map and charged to the innermost module of this package
 * on its stack, else to the library it runs in. It prints milliseconds of script per key: no
 * figure and no goal, only where the keystroke figures' script time goes.
 */
import type { CDPSession, Page } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { launchChromium } from '../support/chromium.js';
import { serveBenchPage } from './browser/serve.js';

const KEYS = 300;
const TYPED = 'the quick brown fox jumps over the lazy dog ';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a profile node's code comes from: `src/…` for this package, the package name for a library. */
function moduleOf(node: ProfileNode, map: SourceMapConsumer): string {
  const { url, lineNumber, columnNumber, functionName } = node.callFrame;
  if (!url.endsWith('/page.js')) return functionName.startsWith('(') ? functionName : 'the browser';
  const source = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber }).source ?? 'unknown';
  const inPackage = /\/(src|bench)\/(.*)$/.exec(source);
  if (inPackage && !source.includes('node_modules')) return `${inPackage[1]}/${inPackage[2]}`;
  const library = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return library ? library[1]! : source;
}

/** Script milliseconds per key, charged as the file header says. */
function chargeSamples(profile: Profile, map: SourceMapConsumer, keys: number): Map<string, number> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const modules = new Map(profile.nodes.map((node) => [node.id, moduleOf(node, map)]));
  const charged = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const module = modules.get(id)!;
    if (module === '(idle)' || module === '(program)' || module === '(root)') return;
    let owner = module;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      if (modules.get(at)!.startsWith('src/')) {
        owner = modules.get(at)!;
        break;
      }
    }
    if (owner === 'the browser') owner = `${nodes.get(id)!.callFrame.functionName} (browser)`;
    charged.set(owner, (charged.get(owner) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000 / keys);
  });
  return charged;
}

async function profileTyping(page: Page, cdp: CDPSession, editor: string, map: SourceMapConsumer) {
  await page.evaluate((name) => window.bench.focusEditor(name as 'composer', 'prose'), editor);
  const typeKeys = async (count: number) => {
    for (let i = 0; i < count; i++) {
      await page.keyboard.type(TYPED.charAt(i % TYPED.length));
      await page.evaluate(() => window.bench.takeLatency());
    }
  };
  await typeKeys(20);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  await typeKeys(KEYS);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  return chargeSamples(profile, map, KEYS);
}

const served = await serveBenchPage({ sourcemap: true });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  await page.goto(served.url);
  await page.waitForFunction(() => 'bench' in window);
  const cdp = await page.context().newCDPSession(page);
  const map = new SourceMapConsumer(await (await fetch(new URL('page.js.map', served.url))).json());
  await page.evaluate(() => window.bench.showChipDraft(50_000, 500));
  for (const editor of ['composer', 'bare']) {
    const charged = await profileTyping(page, cdp, editor, map);
    const total = [...charged.values()].reduce((sum, value) => sum + value, 0);
    const ours = [...charged].filter(([module]) => module.startsWith('src/'));
    const oursTotal = ours.reduce((sum, [, value]) => sum + value, 0);
    console.log(
      `\n${editor}: ${total.toFixed(2)} ms of script per key; this package's modules ${oursTotal.toFixed(2)}`,
    );
    for (const [module, value] of [...charged].sort((a, b) => b[1] - a[1])) {
      if (value >= 0.005) console.log(`  ${value.toFixed(3).padStart(6)} ms  ${module}`);
    }
  }
} finally {
  await browser.close();
  await served.close();
}
