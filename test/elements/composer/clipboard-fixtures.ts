import { fixture, html } from '@open-wc/testing';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import type { DraftStorage } from '../../../src/elements/composer/saved-drafts/draft-storage.js';
import { clickEditor, composerFixture, content, pngFile, press } from './support.js';
import { nextClipboardWrite } from '../support/interaction.js';

export interface TwoComposersOptions {
  /** The target's environment (the source's is `env-a`). */
  environmentId?: string;
  resolveAsset?: T3Composer['resolveAsset'];
  upload?: T3Composer['uploadAttachment'];
  /** Stores the target's draft under the key `paste-target`. */
  storage?: DraftStorage;
}

/** A source composer in `env-a` and a target to paste into. */
export async function twoComposers(options: TwoComposersOptions = {}) {
  const root = await fixture<HTMLDivElement>(html`<div>
    <t3-composer id="source" label="source" environment-id="env-a"></t3-composer>
    <t3-composer
      id="target"
      label="target"
      environment-id=${options.environmentId ?? 'env-a'}
      .resolveAsset=${options.resolveAsset}
      .uploadAttachment=${options.upload}
      .draftStorage=${options.storage}
      .draftKey=${options.storage ? 'paste-target' : undefined}
    ></t3-composer>
  </div>`);
  const source = root.querySelector<T3Composer>('#source')!;
  const target = root.querySelector<T3Composer>('#target')!;
  await Promise.all([source.updateComplete, target.updateComplete]);
  return { source, target };
}

/** Selects all of the source composer and copies it with the keyboard. */
export async function copyAll(source: T3Composer): Promise<Record<string, string>> {
  await clickEditor(source);
  await press('Control+a');
  const written = nextClipboardWrite('copy');
  await press('Control+c');
  return written;
}

export function pasteSynthetic(target: T3Composer, data: DataTransfer): void {
  // Files cannot be put on the headless clipboard: a constructed ClipboardEvent (SPEC §10).
  content(target).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
}

/** A composer, clicked into, with one pasted image: its thumbnail and its chip. */
export async function composerWithPastedImage(): Promise<T3Composer> {
  const composer = await composerFixture();
  await clickEditor(composer);
  const data = new DataTransfer();
  data.items.add(pngFile());
  pasteSynthetic(composer, data);
  await composer.updateComplete;
  return composer;
}
