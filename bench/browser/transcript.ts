/**
 * The long transcript of the benchmark page: the demo's own transcript (`demo/src/transcript.ts`:
 * its entries, the window of newest entries it keeps with earlier ones added as the reader
 * scrolls up, its scroll to the newest) showing a thread of user messages, each followed by the
 * simulated assistant's reply as the reference host makes it, styled by the demo's transcript
 * rules (copied from demo/demo.css by bench/browser/serve.ts). The Node side mounts it, takes it
 * out of the document and back, and appends one more exchange while watching frames and long tasks.
 */
import { appendExchange, renderTranscript } from '../../demo/src/transcript.js';
import type { ThreadMessage, UserMessage } from '../../server/api-types.js';
import { simulateAssistantReply } from '../../server/assistant.js';
import { type ChatMessage, chatMessages } from './fixtures.js';

const list = document.getElementById('transcript') as HTMLOListElement;
const place = document.getElementById('transcript-place') as HTMLElement;

let thread: ThreadMessage[] = [];
/** Messages kept aside to append, different from the mounted ones. */
let extra: UserMessage[] = [];

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

function userMessage(message: ChatMessage, index: number): UserMessage {
  return {
    id: `msg_${index}`,
    threadId: 'bench',
    createdAt: new Date(index * 60_000).toISOString(),
    role: 'user',
    text: message.text,
    context: message.context,
    prompt: null,
    inputAnnotations: [],
    attachments: [],
  };
}

function scrollToNewest(): void {
  list.scrollTop = list.scrollHeight;
}

/** Builds the thread ahead of mounting (messages and replies), so its data is in the heap before it is measured. */
function prepareTranscript(count: number): number {
  const all = chatMessages(count + 16, 5, 23).map(userMessage);
  thread = all.slice(0, count).flatMap((message) => [message, simulateAssistantReply(message)]);
  extra = all.slice(count);
  return all.slice(0, count).reduce((sum, message) => sum + message.text.length, 0);
}

/** Shows the thread as the demo does, rendered and scrolled to the newest; the milliseconds it took. */
async function mountTranscript(): Promise<number> {
  const start = performance.now();
  await renderTranscript(list, thread);
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

export interface TaskTiming {
  /** The longest time between two frames from just before the task until what it did is shown. */
  longestFrameGap: number;
  /** Durations of the long tasks (over 50 ms) the Long Tasks API saw in that time. */
  longTasks: number[];
  /** The task → rendered (messages and chips) → scrolled → next frame. */
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
 * Runs `act` in a task of its own (as a host's answer or a scroll would arrive) and counts frames
 * until what it returns has settled, then two frames more: the longest gap between two frames and
 * the long tasks the Long Tasks API saw meanwhile.
 */
async function watchTask(act: () => Promise<void>): Promise<TaskTiming> {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((entries) => {
    for (const task of entries.getEntries()) longTasks.push(task.duration);
  });
  observer.observe({ type: 'longtask' });
  const frames: number[] = [];
  const stop = watchFrames((at) => frames.push(at));
  await nextFrame();
  await nextFrame();
  const { start, done } = await new Promise<{ start: number; done: Promise<void> }>((resolve) =>
    setTimeout(() => resolve({ start: performance.now(), done: act() })),
  );
  await done;
  await nextFrame();
  const toShown = performance.now() - start;
  await nextFrame();
  await nextFrame();
  stop();
  for (const task of observer.takeRecords()) longTasks.push(task.duration);
  observer.disconnect();
  const gaps = frames.slice(1).map((at, i) => at - frames[i]!);
  return { longestFrameGap: Math.max(...gaps), longTasks, toShown };
}

/** Appends one more exchange (a message and its reply, as the demo does once the host made them), then removes it. */
async function appendToTranscript(index: number): Promise<TaskTiming> {
  const message = { ...extra[index % extra.length]!, id: `msg_extra_${index}` };
  const timing = await watchTask(() => appendExchange(list, message, simulateAssistantReply(message)));
  list.lastElementChild!.remove();
  list.lastElementChild!.remove();
  await nextFrame();
  return timing;
}

/** Scrolls to the top of what is shown, until the transcript has added earlier entries; then back to the newest. */
async function scrollIntoEarlier(): Promise<TaskTiming> {
  const before = transcriptEntries();
  const timing = await watchTask(async () => {
    list.scrollTop = 0;
    for (let frames = 0; frames < 300 && transcriptEntries() === before; frames++) await nextFrame();
  });
  scrollToNewest();
  await nextFrame();
  return timing;
}

/** Messages and replies in the document. */
const transcriptEntries = () => list.querySelectorAll('li.entry.user, li.entry.assistant').length;

async function clearTranscript(): Promise<void> {
  await renderTranscript(list, []);
  list.replaceChildren();
  return nextFrame();
}

export const transcriptApi = {
  prepareTranscript,
  mountTranscript,
  setTranscriptAttached,
  appendToTranscript,
  scrollIntoEarlier,
  clearTranscript,
  transcriptEntries,
};
