/**
 * The long transcript of the benchmark page: `<t3-user-message>` entries in an `<ol>` styled as the
 * demo's transcript (its `.entry` rule, `content-visibility: auto` included, is copied from
 * demo/demo.css into the page by bench/browser/serve.ts), scrolled to the newest entry as the demo
 * keeps it. The Node side mounts it, takes it out of the document and back, and appends one more
 * message while watching frames and long tasks.
 */
import type { T3UserMessage } from '../../src/message.js';
import { type ChatMessage, chatMessages } from './fixtures.js';

const list = document.getElementById('transcript') as HTMLOListElement;
const place = document.getElementById('transcript-place') as HTMLElement;

let messages: ChatMessage[] = [];
/** Messages kept aside to append, different from the mounted ones. */
let extra: ChatMessage[] = [];

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

function entry(message: ChatMessage): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'entry user';
  const element = document.createElement('t3-user-message');
  element.text = message.text;
  element.context = message.context;
  item.append(element);
  return item;
}

/** Waits until the messages and the chips in them have rendered. */
async function rendered(elements: readonly T3UserMessage[]): Promise<void> {
  await Promise.all(elements.map((element) => element.updateComplete));
  const chips = elements.flatMap((element) => [
    ...(element.shadowRoot?.querySelectorAll<HTMLElement & { updateComplete: Promise<boolean> }>('t3-context-chip') ??
      []),
  ]);
  await Promise.all(chips.map((chip) => chip.updateComplete));
}

function scrollToNewest(): void {
  list.scrollTop = list.scrollHeight;
}

/** Builds the messages ahead of mounting, so their data is in the heap before it is measured. */
function prepareTranscript(count: number): number {
  const all = chatMessages(count + 16, 5, 23);
  messages = all.slice(0, count);
  extra = all.slice(count);
  return messages.reduce((sum, message) => sum + message.text.length, 0);
}

/** Mounts every prepared message at once and waits until all have rendered; the milliseconds it took. */
async function mountTranscript(): Promise<number> {
  const start = performance.now();
  list.replaceChildren(...messages.map(entry));
  await rendered([...list.querySelectorAll('t3-user-message')]);
  await nextFrame();
  scrollToNewest();
  await nextFrame();
  return performance.now() - start;
}

/** Takes the transcript out of the document (kept in memory, to put back) or puts it back, scrolled to the end. */
async function setTranscriptAttached(attached: boolean): Promise<void> {
  if (attached) place.append(list);
  else list.remove();
  await nextFrame();
  if (attached) scrollToNewest();
  await nextFrame();
  await nextFrame();
}

export interface AppendTiming {
  /** The longest time between two frames from just before the append until the message is shown. */
  longestFrameGap: number;
  /** Durations of the long tasks (over 50 ms) the Long Tasks API saw in that time. */
  longTasks: number[];
  /** Append → rendered (message and chips) → scrolled → next frame. */
  toShown: number;
}

/** Calls `onFrame` with the time of every frame until the returned function is called. */
function watchFrames(onFrame: (at: number) => void): () => void {
  let watching = true;
  const watch = () => {
    onFrame(performance.now());
    if (watching) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  return () => (watching = false);
}

/**
 * Appends one more message to the mounted ones, in a task of its own as a reply from the host
 * would arrive, and scrolls to it once rendered, while frames are counted; then takes it out again.
 */
async function appendToTranscript(index: number): Promise<AppendTiming> {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((entries) => {
    for (const task of entries.getEntries()) longTasks.push(task.duration);
  });
  observer.observe({ type: 'longtask' });
  const frames: number[] = [];
  const stop = watchFrames((at) => frames.push(at));
  await nextFrame();
  await nextFrame();
  const item = entry(extra[index % extra.length]!);
  const start = await new Promise<number>((resolve) =>
    setTimeout(() => {
      const at = performance.now();
      list.append(item);
      resolve(at);
    }),
  );
  await rendered([item.firstElementChild as T3UserMessage]);
  await nextFrame();
  scrollToNewest();
  await nextFrame();
  const toShown = performance.now() - start;
  await nextFrame();
  await nextFrame();
  stop();
  for (const task of observer.takeRecords()) longTasks.push(task.duration);
  observer.disconnect();
  item.remove();
  await nextFrame();
  const gaps = frames.slice(1).map((at, i) => at - frames[i]!);
  return { longestFrameGap: Math.max(...gaps), longTasks, toShown };
}

function clearTranscript(): Promise<void> {
  list.replaceChildren();
  return nextFrame();
}

export const transcriptApi = {
  prepareTranscript,
  mountTranscript,
  setTranscriptAttached,
  appendToTranscript,
  clearTranscript,
  transcriptCount: () => list.children.length,
};
