import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { MentionItem } from '../../../src/elements/composer/menu/providers.js';
import { link, mention } from '../../../support/records.js';
import { centre, chips, clickEditor, composerFixture, content, press, submissions, type, waitFor } from './support.js';
import {
  files,
  slowProvider,
  failing,
  dataset,
  menu,
  optionLabels,
  activeOption,
  quietConsole,
} from './menu-fixtures.js';

describe('<t3-composer> @-mentions', () => {
  it('opens on @ at line start, queries providers, and picks the first option with Enter', async () => {
    const composer = await composerFixture();
    composer.providers = [files];
    await clickEditor(composer);
    await type('@read');
    await waitFor(() => optionLabels(composer).length === 1, 'the options');
    const editor = content(composer);
    expect(menu(composer)!.getAttribute('role')).to.equal('listbox');
    expect(editor.getAttribute('aria-controls')).to.equal(menu(composer)!.id);
    expect(editor.hasAttribute('aria-expanded'), 'a textbox has no aria-expanded').to.be.false;
    expect(activeOption(composer)).to.equal('README.md');
    expect(composer.shadowRoot!.activeElement).to.equal(editor);
    await press('Enter');
    expect(menu(composer)).to.be.null;
    expect(composer.value.text).to.equal(`${link({ ...mention, contextId: 'm_readme', label: '@README.md' })} `);
    expect(composer.value.records.map((record) => record.contextId)).to.deep.equal(['m_readme']);
    expect(chips(composer)).to.have.length(1);
  });

  it('never opens inside a word such as an e-mail address, but does after ( [ { \' "', async () => {
    const composer = await composerFixture();
    composer.providers = [files];
    await clickEditor(composer);
    await type('mail hello@read');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(menu(composer)).to.be.null;
    await type(' (@read');
    await waitFor(() => optionLabels(composer).length === 1, 'the options after (');
  });

  it('moves with the arrow keys, picks with Tab, and closes with Escape', async () => {
    const composer = await composerFixture();
    composer.providers = [files];
    await clickEditor(composer);
    await type('@');
    await waitFor(() => optionLabels(composer).length === 2, 'the options');
    await press('ArrowDown');
    expect(activeOption(composer)).to.equal('src/index.ts');
    await press('ArrowDown');
    expect(activeOption(composer)).to.equal('README.md');
    await press('ArrowUp');
    await press('Tab');
    expect(composer.value.records.map((record) => record.contextId)).to.deep.equal(['m_1']);
    await type('@');
    await waitFor(() => menu(composer) !== null, 'the menu');
    await press('Escape');
    expect(menu(composer)).to.be.null;
    await press('Enter');
    expect(composer.value.text).to.equal('');
  });

  it('picks with the mouse, keeping focus in the editor', async () => {
    const composer = await composerFixture();
    composer.providers = [files];
    await clickEditor(composer);
    await type('@');
    await waitFor(() => optionLabels(composer).length === 2, 'the options');
    const second = composer.shadowRoot!.querySelectorAll('[role="option"]')[1]!;
    await sendMouse({ type: 'click', position: centre(second) });
    expect(composer.value.records.map((record) => record.contextId)).to.deep.equal(['m_1']);
    await type('x');
    expect(composer.value.text.endsWith(' x')).to.be.true;
  });

  it('shows a slow provider as loading and a failing one as an error, without breaking the others', async () => {
    await quietConsole(async () => {
      const composer = await composerFixture();
      composer.providers = [files, slowProvider(300, [dataset]), failing];
      await clickEditor(composer);
      await type('@');
      await waitFor(() => optionLabels(composer).length === 2, 'the fast results');
      const statuses = () =>
        [...composer.shadowRoot!.querySelectorAll('.menu-status')].map((status) => status.textContent);
      expect(statuses()).to.include('Loading…');
      expect(statuses()).to.include('Could not load results');
      await waitFor(() => optionLabels(composer).length === 3, 'the slow results');
      const groups = [...composer.shadowRoot!.querySelectorAll('.menu-group')].map((group) => group.textContent);
      expect(groups).to.deep.equal(['Files', 'Datasets', 'Broken']);
    });
  });

  it('aborts stale queries and only searches the latest one after a short debounce', async () => {
    const queries: string[] = [];
    const composer = await composerFixture();
    composer.providers = [slowProvider(50, [dataset], queries)];
    await clickEditor(composer);
    await type('@user');
    await waitFor(() => optionLabels(composer).length === 1, 'the results');
    expect(queries[queries.length - 1]).to.equal('user');
    expect(queries.length).to.be.lessThan(5);
  });

  it('shows an empty state; Enter then closes it without sending what was meant as a mention, and the next Enter sends', async () => {
    const composer = await composerFixture();
    composer.providers = [files];
    const submitted = submissions(composer);
    await clickEditor(composer);
    await type('@zzz');
    await waitFor(
      () => composer.shadowRoot!.querySelector('.menu-status')?.textContent === 'No results',
      'the empty state',
    );
    await press('Enter');
    expect(submitted, 'the first Enter only closes the menu').to.deep.equal([]);
    expect(menu(composer)).to.equal(null);
    expect(composer.value.text).to.equal('@zzz');
    await press('Enter');
    expect(submitted.map((detail) => detail.text)).to.deep.equal(['@zzz']);
  });

  it('a query written as a chip is written out (`kind:value`) finds the host’s item', async () => {
    const composer = await composerFixture();
    // As a host filters: by the item's name only, knowing nothing of `dataset:`.
    composer.providers = [
      {
        id: 'datasets',
        label: 'Datasets',
        search: (query) =>
          ['users', 'orders']
            .filter((name) => name.includes(query.toLowerCase()))
            .map((name) => ({
              id: name,
              label: name,
              tag: { kind: 'dataset', label: 'Dataset', value: name, serialized: `@dataset:${name}` },
            })),
      },
      files,
    ];
    const submitted = submissions(composer);
    await clickEditor(composer);
    await type('see @dataset:us');
    await waitFor(() => optionLabels(composer).length === 1, 'the dataset found by its written-out form');
    expect(optionLabels(composer)).to.deep.equal(['users']);
    await press('Enter');
    expect(submitted).to.deep.equal([]);
    expect(chips(composer).map((chip) => chip.kind)).to.deep.equal(['dataset']);
    // The kind's label reads the same way, case aside; an item of another kind is not found so.
    await type('@Dataset:ord');
    await waitFor(() => optionLabels(composer).length === 1, 'the dataset found by its label');
    expect(optionLabels(composer)).to.deep.equal(['orders']);
    await press('Escape');
    await type(' @dataset:read');
    await waitFor(
      () => composer.shadowRoot!.querySelector('.menu-status')?.textContent === 'No results',
      'no file matched as a dataset',
    );
  });

  it('inserts a host-kind chip from a tag, with its serialized form in the prompt', async () => {
    const composer = await composerFixture();
    composer.providers = [slowProvider(0, [dataset])];
    const submitted = submissions(composer);
    await clickEditor(composer);
    await type('use @us');
    await waitFor(() => optionLabels(composer).length === 1, 'the option');
    await press('Enter');
    const [chip] = chips(composer);
    expect(chip.kind).to.equal('dataset');
    expect(chip.shadowRoot!.querySelector('[part~="value"]')!.textContent).to.equal('users');
    await press('Enter');
    const [detail] = submitted;
    expect(detail.prompt).to.equal('use @Dataset');
    expect(detail.context!.records[0]).to.deep.include({
      kind: 'dataset',
      contextId: 'dataset_users',
      label: 'Dataset',
    });
    expect(detail.inputAnnotations[0]).to.deep.include({ start: 4, end: 12, text: '@Dataset' });
  });

  it('inserts plain text for an item without record or tag', async () => {
    const composer = await composerFixture();
    composer.providers = [{ id: 'people', label: 'People', search: () => [{ id: 'alice', label: 'Alice Smith' }] }];
    await clickEditor(composer);
    await type('hi @al');
    await waitFor(() => optionLabels(composer).length === 1, 'the option');
    await press('Enter');
    expect(composer.value.text).to.equal('hi @Alice\\ Smith ');
    expect(chips(composer)).to.have.length(0);
  });

  it('ignores a duplicate provider id with one warning', async () => {
    const warnings: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      const composer = await composerFixture();
      composer.providers = [files, { ...files, label: 'Again' }];
      await clickEditor(composer);
      await type('@');
      await waitFor(() => optionLabels(composer).length === 2, 'the options');
      await type('rea');
      await waitFor(() => optionLabels(composer).length === 1, 'the filtered options');
      expect(warnings.filter((args) => String(args[0]).includes('duplicate'))).to.have.length(1);
    } finally {
      console.warn = original;
    }
  });

  it('shows at most 50 items', async () => {
    const many: MentionItem[] = Array.from({ length: 80 }, (_, index) => ({
      id: `f${index}`,
      label: `file-${index}.ts`,
    }));
    const composer = await composerFixture();
    composer.providers = [{ id: 'many', label: 'Many', search: () => many }];
    await clickEditor(composer);
    await type('@');
    await waitFor(() => optionLabels(composer).length > 0, 'the options');
    expect(optionLabels(composer)).to.have.length(50);
  });

  it('shares the 50 places among the providers, so one with many results leaves room for the others', async () => {
    const items = (prefix: string, count: number): MentionItem[] =>
      Array.from({ length: count }, (_, index) => ({ id: `${prefix}${index}`, label: `${prefix}-${index}` }));
    const composer = await composerFixture();
    composer.providers = [
      { id: 'files', label: 'Files', order: 1, search: () => items('file', 80) },
      { id: 'docs', label: 'Docs', order: 2, search: () => items('doc', 3) },
      { id: 'tables', label: 'Tables', order: 3, search: () => items('table', 40) },
    ];
    await clickEditor(composer);
    await type('@');
    await waitFor(() => optionLabels(composer).length === 50, 'the options');
    const labels = optionLabels(composer);
    const count = (prefix: string) => labels.filter((label) => label.startsWith(`${prefix}-`)).length;
    expect([count('file'), count('doc'), count('table')]).to.deep.equal([24, 3, 23]);
    expect(labels.slice(0, 2)).to.deep.equal(['file-0', 'file-1']);
    await press('ArrowUp');
    expect(activeOption(composer)).to.equal('table-22');
  });
});
