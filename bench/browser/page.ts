/**
 * The benchmark page: the package's elements (from `src/`, all registered) next to the baselines
 * they are compared with, bare CodeMirror 6 and `marked.parse` + `innerHTML`. The Node side drives
 * it through `window.bench`; every time is taken here with `performance.now()`, around the
 * synchronous work plus one animation frame in which layout is forced.
 */
import '../../src/define.js';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { Marked, type Tokens } from 'marked';
import type { T3Composer } from '../../src/composer.js';
import type { ContextRecord } from '../../src/core/index.js';
import type { T3ContextChip, T3UserMessage } from '../../src/message.js';
import { type ChatMessage, chatMessages, chipDraft, plainText } from './fixtures.js';

export type CycledElement = 'composer' | 'message' | 'chip';
export type EditorName = 'composer' | 'bare';

const log = byId('log');
const editors = byId('editors');
const cycles = byId('cycles');

function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} missing from the benchmark page`);
  return element;
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/** Lets pending microtasks (Lit updates) run without waiting for a frame. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

function forceLayout(): void {
  void document.body.offsetHeight;
}

/** Synchronous work, the microtasks it queued (Lit renders), then one frame with layout forced. */
async function timeUntilLaidOut(work: () => void): Promise<number> {
  const start = performance.now();
  work();
  await nextFrame();
  forceLayout();
  return performance.now() - start;
}

// ---- Messages ------------------------------------------------------------------------------

let messages: ChatMessage[] = [];

function prepareMessages(count: number): number {
  messages = chatMessages(count);
  return messages.reduce((sum, message) => sum + message.text.length, 0);
}

function mountMessages(): Promise<number> {
  return timeUntilLaidOut(() => {
    for (const message of messages) {
      const element = document.createElement('t3-user-message');
      element.text = message.text;
      element.context = message.context;
      log.append(element);
    }
  });
}

/** Every message updates again with the very same input. */
function rerenderMessages(): Promise<number> {
  const elements = [...log.children] as T3UserMessage[];
  return timeUntilLaidOut(() => {
    for (const element of elements) element.requestUpdate();
  });
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (character) => escapes[character]!);

/** The baseline's chips: `t3-context` links become plain spans in the same parse. */
function chipSpan(token: Tokens.Link | Tokens.Image): string | false {
  return token.href.startsWith('t3-context:') ? `<span class="chip">${escapeHtml(token.text)}</span>` : false;
}

const baselineMarkdown = new Marked({ gfm: true, renderer: { link: chipSpan, image: chipSpan } });

const baselineSheet = new CSSStyleSheet();
baselineSheet.replaceSync(`
  :host { display: block; margin-block: 8px; padding: 8px 12px; border-radius: 12px; background: #f2f2f2; font: 14px/1.5 system-ui, sans-serif; }
  .chip { display: inline-flex; padding: 0 6px; border: 1px solid #ccd; border-radius: 6px; background: #eef; }
  pre { overflow: auto; }
`);

function mountBaselineMessages(): Promise<number> {
  return timeUntilLaidOut(() => {
    for (const message of messages) {
      const element = document.createElement('div');
      const root = element.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = [baselineSheet];
      root.innerHTML = baselineMarkdown.parse(message.text) as string;
      log.append(element);
    }
  });
}

function clearMessages(): Promise<void> {
  log.replaceChildren();
  return nextFrame();
}

/** Takes the mounted messages out of the document (kept, to put back) or puts them back. */
function setMessagesAttached(attached: boolean): Promise<void> {
  if (attached) editors.before(log);
  else log.remove();
  return nextFrame().then(nextFrame);
}

// ---- Editors and key latency -----------------------------------------------------------------

let composer: T3Composer | undefined;
let bare: EditorView | undefined;
let bareHost: HTMLElement | undefined;

const bareSheet = new CSSStyleSheet();
bareSheet.replaceSync(`
  .cm-editor { max-block-size: 12em; font: 14px/1.5 system-ui, sans-serif; border: 1px solid #ccc; border-radius: 8px; }
  .cm-scroller { overflow: auto; line-height: inherit; font: inherit; }
  .cm-content { padding: 0.55em 0.75em; }
`);

async function showComposer(text: string, records: readonly ContextRecord[]): Promise<void> {
  composer?.remove();
  composer = document.createElement('t3-composer');
  composer.label = 'Message';
  composer.value = { text, records: [...records] };
  composer.addEventListener('input', draftUpdated);
  editors.append(composer);
  await composer.updateComplete;
  await nextFrame();
}

function bareState(text: string): EditorState {
  return EditorState.create({
    doc: text,
    extensions: [
      history(),
      EditorView.lineWrapping,
      keymap.of([...historyKeymap, ...defaultKeymap]),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) draftUpdated();
      }),
    ],
  });
}

/** Bare CodeMirror 6 in a shadow root of its own, like the composer's, with the same height limit. */
async function showBareEditor(text: string): Promise<void> {
  removeBareEditor();
  const host = document.createElement('div');
  bareHost = host;
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [bareSheet];
  editors.append(host);
  bare = new EditorView({ state: bareState(text), parent: root, root });
  await nextFrame();
}

function removeBareEditor(): void {
  bare?.destroy();
  bareHost?.remove();
  bare = undefined;
  bareHost = undefined;
}

function resetEditors(): Promise<void> {
  if (composer) composer.value = { text: '', records: [] };
  bare?.setState(bareState(''));
  return nextFrame();
}

function editorView(name: EditorName): EditorView {
  if (name === 'bare') {
    if (!bare) throw new Error('no bare editor shown');
    return bare;
  }
  const content = composer?.shadowRoot?.querySelector<HTMLElement>('.cm-content');
  const view = content && EditorView.findFromDOM(content);
  if (!view) throw new Error('no composer editor mounted');
  return view;
}

/** Where typing happens: in prose amid chips, right before a chip, or at the end of the draft. */
export type CaretPlace = 'prose' | 'before-chip' | 'end';

const LINK_CHARACTERS = /[[\]()]/;

/** In the middle of the draft, inside prose with no link within 20 characters either side. */
function proseCaret(text: string): number {
  for (let at = text.indexOf(' ', text.length >> 1); at > 0; at = text.indexOf(' ', at + 1)) {
    if (!LINK_CHARACTERS.test(text.slice(Math.max(0, at - 20), at + 20))) return at;
  }
  return text.length;
}

/** The start of the first chip after the middle of the draft. */
function beforeChipCaret(text: string): number {
  const at = text.indexOf('[', text.length >> 1);
  return at < 0 ? text.length : at;
}

function caretPosition(view: EditorView, place: CaretPlace): number {
  const text = view.state.doc.toString();
  if (place === 'prose') return proseCaret(text);
  if (place === 'before-chip') return beforeChipCaret(text);
  return text.length;
}

/** Focuses an editor with the caret at `place` (found again in the current text), scrolled into view. */
async function focusEditor(name: EditorName, place: CaretPlace): Promise<void> {
  const view = editorView(name);
  view.focus();
  view.dispatch({ selection: { anchor: caretPosition(view, place) }, scrollIntoView: true });
  await nextFrame();
}

/** One key press: keydown to the draft's DOM update, and keydown to the laid-out frame after it. */
export interface KeyLatency {
  toUpdate: number;
  toFrame: number;
}

let keydownAt: number | undefined;
const latencies: KeyLatency[] = [];
const latencyWaiters: ((latency: KeyLatency) => void)[] = [];

window.addEventListener('keydown', () => (keydownAt = performance.now()), true);

/** The draft changed in the DOM: the key's latency ends in the next frame, once layout is done. */
function draftUpdated(): void {
  const start = keydownAt;
  if (start === undefined) return;
  keydownAt = undefined;
  const toUpdate = performance.now() - start;
  requestAnimationFrame(() => {
    forceLayout();
    const latency = { toUpdate, toFrame: performance.now() - start };
    const waiter = latencyWaiters.shift();
    if (waiter) waiter(latency);
    else latencies.push(latency);
  });
}

/** The latency of the next key press that changed a draft, once it is known. */
function takeLatency(timeoutMs = 10_000): Promise<KeyLatency> {
  const ready = latencies.shift();
  if (ready !== undefined) return Promise.resolve(ready);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('a key press did not change the draft')), timeoutMs);
    latencyWaiters.push((latency) => {
      clearTimeout(timer);
      resolve(latency);
    });
  });
}

/** Puts `chars` of plain text on the system clipboard, for a real Ctrl+V. */
async function copyPlainText(chars: number): Promise<number> {
  const text = plainText(chars);
  await navigator.clipboard.writeText(text);
  return text.length;
}

function draftLength(name: EditorName): number {
  return editorView(name).state.doc.length;
}

// ---- Mount/unmount cycles ----------------------------------------------------------------------

const cycleMessage = chatMessages(1, 5, 99)[0]!;
const cycleDraft = chipDraft(600, 3, 5);

function createCycledElement(kind: CycledElement): HTMLElement & { updateComplete: Promise<boolean> } {
  if (kind === 'composer') {
    const element = document.createElement('t3-composer');
    element.value = { text: cycleDraft.text, records: [...cycleDraft.records] };
    return element;
  }
  if (kind === 'message') {
    const element = document.createElement('t3-user-message');
    element.text = cycleMessage.text;
    element.context = cycleMessage.context;
    return element;
  }
  const record = cycleMessage.context.records[0]!;
  const element: T3ContextChip = document.createElement('t3-context-chip');
  element.kind = record.kind;
  element.contextId = record.contextId;
  element.label = record.label;
  element.record = record;
  return element;
}

/** Mounts, renders and removes `count` elements one after another; a frame every few so observers run. */
async function mountUnmountCycles(kind: CycledElement, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const element = createCycledElement(kind);
    cycles.append(element);
    await element.updateComplete;
    await yieldToEventLoop();
    element.remove();
    if (i % 25 === 24) await nextFrame();
  }
  await nextFrame();
  await nextFrame();
}

// ---- The page's API ----------------------------------------------------------------------------

const api = {
  prepareMessages,
  mountMessages,
  rerenderMessages,
  mountBaselineMessages,
  clearMessages,
  setMessagesAttached,
  messageCount: () => log.children.length,
  showComposer,
  showBareEditor,
  showChipDraft: async (chars: number, chips: number) => {
    const draft = chipDraft(chars, chips);
    await showComposer(draft.text, draft.records);
    await showBareEditor(draft.text);
    return { chars: draft.text.length, chips: draft.records.length };
  },
  showShortDraft: async () => {
    const draft = chipDraft(300, 2, 3);
    removeBareEditor();
    await showComposer(draft.text, draft.records);
  },
  resetEditors,
  focusEditor,
  draftLength,
  takeLatency,
  copyPlainText,
  mountUnmountCycles,
  chipCount: () => composer?.shadowRoot?.querySelectorAll('t3-context-chip').length ?? 0,
};

export type BenchApi = typeof api;

declare global {
  interface Window {
    bench: BenchApi;
  }
}

window.bench = api;
