/**
 * The benchmark page: the package's elements (from `src/`, all registered) next to the baselines
 * they are compared with, bare CodeMirror 6 and the message renderers of `message-baselines.ts`. The Node side drives
 * it through `window.bench`; every time is taken here with `performance.now()`, around the
 * synchronous work plus one animation frame in which layout is forced.
 */
import '../../src/define.js';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import type { T3Composer } from '../../src/composer.js';
import { type ContextRecord, collectContextReferences } from '../../src/core/index.js';
import type { T3ContextChip, T3UserMessage } from '../../src/message.js';
import { type CaretPlace, caretOffset } from './carets.js';
import { discardLatencies, draftUpdated, type KeyLatency, takeLatency } from './latency.js';
import { type ChatMessage, type ChipDraft, chatMessages, chipDraft, plainText } from './fixtures.js';
import type { DraftModel } from './peers/draft-model.js';
import { transcriptApi } from './transcript.js';
import {
  baselineChipCount,
  clearBaselines,
  type MessageBaseline,
  mountBaseline,
  prepareMessageBaselines,
} from './message-baselines.js';
import {
  focusPeer,
  isPeer,
  type PeerName,
  peer,
  peerDraft,
  resetPeers,
  setPeerContent,
  showPeers,
} from './peers/peers.js';

export type CycledElement = 'composer' | 'message' | 'chip';
/** Our composer, and the editors it is measured against. */
export type EditorName = 'composer' | 'bare' | PeerName;
export type { CaretPlace, KeyLatency };

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

async function prepareMessages(count: number): Promise<number> {
  await prepareMessageBaselines();
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

/** Every message mounted by `baseline`, timed as ours are; returns the time and the chips drawn. */
async function mountBaselineMessages(baseline: MessageBaseline): Promise<{ time: number; chips: number }> {
  const texts = messages.map((message) => message.text);
  const time = await timeUntilLaidOut(() => mountBaseline(baseline, log, texts));
  return { time, chips: baselineChipCount(log) };
}

function clearMessages(): Promise<void> {
  clearBaselines();
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
  // Long pastes stay text, as in the other editors, instead of becoming a file chip.
  composer.pasteFileLines = 0;
  composer.pasteFileChars = 0;
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
  resetPeers();
  return nextFrame();
}

function editorView(name: 'composer' | 'bare'): EditorView {
  if (name === 'bare') {
    if (!bare) throw new Error('no bare editor shown');
    return bare;
  }
  const content = composer?.shadowRoot?.querySelector<HTMLElement>('.cm-content');
  const view = content && EditorView.findFromDOM(content);
  if (!view) throw new Error('no composer editor mounted');
  return view;
}

/** Focuses an editor with the caret at `place` (found again in the current text), scrolled into view. */
async function focusEditor(name: EditorName, place: CaretPlace): Promise<void> {
  discardLatencies();
  if (isPeer(name)) {
    focusPeer(name, place);
  } else {
    const view = editorView(name);
    view.focus();
    view.dispatch({ selection: { anchor: caretOffset(view.state.doc.toString(), place) }, scrollIntoView: true });
  }
  await nextFrame();
}

/** Selects the whole draft of an editor, focused, for a real Ctrl+C. */
async function selectAllIn(name: EditorName): Promise<void> {
  if (isPeer(name)) {
    peer(name).selectAll();
  } else {
    const view = editorView(name);
    view.focus();
    view.dispatch({ selection: { anchor: 0, head: view.state.doc.length } });
  }
  await nextFrame();
}

function chipsIn(name: EditorName): number {
  return isPeer(name) ? peer(name).chipCount() : collectContextReferences(editorView(name).state.doc.toString()).length;
}

/** Drafts built ahead of a timed value set, so building the input is not timed: ours, and the peers' model of it. */
const prepared = new Map<string, { draft: ChipDraft; model: DraftModel }>();

function prepareDraft(key: string, chars: number, chips: number, seed: number): number {
  const draft = chipDraft(chars, chips, seed);
  prepared.set(key, { draft, model: peerDraft(draft.text) });
  return draft.text.length;
}

/** Sets a prepared draft as an editor's value, in the editor's own input format. */
function applyDraft(name: EditorName, key: string): void {
  discardLatencies();
  const entry = prepared.get(key);
  if (!entry) throw new Error(`no draft ${key} prepared`);
  const { draft, model } = entry;
  if (isPeer(name)) setPeerContent(name, draft.text, model);
  else if (name === 'bare') bare?.setState(bareState(draft.text));
  else if (composer) composer.value = { text: draft.text, records: [...draft.records] };
}

function loadDraft(name: EditorName, key: string): Promise<void> {
  applyDraft(name, key);
  return nextFrame();
}

/** A value set until it is rendered and laid out. */
function timeDraftSet(name: EditorName, key: string): Promise<number> {
  return timeUntilLaidOut(() => applyDraft(name, key));
}

function clearEditor(name: EditorName): Promise<void> {
  discardLatencies();
  if (isPeer(name)) peer(name).clear();
  else if (name === 'bare') bare?.setState(bareState(''));
  else if (composer) composer.value = { text: '', records: [] };
  return nextFrame();
}

/** Puts `chars` of plain text on the system clipboard, for a real Ctrl+V. */
async function copyPlainText(chars: number): Promise<number> {
  const text = plainText(chars);
  await navigator.clipboard.writeText(text);
  return text.length;
}

function draftLength(name: EditorName): number {
  return isPeer(name) ? peer(name).textLength() : editorView(name).state.doc.length;
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
    showPeers(editors, draft.text, draftUpdated);
    await nextFrame();
    return { chars: draft.text.length, chips: draft.records.length };
  },
  showEmptyEditors: async () => {
    await showComposer('', []);
    await showBareEditor('');
    showPeers(editors, '', draftUpdated);
    await nextFrame();
  },
  selectAllIn,
  chipsIn,
  prepareDraft,
  loadDraft,
  timeDraftSet,
  clearEditor,
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
  ...transcriptApi,
};

export type BenchApi = typeof api;

declare global {
  interface Window {
    bench: BenchApi;
  }
}

window.bench = api;
