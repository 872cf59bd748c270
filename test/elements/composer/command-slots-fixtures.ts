import type { CommandInfo } from '../../../src/core/index.js';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { clickEditor, composerFixture, press, type, waitFor } from './support.js';

/** The commands and the slot probes the command slot tests share. */
export const commands: CommandInfo[] = [
  {
    name: 'review',
    description: 'Review a change',
    arguments: [
      { name: 'target', required: true },
      { name: 'focus', options: ['security', 'performance', 'style'] },
    ],
  },
  { name: 'deploy', argumentHint: '<env> --dry-run [region]', source: 'builtin-command' },
  { name: 'move', arguments: [{ name: 'source' }, { name: 'destination' }] },
];

export const root = (composer: T3Composer) => composer.shadowRoot!;
export const token = (composer: T3Composer) =>
  root(composer).querySelector<HTMLElement>('.cm-content [part~="command"]');
export const slots = (composer: T3Composer) => [
  ...root(composer).querySelectorAll<HTMLElement>('.cm-content [part~="argument"]'),
];
export const activeSlot = (composer: T3Composer) =>
  root(composer).querySelector<HTMLElement>('.cm-content .cm-t3-argument-active')?.dataset.argument;
export const options = (composer: T3Composer) =>
  [...root(composer).querySelectorAll('[role="option"]')].map((option) => option.textContent!.trim());
export const notice = (composer: T3Composer) => root(composer).querySelector('[part~="notice"]')?.textContent ?? '';

export async function pick(name: string): Promise<T3Composer> {
  const composer = await composerFixture();
  composer.commands = commands;
  await clickEditor(composer);
  await type(`/${name.slice(0, 3)}`);
  await waitFor(() => options(composer).length === 1, 'the command in the menu');
  await press('Enter');
  await waitFor(() => token(composer) !== null, 'the command token');
  return composer;
}
