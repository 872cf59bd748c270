import { fixture, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../src/define.js';
import type {
  ComposerSubmitDetail,
  DraftStorage,
  StoredDrafts,
  T3Composer,
} from '../../../src/elements/composer/composer.js';
import type { T3ContextChip } from '../../../src/elements/context-chip/context-chip.js';
import { centre } from '../support/interaction.js';
export { centre, waitFor } from '../support/interaction.js';

export async function composerFixture(
  template = html`<t3-composer label="Message"></t3-composer>`,
): Promise<T3Composer> {
  const composer = await fixture<T3Composer>(template);
  await composer.updateComplete;
  return composer;
}

/** Every `t3-submit` detail the composer fires from now on. */
export function submissions(composer: T3Composer): ComposerSubmitDetail[] {
  const list: ComposerSubmitDetail[] = [];
  composer.addEventListener('t3-submit', (event) => list.push(event.detail));
  return list;
}

export function content(composer: T3Composer): HTMLElement {
  return composer.shadowRoot!.querySelector('.cm-content')!;
}

export function chips(composer: T3Composer): T3ContextChip[] {
  return [...composer.shadowRoot!.querySelectorAll('.cm-content t3-context-chip')] as T3ContextChip[];
}

/** Clicks into the editor at the end of its text, as a person would. */
export async function clickEditor(composer: T3Composer): Promise<void> {
  const rect = content(composer).getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(rect.right - 4), Math.round(rect.bottom - 6)] });
}

export async function type(text: string): Promise<void> {
  await sendKeys({ type: text });
}

export async function press(key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await sendKeys({ press: key });
}

export async function imeCompose(text: string): Promise<void> {
  await executeServerCommand('ime-set-composition', { text });
}

export async function imeCommit(text: string): Promise<void> {
  await executeServerCommand('ime-insert-text', { text });
}

/** The mounted editor's main selection, read from outside as a test must (no public API has it). */
function mainSelection(composer: T3Composer): { from: number; to: number; head: number } {
  type Internals = {
    session: { view: { state: { selection: { main: { from: number; to: number; head: number } } } } };
  };
  return (composer as unknown as Internals).session.view.state.selection.main;
}

/** The caret offset in the canonical text. */
export function caret(composer: T3Composer): number {
  return mainSelection(composer).head;
}

/** Every caret position reached walking the line from its end: 30 presses of ← then 30 of →, as a person would. */
export async function caretPositionsAcrossLine(composer: T3Composer): Promise<Set<number>> {
  await press('End');
  const seen = new Set<number>([caret(composer)]);
  for (const key of ['ArrowLeft', 'ArrowRight']) {
    for (let step = 0; step < 30; step++) {
      await press(key);
      seen.add(caret(composer));
    }
  }
  return seen;
}

export function selection(composer: T3Composer): { from: number; to: number } {
  const { from, to } = mainSelection(composer);
  return { from, to };
}

/** A real one-pixel PNG. */
export function pngFile(name = 'shot.png'): File {
  const bytes = Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
    (c) => c.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}

export function thumbnails(composer: T3Composer): HTMLElement[] {
  return [...composer.shadowRoot!.querySelectorAll<HTMLElement>('[part~="attachment"]')];
}

/** Clicks a thumbnail's remove button, and answers Remove when the shelf asks. */
export async function removeThumbnail(composer: T3Composer, index = 0): Promise<void> {
  const shadow = composer.shadowRoot!;
  await sendMouse({
    type: 'click',
    position: centre(thumbnails(composer)[index]!.querySelector('.remove-attachment')!),
  });
  await composer.updateComplete;
  const confirm = shadow.querySelector('.confirm-remove');
  if (confirm) await sendMouse({ type: 'click', position: centre(confirm) });
  await composer.updateComplete;
}

/** Android keyboards recompose a word already typed: the replacement range is in the editable's text. */
export async function imeRecompose(text: string, replacementStart: number, replacementEnd: number): Promise<void> {
  await executeServerCommand('ime-set-composition', { text, replacementStart, replacementEnd });
}

/** The deletion an Android keyboard sends: keyCode 229 and `deleteContentBackward`, no Backspace key. */
export async function imeDeleteBackward(): Promise<void> {
  await executeServerCommand('ime-delete-backward');
}

/** A composer in the document saving under `key` in `storage`, set before it connects (so it loads from there). */
export async function storedComposer(key: string, storage: DraftStorage): Promise<T3Composer> {
  const composer = document.createElement('t3-composer');
  composer.label = 'Message';
  composer.draftStorage = storage;
  composer.draftKey = key;
  document.body.append(composer);
  await composer.updateComplete;
  return composer;
}

/** A store in memory that records what it was given (structured-cloned, as a real store keeps it). */
export function memoryStorage(): DraftStorage & { saved: Map<string, StoredDrafts> } {
  const saved = new Map<string, StoredDrafts>();
  return {
    saved,
    load: async (key) => (saved.has(key) ? structuredClone(saved.get(key)!) : undefined),
    save: async (key, stored) => void saved.set(key, structuredClone(stored)),
    remove: async (key) => void saved.delete(key),
  };
}
