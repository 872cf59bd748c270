/** The peer editors on the benchmark page, each holding the same draft as our composer. */
import { type CaretPlace, caretOffset } from '../carets.js';
import { type DraftModel, draftModel, inlineCaret } from './draft-model.js';
import { createLexical } from './lexical.js';
import type { PeerEditor, PeerFactory } from './peer-editor.js';
import { createTiptap } from './tiptap.js';

export type PeerName = 'tiptap' | 'lexical';
export const PEER_NAMES: readonly PeerName[] = ['tiptap', 'lexical'];

const factories: Record<PeerName, PeerFactory> = { tiptap: createTiptap, lexical: createLexical };

interface Shown {
  editor: PeerEditor;
  /** Our text of the draft it shows: carets are found in it, as in ours. */
  source: string;
}

const shown = new Map<PeerName, Shown>();

export function isPeer(name: string): name is PeerName {
  return (PEER_NAMES as readonly string[]).includes(name);
}

/** Mounts every peer (again) in `parent`, showing `text` with its references as chips. */
export function showPeers(parent: HTMLElement, text: string, changed: () => void): void {
  const model = draftModel(text);
  for (const name of PEER_NAMES) {
    shown.get(name)?.editor.destroy();
    const host = document.createElement('div');
    host.dataset.peer = name;
    parent.append(host);
    const editor = factories[name](host, changed);
    editor.setContent(model);
    shown.set(name, { editor, source: text });
  }
}

export function peer(name: PeerName): PeerEditor {
  const entry = shown.get(name);
  if (!entry) throw new Error(`${name} is not shown`);
  return entry.editor;
}

export function focusPeer(name: PeerName, place: CaretPlace): void {
  const { editor, source } = shown.get(name) ?? { editor: peer(name), source: '' };
  editor.focusAt(place === 'end' ? 'end' : inlineCaret(source, caretOffset(source, place)));
}

export function resetPeers(): void {
  for (const entry of shown.values()) {
    entry.editor.clear();
    entry.source = '';
  }
}

/** A draft prepared ahead of a timed value set, so parsing our text is not timed for the peers. */
export function peerDraft(text: string): DraftModel {
  return draftModel(text);
}

export function setPeerContent(name: PeerName, text: string, model: DraftModel): void {
  const entry = shown.get(name);
  if (!entry) throw new Error(`${name} is not shown`);
  entry.editor.setContent(model);
  entry.source = text;
}
