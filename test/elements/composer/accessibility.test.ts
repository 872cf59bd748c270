import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { CommandInfo, ContextRecord, ReviewCommentContextRecord } from '../../../src/core/index.js';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import type { MentionProvider } from '../../../src/elements/composer/menu/providers.js';
import {
  dataset,
  file,
  image,
  link,
  mention,
  openPullRequestComment,
  pullRequestComment,
  skill,
  terminal,
} from '../../../support/records.js';
import { expectNoAxeViolations, LOOKS, resetLook, showLook } from '../support/axe.js';
import { part } from '../support/interaction.js';
import { centre, chips, clickEditor, content, press, type, waitFor } from './support.js';

function pullRequestIn(state: 'open' | 'closed', isDraft = false): ReviewCommentContextRecord {
  return {
    ...pullRequestComment,
    contextId: `pr_${state}${isDraft ? '_draft' : ''}`,
    label: `PR ${state}`,
    pullRequest: { ...pullRequestComment.pullRequest!, state, isDraft },
  };
}

/** Every chip look: each kind, pull requests in every tone, and (below) an unresolved link. */
const draftRecords: ContextRecord[] = [
  terminal,
  file,
  image,
  mention,
  skill,
  dataset,
  pullRequestComment,
  openPullRequestComment,
  pullRequestIn('closed'),
  pullRequestIn('open', true),
];
const draftText = `Look at ${draftRecords.map((record) => link(record)).join(', ')} and ${link({
  ...file,
  contextId: 'file_gone',
  label: 'gone.pdf',
})} please`;

/** Two providers, one with a description per item; `many` answers with more items than the menu shows. */
function providers(many = false): MentionProvider[] {
  const count = many ? 60 : 3;
  return [
    {
      id: 'files',
      label: 'Files',
      order: 1,
      search: (query) =>
        Array.from({ length: count }, (_, n) => ({
          id: `f${n}`,
          label: `src/file-${n}.ts`,
          description: 'a source file',
          record: { ...mention, contextId: `m_${n}`, label: `@src/file-${n}.ts`, path: `src/file-${n}.ts` },
        })).filter((item) => item.label.includes(query)),
    },
    {
      id: 'datasets',
      label: 'Datasets',
      order: 2,
      search: (query) =>
        [{ id: 'users', label: 'users', tag: { kind: 'dataset', label: 'Dataset', value: 'users' } }].filter((item) =>
          item.label.includes(query),
        ),
    },
  ];
}

const commands: CommandInfo[] = [
  { name: 'help', description: 'Show help', source: 'builtin-command' },
  { name: 'review', description: 'Review code', source: 'skill', argumentHint: '<path>' },
  { name: 'theme', description: 'Change theme', subcommands: ['light', 'dark'], displayCategory: 'system' },
];

/** A page as a host has it: the composer in a main landmark, with a heading. */
async function page(): Promise<{ root: HTMLElement; composer: T3Composer }> {
  const root = await fixture<HTMLElement>(html`<main>
    <h1>Chat</h1>
    <t3-composer label="Message" placeholder="Ask anything"></t3-composer>
  </main>`);
  const composer = root.querySelector<T3Composer>('t3-composer')!;
  composer.providers = providers();
  composer.commands = commands;
  await composer.updateComplete;
  return { root, composer };
}

function menu(composer: T3Composer): HTMLElement | null {
  return part(composer, 'menu');
}

async function menuShown(composer: T3Composer, what: string, options = true): Promise<void> {
  await waitFor(
    () =>
      !!menu(composer)?.matches(':popover-open') &&
      (!options || menu(composer)!.querySelectorAll('[role="option"]').length > 0),
    what,
  );
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

async function withDraft(composer: T3Composer): Promise<void> {
  composer.value = { text: draftText, records: draftRecords };
  await composer.updateComplete;
  await waitFor(() => chips(composer).length === draftRecords.length + 1, 'the chips');
}

const states: { name: string; reach(composer: T3Composer): Promise<void> }[] = [
  { name: 'empty', reach: async () => {} },
  { name: 'draft with chips', reach: withDraft },
  {
    name: '@ menu open',
    reach: async (composer) => {
      await withDraft(composer);
      await clickEditor(composer);
      await type(' @');
      await menuShown(composer, 'the @ menu');
    },
  },
  {
    name: '@ menu with no results',
    reach: async (composer) => {
      await clickEditor(composer);
      await type('@zzzz');
      await waitFor(() => menu(composer)?.getAttribute('role') === 'status', 'the empty menu');
      await menuShown(composer, 'the empty menu shown', false);
    },
  },
  {
    name: '/ menu open',
    reach: async (composer) => {
      await clickEditor(composer);
      await type('/');
      await menuShown(composer, 'the / menu');
      await press('ArrowDown');
    },
  },
  {
    name: 'chip details open',
    reach: async (composer) => {
      await withDraft(composer);
      const chip = chips(composer).find((candidate) => candidate.kind === 'terminal')!;
      await sendMouse({ type: 'move', position: centre(part(chip, 'base')!) });
      await waitFor(() => !!part(chip, 'details')?.matches(':popover-open'), 'the chip details');
    },
  },
  {
    name: 'menu with 50 options, scrolled',
    reach: async (composer) => {
      composer.providers = providers(true);
      await clickEditor(composer);
      await type('@');
      await menuShown(composer, 'the long menu');
      const list = menu(composer)!;
      expect(list.scrollHeight, 'the menu scrolls').to.be.greaterThan(list.clientHeight);
      await press('ArrowUp');
    },
  },
];

describe('<t3-composer> accessibility (axe)', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
    await resetLook();
  });

  for (const look of LOOKS) {
    for (const state of states) {
      it(`finds nothing: ${state.name}, ${look.scheme}, ${look.width}px wide`, async () => {
        await showLook(look);
        const { root, composer } = await page();
        await state.reach(composer);
        await expectNoAxeViolations(root, `${state.name}, ${look.scheme}, ${look.width}px`);
      });
    }
  }

  it('keeps focus in the editor while the menu is open and points at the active option', async () => {
    const { composer } = await page();
    composer.providers = providers(true);
    await clickEditor(composer);
    await type('@');
    await menuShown(composer, 'the long menu');
    const editor = content(composer);
    expect(composer.shadowRoot!.activeElement).to.equal(editor);
    expect(editor.hasAttribute('aria-expanded'), 'no aria-expanded without a combobox role').to.be.false;
    expect(editor.getAttribute('aria-controls')).to.equal(menu(composer)!.id);
    await press('ArrowUp');
    const active = composer.shadowRoot!.getElementById(editor.getAttribute('aria-activedescendant')!)!;
    expect(active.getAttribute('aria-selected')).to.equal('true');
    expect(composer.shadowRoot!.activeElement).to.equal(editor);
    // The list scrolls and is in the tab order, yet a press on it (here on a group heading, which
    // picks nothing) keeps focus in the editor.
    const list = menu(composer)!;
    const heading = [...list.querySelectorAll('.menu-group')].at(-1)!;
    heading.scrollIntoView({ block: 'nearest' });
    await sendMouse({ type: 'click', position: centre(heading) });
    expect(composer.shadowRoot!.activeElement).to.equal(editor);
    expect(list.matches(':popover-open')).to.be.true;
    // Tab in the editor picks the active option (the last, the dataset) rather than moving into the list.
    await press('Tab');
    expect(composer.shadowRoot!.activeElement).to.equal(editor);
    expect(menu(composer)).to.be.null;
    expect(chips(composer).map((chip) => chip.label)).to.deep.equal(['Dataset']);
  });
});
