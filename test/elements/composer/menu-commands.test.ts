import { expect, html } from '@open-wc/testing';
import type { CommandInfo } from '../../../src/core/index.js';
import { file } from '../../../support/records.js';
import { clickEditor, composerFixture, press, submissions, type, waitFor } from './support.js';
import { files, menu, optionLabels } from './menu-fixtures.js';

describe('<t3-composer> slash commands', () => {
  const commands: CommandInfo[] = [
    { name: 'help', description: 'Show help', source: 'builtin-command' },
    { name: 'review', description: 'Review code', source: 'skill', argumentHint: '<path>' },
    { name: 'theme', description: 'Change theme', subcommands: ['light', 'dark'], displayCategory: 'system' },
    { name: 'deploy', description: 'Deploy the app' },
  ];

  it('shows a command’s name whole, and shortens its description instead', async () => {
    const composer = await composerFixture();
    composer.commands = [
      {
        name: 'compact',
        argumentHint: '[instructions]',
        description: 'Compact the conversation so far into a short summary that keeps the decisions made',
      },
    ];
    await clickEditor(composer);
    await type('/comp');
    await waitFor(() => optionLabels(composer).length === 1, 'the command');
    const option = composer.shadowRoot!.querySelector('[role="option"]')!;
    const name = option.querySelector<HTMLElement>('.option-label')!;
    const description = option.querySelector<HTMLElement>('.option-description')!;
    expect(name.textContent).to.equal('/compact');
    expect(name.scrollWidth, 'the name is not cut').to.be.at.most(name.clientWidth);
    expect(description.scrollWidth, 'the description is cut').to.be.greaterThan(description.clientWidth);
  });

  it('opens at the start of the draft with categories in order and argument hints', async () => {
    const composer = await composerFixture(html`<t3-composer label="m"></t3-composer>`);
    composer.commands = commands;
    await clickEditor(composer);
    await type('/');
    await waitFor(() => optionLabels(composer).length === 4, 'the commands');
    const groups = [...composer.shadowRoot!.querySelectorAll('.menu-group')].map((group) => group.textContent);
    expect(groups).to.deep.equal(['Custom commands', 'Skills', 'System commands']);
    expect(optionLabels(composer)).to.deep.equal(['/deploy', '/review', '/help', '/theme']);
    expect(composer.shadowRoot!.querySelector('.option-hint')!.textContent).to.equal('<path>');
  });

  it('takes its accessible name and group headings from locale', async () => {
    const composer = await composerFixture(html`<t3-composer label="m"></t3-composer>`);
    composer.commands = commands;
    composer.locale = { commandsMenu: 'Befehle', commandsCustom: 'Eigene', commandsSkill: 'Fähigkeiten' };
    await clickEditor(composer);
    await type('/');
    await waitFor(() => optionLabels(composer).length === 4, 'the commands');
    const listbox = composer.shadowRoot!.querySelector('[role="listbox"]')!;
    expect(listbox.getAttribute('aria-label')).to.equal('Befehle');
    const groups = [...composer.shadowRoot!.querySelectorAll('.menu-group')].map((group) => group.textContent);
    expect(groups).to.deep.equal(['Eigene', 'Fähigkeiten', 'System commands']);
  });

  it('does not open for a slash later in the draft', async () => {
    const composer = await composerFixture();
    composer.commands = commands;
    await clickEditor(composer);
    await type('a /he');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(menu(composer)).to.be.null;
  });

  it('a picked command with a subcommand yields a command annotation on submit', async () => {
    const composer = await composerFixture();
    composer.commands = commands;
    const submitted = submissions(composer);
    await clickEditor(composer);
    await type('/th');
    await waitFor(() => optionLabels(composer).length === 1, 'the command');
    await press('Enter');
    await waitFor(() => optionLabels(composer).length === 2, 'the subcommands');
    expect(optionLabels(composer)).to.deep.equal(['light', 'dark']);
    await press('ArrowDown');
    await press('Enter');
    // Subcommands are one level deep: after the pick the menu stays closed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(menu(composer)).to.be.null;
    await type('please');
    expect(menu(composer)).to.be.null;
    await press('Enter');
    const [detail] = submitted;
    expect(detail.text).to.equal('/theme dark please');
    expect(detail.inputAnnotations[0]).to.deep.equal({
      type: 'command',
      start: 0,
      end: 6,
      text: '/theme',
      command: {
        name: 'theme',
        description: 'Change theme',
        subcommands: ['light', 'dark'],
        displayCategory: 'system',
      },
      subcommandPath: ['dark'],
    });
  });

  it('closes the subcommand menu when what is typed matches none, so Enter sends', async () => {
    const composer = await composerFixture();
    composer.commands = commands;
    const submitted = submissions(composer);
    await clickEditor(composer);
    await type('/th');
    await waitFor(() => optionLabels(composer).length === 1, 'the command');
    await press('Enter');
    await waitFor(() => optionLabels(composer).length === 2, 'the subcommands');
    await type('da');
    expect(optionLabels(composer)).to.deep.equal(['dark']);
    await type('x');
    expect(menu(composer)).to.be.null;
    await press('Enter');
    expect(submitted.map((detail) => detail.text)).to.deep.equal(['/theme dax']);
  });

  it('a command typed but not picked yields no annotation', async () => {
    const composer = await composerFixture();
    composer.commands = commands;
    const submitted = submissions(composer);
    await clickEditor(composer);
    await type('/help');
    await press('Escape');
    await type(' me');
    await press('Enter');
    expect(submitted[0].text).to.equal('/help me');
    expect(submitted[0].inputAnnotations).to.deep.equal([]);
  });

  it('mentions and files combine with a command in one submission', async () => {
    const composer = await composerFixture();
    composer.commands = commands;
    composer.providers = [files];
    const submitted = submissions(composer);
    await clickEditor(composer);
    await type('/rev');
    await waitFor(() => optionLabels(composer).length === 1, 'the command');
    await press('Enter');
    await type('@index');
    await waitFor(() => optionLabels(composer).length === 1, 'the file');
    await press('Enter');
    composer.insertContext(file);
    await press('Enter');
    const [detail] = submitted;
    expect(detail.inputAnnotations.map((annotation) => annotation.type)).to.deep.equal([
      'command',
      'reference',
      'reference',
    ]);
    for (const annotation of detail.inputAnnotations) {
      expect(detail.prompt.slice(annotation.start, annotation.end)).to.equal(annotation.text);
    }
  });
});
