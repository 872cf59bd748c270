import { expect } from '@open-wc/testing';
import type { CommandInfo } from '../../../src/core/index.js';
import { clickEditor, composerFixture, press, submissions, type, waitFor } from './support.js';

/** The command annotation sent says what the text says: a picked subcommand edited away is not in its path. */

const commands: CommandInfo[] = [
  { name: 'theme', description: 'Change theme', subcommands: ['light', 'dark'], source: 'builtin-command' },
];

const options = (root: ShadowRoot) => [...root.querySelectorAll('[role="option"]')].map((option) => option.textContent);

async function pickThemeLight() {
  const composer = await composerFixture();
  composer.commands = commands;
  await clickEditor(composer);
  await type('/th');
  await waitFor(() => options(composer.shadowRoot!).length === 1, 'the command');
  await press('Enter');
  await waitFor(() => options(composer.shadowRoot!).length === 2, 'the subcommands');
  await press('Enter');
  expect(composer.value.text).to.equal('/theme light ');
  return composer;
}

/** Sends with Enter (a first Enter may pick from a menu still open) and gives the command annotation's path. */
async function sentPath(composer: Awaited<ReturnType<typeof pickThemeLight>>, sent: ReturnType<typeof submissions>) {
  for (let tries = 0; tries < 3 && sent.length === 0; tries++) {
    await press('Enter');
    await composer.updateComplete;
  }
  const command = sent[0]!.inputAnnotations.find((annotation) => annotation.type === 'command');
  return command && 'subcommandPath' in command ? command.subcommandPath : undefined;
}

describe('<t3-composer> command path', () => {
  it('cleared and typed again with another subcommand: the old pick is not sent', async () => {
    const composer = await pickThemeLight();
    const sent = submissions(composer);
    await press('Control+a');
    await press('Backspace');
    await type('/theme dark');
    await press('Escape');
    const path = await sentPath(composer, sent);
    expect(sent[0]!.text).to.equal('/theme dark');
    expect(path ?? []).to.not.include('light');
  });

  it('a picked subcommand edited in place leaves the path', async () => {
    const composer = await pickThemeLight();
    const sent = submissions(composer);
    await press('Backspace', 6);
    await type('dark now');
    await press('Escape');
    const path = await sentPath(composer, sent);
    expect(sent[0]!.text).to.equal('/theme dark now');
    expect(path ?? []).to.deep.equal([]);
  });

  it('text added after a picked subcommand keeps it', async () => {
    const composer = await pickThemeLight();
    const sent = submissions(composer);
    await type('please');
    expect(await sentPath(composer, sent)).to.deep.equal(['light']);
  });
});
